"""A link session for tests: the other device, as the test tells it to act."""

from __future__ import annotations

from device.link.events import LinkState, LinkStateName, PeerMove, StateChanged
from engine.rules import STANDARD, Rules


class FakeSession:
    """A linked session that records what the app does with it."""

    def __init__(
        self,
        colour: int = 0,
        seed: int = 5,
        moves: tuple[str, ...] = (),
        rules: Rules = STANDARD,
    ) -> None:
        self.colour = colour
        self.the_seed = seed
        self.the_rules = rules
        self.held = list(moves)
        self.sent: list[tuple[int, str]] = []
        self.incoming: list[PeerMove | StateChanged] = []
        self.polls = 0
        self.closed = False

    @property
    def state(self) -> LinkState:
        return LinkState(LinkStateName.LINKED)

    @property
    def local_colour(self) -> int:
        return self.colour

    @property
    def seed(self) -> int:
        return self.the_seed

    @property
    def rules(self) -> Rules:
        return self.the_rules

    @property
    def game(self) -> FakeSession:
        return self

    @property
    def moves(self) -> list[str]:
        return self.held

    def send_move(self, ply: int, move_text: str) -> None:
        self.sent.append((ply, move_text))
        self.held.append(move_text)

    def poll(self) -> list[PeerMove | StateChanged]:
        self.polls += 1
        events, self.incoming = self.incoming, []
        return events

    def close(self) -> None:
        self.closed = True
