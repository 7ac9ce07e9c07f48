"""How much slower the virtual Zero 2 W runs Python than this host, and what the
guest's start times make on a real Zero 2 W.

**The VM's slowdown.** The same pure-Python work (``sample.bench``) runs several
times in the guest and on the host just before the measured boot and again after
it, the host's runs beside the guest's so that both see the same load. Each guest
run against the median of the host's runs of the same moment is one slowdown;
the report keeps every run, the median slowdown and its spread, so a calibration
disturbed by other work on the host shows as a wide spread instead of one
misleading figure.

**A Zero 2 W.** Emulated seconds over the slowdown are seconds of this host's
CPU; a Zero 2 W's Cortex-A53 at 1 GHz takes ``ZERO2W_VS_HOST`` times longer, a
ratio from public benchmarks (docs/pi-vm.md names them and how they were
measured here). The estimate is a bracket: of the calibration's runs just before
and after the measured start, the fastest slowdown with the low ratio, the slowest
with the high one.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

RUNS = 3
"""Runs of the benchmark on each side at each moment."""

ZERO2W_VS_HOST = (12.2, 27.7)
"""How many times longer a Cortex-A53 at 1 GHz (a Zero 2 W's core) takes than one core
of the development machine (an Intel Xeon with AVX-512 and AMX, 2.6 GHz, under KVM) on
the same pure-Python benchmark: a public one whose published results include Cortex-A53
boards, run here the same way (docs/pi-vm.md, "Start on a Zero 2 W")."""


@dataclass(frozen=True)
class Moment:
    """The benchmark's runs at one moment of the test, in the guest and on the host."""

    name: str
    guest_s: tuple[float, ...]
    host_s: tuple[float, ...]

    def slowdowns(self) -> list[float]:
        host = statistics.median(self.host_s)
        return [guest / host for guest in self.guest_s]


def measure(name: str, guest: Callable[[], float], host: Callable[[], float]) -> Moment:
    """``RUNS`` runs on each side, alternating, so that both see the same load."""
    guest_s: list[float] = []
    host_s: list[float] = []
    for _ in range(RUNS):
        guest_s.append(round(guest(), 3))
        host_s.append(round(host(), 4))
    return Moment(name, tuple(guest_s), tuple(host_s))


def vm_speed(moments: Sequence[Moment]) -> dict[str, object]:
    """The report's calibration: every run, the median slowdown and its spread."""
    slowdowns = [slowdown for moment in moments for slowdown in moment.slowdowns()]
    if not slowdowns:
        return {}
    return {
        "runs": {
            moment.name: {"guest_s": list(moment.guest_s), "host_s": list(moment.host_s)}
            for moment in moments
        },
        "slowdown": round(statistics.median(slowdowns), 1),
        "slowdown_min": round(min(slowdowns), 1),
        "slowdown_max": round(max(slowdowns), 1),
    }


def on_zero2w(emulated_s: float, around: Sequence[Moment]) -> list[float]:
    """The bracket, in seconds on a Zero 2 W, of ``emulated_s`` seconds in the guest,
    from the slowdowns of the calibration's runs just before and after them."""
    slowdowns = [slowdown for moment in around for slowdown in moment.slowdowns()]
    if not slowdowns:
        return []
    low, high = ZERO2W_VS_HOST
    return [
        round(emulated_s / max(slowdowns) * low, 1),
        round(emulated_s / min(slowdowns) * high, 1),
    ]
