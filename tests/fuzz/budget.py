"""How many cases each fuzz test runs: few by default, many in the long (nightly) mode.

The long mode is ``pytest tests/fuzz --long`` or ``SATELLITES_FUZZ=long``.
"""

import os

from hypothesis import HealthCheck, settings

LONG_FACTOR = 100


def is_long() -> bool:
    return os.environ.get("SATELLITES_FUZZ") == "long"


def cases(per_run: int) -> settings:
    """Hypothesis settings for ``per_run`` cases (times LONG_FACTOR in the long mode)."""
    return settings(
        max_examples=per_run * LONG_FACTOR if is_long() else per_run,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
