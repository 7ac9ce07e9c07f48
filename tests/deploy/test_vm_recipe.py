"""The virtual card's recipe: its cache key follows the recipe files, and only them."""

import threading
from pathlib import Path

import pytest

from deploy.vm.cachelock import building
from deploy.vm.image import host_mirror, partition_table
from deploy.vm.recipe import (
    GUEST_DIR,
    TRIXIE_GUEST_DIR,
    VM_DIR,
    CachedImage,
    Suite,
    cached_image,
    guest_dirs,
    needs_build,
    packages,
    recipe_files,
    recipe_key,
)


@pytest.fixture
def recipe(tmp_path: Path) -> list[Path]:
    (tmp_path / "guest/etc").mkdir(parents=True)
    files = [tmp_path / "recipe.py", tmp_path / "guest/etc/fstab"]
    files[0].write_text("PACKAGES = ('systemd',)\n")
    files[1].write_text("LABEL=rootfs / ext4 defaults 0 1\n")
    return files


def test_the_key_changes_when_a_recipe_file_changes(recipe: list[Path], tmp_path: Path) -> None:
    before = recipe_key(Suite.BOOKWORM, recipe, tmp_path)
    assert recipe_key(Suite.BOOKWORM, recipe, tmp_path) == before
    recipe[1].write_text("LABEL=rootfs / ext4 defaults,noatime 0 1\n")
    assert recipe_key(Suite.BOOKWORM, recipe, tmp_path) != before


def test_the_key_depends_on_the_suite_and_on_file_names(recipe: list[Path], tmp_path: Path) -> None:
    bookworm = recipe_key(Suite.BOOKWORM, recipe, tmp_path)
    assert recipe_key(Suite.TRIXIE, recipe, tmp_path) != bookworm
    renamed = tmp_path / "guest/etc/fstab.d"
    recipe[1].rename(renamed)
    assert recipe_key(Suite.BOOKWORM, [recipe[0], renamed], tmp_path) != bookworm


def test_the_recipe_is_this_package_and_every_guest_file() -> None:
    files = recipe_files()
    assert VM_DIR / "recipe.py" in files and VM_DIR / "image.py" in files
    assert GUEST_DIR / "etc/fstab" in files
    assert VM_DIR / "firstboot.py" not in files, "the test harness is not part of the image"


def test_a_cached_image_is_used_only_when_complete(tmp_path: Path) -> None:
    image = cached_image(Suite.BOOKWORM, tmp_path)
    assert image.folder.parent == tmp_path and image.folder.name.startswith("bookworm-")
    assert needs_build(image)
    image.folder.mkdir()
    for path in (image.card, image.kernel, image.initrd):
        path.write_bytes(b"x")
    assert needs_build(image), "no stamp: an interrupted build is built again"
    image.stamp.write_text("built\n")
    assert not needs_build(image)
    assert needs_build(image, force=True)


def test_the_cache_lives_outside_the_tree(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SATELLITES_VM_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cached_image(Suite.TRIXIE).folder.parent == tmp_path / "satellites-pi-vm"
    monkeypatch.setenv("SATELLITES_VM_CACHE", str(tmp_path / "elsewhere"))
    assert CachedImage(tmp_path).card == tmp_path / "card.img"
    assert cached_image(Suite.TRIXIE).folder.parent == tmp_path / "elsewhere"


def test_partitions_start_on_whole_mebibytes_from_4_mib() -> None:
    mib = 1024 * 1024
    script, total = partition_table([(128 * mib, "c"), (900 * mib + 1, "83"), (64 * mib, "83")])
    assert script.splitlines() == [
        "label: dos",
        "start=8192, size=262144, type=c",
        "start=270336, size=1845248, type=83",
        "start=2115584, size=131072, type=83",
    ]
    assert total == (4 + 128 + 901 + 64) * mib


def test_the_mirror_is_the_one_the_hosts_apt_uses(tmp_path: Path) -> None:
    (tmp_path / "sources.list.d").mkdir()
    (tmp_path / "sources.list.d/debian.sources").write_text(
        "Types: deb\nURIs: http://mirror.example/debian\nSuites: bookworm\n\n"
        "Types: deb\nURIs: http://mirror.example/debian-security\nSuites: bookworm-security\n"
    )
    assert host_mirror(tmp_path) == "http://mirror.example/debian"
    (tmp_path / "sources.list.d/debian.sources").unlink()
    (tmp_path / "sources.list").write_text(
        "deb [arch=amd64] http://other.example/debian bookworm main\n"
    )
    assert host_mirror(tmp_path) == "http://other.example/debian"


def test_the_trixie_card_has_what_raspberry_pi_os_trixie_adds_and_bookworms_does_not() -> None:
    trixie, bookworm = packages(Suite.TRIXIE), packages(Suite.BOOKWORM)
    assert {"systemd-zram-generator", "cloud-init"} <= set(trixie)
    assert not {"systemd-zram-generator", "cloud-init"} & set(bookworm)
    assert {"polkitd", "network-manager", "openssh-server"} <= set(bookworm), "both Lites"
    assert guest_dirs(Suite.BOOKWORM) == [GUEST_DIR]
    assert guest_dirs(Suite.TRIXIE) == [GUEST_DIR, TRIXIE_GUEST_DIR]
    assert TRIXIE_GUEST_DIR / "boot/firmware/user-data" in recipe_files()


def test_a_second_build_of_the_same_folder_waits_for_the_first(tmp_path: Path) -> None:
    folder = tmp_path / "trixie-0123"
    first_inside, second_inside = threading.Event(), threading.Event()
    release = threading.Event()

    def first() -> None:
        with building(folder):
            first_inside.set()
            release.wait(10)

    def second() -> None:
        with building(folder):
            second_inside.set()

    one = threading.Thread(target=first)
    one.start()
    assert first_inside.wait(10)
    two = threading.Thread(target=second)
    two.start()
    assert not second_inside.wait(0.5), "the second build started while the first ran"
    release.set()
    assert second_inside.wait(10), "the second build never started"
    one.join()
    two.join()
