"""Groups, colonies and the final score (RULES.md sections 3 and 7)."""

from dataclasses import dataclass

from engine.geometry import CELLS, NO_CELL, Cell
from engine.pieces import BLUE, NOBODY, RED, Colour, colour_of, value_of
from engine.position import COLONY_SIZE, ENDED_BLOCKADE, MAX_GROUP, Position


@dataclass(frozen=True)
class Group:
    """A connected group: a pair (2 satellites) or a colony (3 or more)."""

    cells: tuple[Cell, ...]
    red_sum: int
    blue_sum: int

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def total(self) -> int:
        return self.red_sum + self.blue_sum

    @property
    def is_colony(self) -> bool:
        return self.size >= COLONY_SIZE

    @property
    def is_crowned(self) -> bool:
        return self.size == MAX_GROUP

    @property
    def controller(self) -> Colour:
        """RED or BLUE for the strictly greater own sum, NOBODY when disputed.

        Pairs are never controlled: they score for nobody.
        """
        if not self.is_colony or self.red_sum == self.blue_sum:
            return NOBODY
        return RED if self.red_sum > self.blue_sum else BLUE


@dataclass(frozen=True)
class Score:
    """The full scoring breakdown of a position (final or 'if it ended now')."""

    colonies: tuple[Group, ...]
    counts: tuple[int, int]
    """Colonies controlled by Red and by Blue."""
    controlled_totals: tuple[tuple[int, ...], tuple[int, ...]]
    """Totals of each player's controlled colonies, lowest first."""
    winner: Colour
    """RED, BLUE or NOBODY for a draw."""
    tiebreak_step: int
    """0 when the colony count decided; k when the k-th lowest totals decided
    (1 = the lowest); -1 for a draw."""

    @property
    def decided_by_tiebreak(self) -> bool:
        return self.tiebreak_step > 0


def groups(position: Position) -> list[Group]:
    """Every group on the board, ordered by its lowest cell."""
    members: dict[Cell, list[Cell]] = {}
    for cell in range(CELLS):
        anchor = position.group_of[cell]
        if anchor != NO_CELL:
            members.setdefault(anchor, []).append(cell)
    found = []
    for cells in members.values():
        sums = [0, 0]
        for cell in cells:
            code = position.board[cell]
            sums[colour_of(code)] += value_of(code)
        found.append(Group(tuple(cells), sums[RED], sums[BLUE]))
    found.sort(key=lambda g: g.cells[0])
    return found


def score(position: Position) -> Score:
    colonies = tuple(g for g in groups(position) if g.is_colony)
    totals = (
        tuple(sorted(g.total for g in colonies if g.controller == RED)),
        tuple(sorted(g.total for g in colonies if g.controller == BLUE)),
    )
    counts = (len(totals[RED]), len(totals[BLUE]))
    if counts[RED] != counts[BLUE]:
        winner = RED if counts[RED] > counts[BLUE] else BLUE
        return Score(colonies, counts, totals, winner, 0)
    for step, (red_total, blue_total) in enumerate(zip(*totals, strict=True), start=1):
        if red_total != blue_total:
            winner = RED if red_total < blue_total else BLUE
            return Score(colonies, counts, totals, winner, step)
    return Score(colonies, counts, totals, NOBODY, -1)


def game_winner(position: Position) -> Colour:
    """The winner of a finished game: the score's, except that the blockade
    variant's end (``Rules.blockade_plies``) is a draw."""
    if position.rules.blockade_plies and position.quick_end_reason() == ENDED_BLOCKADE:
        return NOBODY
    return score(position).winner
