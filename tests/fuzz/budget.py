"""How many cases each fuzz test runs: few by default, many in the long (nightly) mode.

The long mode is ``pytest tests/fuzz --long`` or ``SATELLITES_FUZZ=long``.
"""

import os

from hypothesis import HealthCheck, settings

LONG_FACTOR = 100


def is_long() -> bool:
    return os.environ.get("SATELLITES_FUZZ") == "long"


def cases(per_run: int, long_run: int | None = None) -> settings:
    """Hypothesis settings for ``per_run`` cases; in the long mode ``long_run``, or
    ``per_run`` times LONG_FACTOR."""
    return settings(
        max_examples=(long_run or per_run * LONG_FACTOR) if is_long() else per_run,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
