"""The computer's review of a game: how the balance moved, move by move.

Every position of the game, from the start to the last, is searched with a
fixed node budget and nothing that makes the search play rather than judge
(no noise, no contempt, no hurry), so a review is a pure function of the
record: the same on every machine, however many processes share the work.
Each position gives an ``Assessment``: its value for Red, and the move the
computer would play there with the replies it expects (the line).

A player reads the balance as Red's chance of winning, in thousandths
(``Permille``): a logistic curve over the evaluation's points (1000 points
are one colony), 1000 or 0 once a result is proven, 500 for a drawn end.
From the chances come:

* what each move cost its player: their chance before it (with the best
  move) less their chance after it; nothing for the move the computer would
  have played, or for the only legal one;
* the biggest losses: the moves that cost their player most, once a move
  costs at least ``BIG_LOSS``;
* the turning point: the move after which the winner stayed clearly ahead
  (``CLEARLY_AHEAD``) to the end; where the winner was clearly ahead from the
  start, or never for good (a resignation), the move that gained them most.

The rules come with the record's start position, so a review reads every
variant as it was played.  Running it in the background is
``engine.ai.reviewer``'s; this module does no I/O and keeps no clock.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeAlias

from engine.ai.evaluation import WIN_THRESHOLD, final_value
from engine.ai.search import Limits, Search
from engine.moves import Move
from engine.pieces import BLUE, NOBODY, RED, Colour
from engine.position import Position
from engine.record import GameRecord
from engine.scoring import game_winner

Permille: TypeAlias = int
"""A chance in thousandths: 0 (Blue wins for sure) to 1000 (Red wins for sure)."""
Points: TypeAlias = int
"""The evaluation's unit: 1000 points are one colony (``engine.ai.evaluation``)."""
Ply: TypeAlias = int
"""How many moves of the game have been played (0: the start position); move
number ``ply`` leads from position ``ply - 1`` to position ``ply``."""

REVIEW_NODES: Final = 16_000
"""Nodes searched in each position: a 100-ply game in well under a minute on a
Zero 2 W (``benchmarks/review_speed.py``)."""
REVIEW_LIMITS: Final = Limits(nodes=REVIEW_NODES)
LINE_PLIES: Final = 4
"""The longest line kept for a position: the best move and three replies."""
CHANCE_SCALE: Final = 600
"""Points per step of the logistic curve: a lead of this much is a 73% chance.
Fitted to finished games (``benchmarks/review_calibration.py``): Club's games
fit best at 450, Master's at 750; players stand between the two."""
CERTAIN: Final[Permille] = 1000
EVEN: Final[Permille] = 500
CURVE_END: Final = 20.0
"""Steps of the curve beyond which every value reads the same (the likeliest)."""
LIKELIEST: Final[Permille] = 990
"""The highest chance an unproven evaluation gives: 100% means a proven result."""
BIG_LOSS: Final[Permille] = 100
"""A move that costs its player this much of their chance is worth showing."""
SHOWN_LOSSES: Final = 3
CLEARLY_AHEAD: Final[Permille] = 600


@dataclass(frozen=True)
class ReviewProgress:
    """How far a review under way has come."""

    done: int
    """Positions assessed."""
    total: int
    """Positions in the game (its moves and one)."""
    failure: str = ""
    """Why the review cannot finish ("" while it can)."""

    @property
    def finished(self) -> bool:
        return self.done == self.total

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 1.0


@dataclass(frozen=True)
class Assessment:
    """The computer's view of one position of the game."""

    value: Points
    """For Red (negative: Blue is ahead); beyond ``WIN_THRESHOLD`` a proven result."""
    line: tuple[Move, ...]
    """The move the computer would play here, then the replies it expects; empty
    where the game is over."""

    @property
    def best(self) -> Move:
        """The move the computer would play (-1 where the game is over)."""
        return self.line[0] if self.line else -1


def red_chance(value: Points) -> Permille:
    """Red's chance of winning for a value for Red: 1000 or 0 only when proven."""
    if value >= WIN_THRESHOLD:
        return CERTAIN
    if value <= -WIN_THRESHOLD:
        return 0
    if value < 0:
        return CERTAIN - red_chance(-value)
    steps = min(value / CHANCE_SCALE, CURVE_END)
    return min(LIKELIEST, round(CERTAIN / (1.0 + math.exp(-steps))))


def chance_for(colour: Colour, red: Permille) -> Permille:
    """``colour``'s chance, given Red's."""
    return red if colour == RED else CERTAIN - red


def for_red(position: Position, value: Points) -> Points:
    """A value for the player to move in ``position``, turned to Red's point of view."""
    return value if position.side == RED else -value


def assess(
    position: Position,
    limits: Limits = REVIEW_LIMITS,
    stop_when: Callable[[], bool] | None = None,
) -> Assessment:
    """Search ``position`` (left as it was); a finished game is judged exactly.
    ``stop_when`` is asked every few nodes: True stops the search early (its
    answer is then worth nothing)."""
    moves = position.legal_moves()
    if not moves:
        return Assessment(for_red(position, final_value(position, 0)), ())
    # Root moves given: even a forced move (a pass) is searched beyond, for its value.
    search = Search(position, limits, root_moves=moves)
    search.stop_when = stop_when
    result = search.run()
    line = tuple(search.principal_line(position, LINE_PLIES))
    return Assessment(for_red(position, result.value), line)


def position_at(record: GameRecord, ply: Ply) -> Position:
    """The position after ``ply`` moves of ``record``, with the game's history (the
    search knows which positions came before)."""
    position = record.start_position()
    for move in record.moves[:ply]:
        position.make(move)
    return position


def assess_ply(record: GameRecord, ply: Ply, limits: Limits = REVIEW_LIMITS) -> Assessment:
    """The assessment of the position after ``ply`` moves of ``record``."""
    return assess(position_at(record, ply), limits)


def movers_of(record: GameRecord) -> tuple[Colour, ...]:
    """Who played each move (grace moves break the alternation)."""
    position = record.start_position()
    movers: list[Colour] = []
    for move in record.moves:
        movers.append(position.side)
        position.make(move)
    return tuple(movers)


def final_winner(record: GameRecord) -> Colour:
    """The winner by the rules of a record played to its end (NOBODY: a draw, or a
    game that stops before its end)."""
    final = record.final_position()
    return game_winner(final) if final.is_over() else NOBODY


@dataclass(frozen=True)
class Review:
    """A game's assessments, one per position, and what they tell."""

    moves: tuple[Move, ...]
    movers: tuple[Colour, ...]
    """Who played each move."""
    assessments: tuple[Assessment, ...]
    """Position 0 (the start) to position ``plies`` (the last)."""
    winner: Colour
    """RED, BLUE, or NOBODY for a draw or an unfinished game (a resignation's
    winner is the player who did not resign)."""

    @property
    def plies(self) -> int:
        return len(self.moves)

    def chance(self, ply: Ply) -> Permille:
        """Red's chance in the position after ``ply`` moves."""
        return red_chance(self.assessments[ply].value)

    def chances(self) -> list[Permille]:
        """Red's chance in every position, start to end: the graph."""
        return [red_chance(assessment.value) for assessment in self.assessments]

    def best_instead(self, ply: Ply) -> Move:
        """The move the computer would have played instead of move ``ply``."""
        return self.assessments[ply - 1].best

    def loss(self, ply: Ply) -> Permille:
        """What move ``ply`` cost its player: their chance with the computer's move
        (their chance before it) less their chance after it; 0 when they played the
        computer's move, or the only move there was."""
        if self.moves[ply - 1] == self.best_instead(ply):
            return 0
        mover = self.movers[ply - 1]
        before = chance_for(mover, self.chance(ply - 1))
        after = chance_for(mover, self.chance(ply))
        return max(0, before - after)

    def gain(self, colour: Colour, ply: Ply) -> Permille:
        """How much move ``ply`` moved ``colour``'s chance up (negative: down)."""
        return chance_for(colour, self.chance(ply)) - chance_for(colour, self.chance(ply - 1))

    def biggest_losses(self) -> list[Ply]:
        """The moves that cost their player most (at least ``BIG_LOSS``), the
        costliest first, at most ``SHOWN_LOSSES``; of two as costly, the earlier."""
        costly = [ply for ply in range(1, self.plies + 1) if self.loss(ply) >= BIG_LOSS]
        costly.sort(key=lambda ply: (-self.loss(ply), ply))
        return costly[:SHOWN_LOSSES]

    def turning_point(self) -> Ply | None:
        """The move after which the winner stayed clearly ahead to the end; where
        there is none (clearly ahead from the start, or a resignation while not),
        the move that gained the winner most.  None for a draw, an unfinished game
        or a game of no moves."""
        winner = self.winner
        if winner not in (RED, BLUE) or self.plies == 0:
            return None
        ahead = [chance_for(winner, red) >= CLEARLY_AHEAD for red in self.chances()]
        if ahead[-1]:
            first_of_run = self.plies
            while first_of_run > 0 and ahead[first_of_run - 1]:
                first_of_run -= 1
            if first_of_run > 0:
                return first_of_run
        plies = range(1, self.plies + 1)
        best = max(plies, key=lambda ply: (self.gain(winner, ply), -ply))
        return best if self.gain(winner, best) > 0 else None


def review_of(
    record: GameRecord, assessments: list[Assessment], winner: Colour | None = None
) -> Review:
    """The review of ``record`` from the assessments of its positions; ``winner``
    when the record does not tell it (a resignation), else the rules'."""
    if len(assessments) != len(record.moves) + 1:
        raise ValueError(
            f"a game of {len(record.moves)} moves has {len(record.moves) + 1} positions, "
            f"not {len(assessments)}"
        )
    return Review(
        tuple(record.moves),
        movers_of(record),
        tuple(assessments),
        final_winner(record) if winner is None else winner,
    )


def review_game(
    record: GameRecord, limits: Limits = REVIEW_LIMITS, winner: Colour | None = None
) -> Review:
    """The whole review, position after position (blocking: see ``engine.ai.reviewer``)."""
    position = record.start_position()
    assessments = [assess(position, limits)]
    for move in record.moves:
        position.make(move)
        assessments.append(assess(position, limits))
    return review_of(record, assessments, winner)
