"""The app's copy of a linked game, made to match what the link session holds.

The session's moves are the ones both devices agreed on, so they win; the
journal of the game (where the session stores every change) gives the rest
of the record: the players' names, the date, the port and role.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from device.link.game import Role
from device.link.interface import LinkSession, RecordedLinkSession
from device.play.game import Game, GameSetup, Mode
from engine.notation import IllegalMoveError, NotationError, format_move, parse_move
from engine.pieces import RED
from engine.rules import Rules

PORT_TAG, ROLE_TAG = "LinkPort", "LinkRole"
"""Record tags naming the port and role of a linked game (Continue reopens them)."""


def role_of(game: Game) -> Role:
    """This device's role in a linked game, as its record names it (host unless guest)."""
    return Role.GUEST if game.record.tags.get(ROLE_TAG) == Role.GUEST else Role.HOST


class LinkGameMismatch(ValueError):
    """The session's moves cannot be played on the app's board (a bug, or a damaged save)."""


def session_moves(session: LinkSession, saved: Game | None) -> list[str]:
    """The moves of the game the session is playing, in RULES.md notation."""
    if isinstance(session, RecordedLinkSession) and session.game is not None:
        return list(session.game.moves)
    if saved is not None and same_game(saved, session):
        return [format_move(move) for move in saved.record.moves]
    return []


def linked_game(
    session: LinkSession,
    saved: Game | None,
    names: tuple[str, str],
    date: str,
    port: str,
    role: Role,
) -> Game:
    """The app's Game for ``session``: the saved one's header if it is the same game."""
    moves = session_moves(session, saved)
    colour = session.local_colour
    if saved is not None and same_game(saved, session):
        setup = GameSetup(mode=Mode.LINK, human_colour=colour)
        game = Game(replace(saved.record, moves=[], tags=dict(saved.record.tags)), setup)
        game.record.tags |= {PORT_TAG: port, ROLE_TAG: role}
    else:
        game = new_linked_game(session.seed, colour, names, date, port, role, session.rules)
    replay(game, moves)
    return game


def same_game(saved: Game, session: LinkSession) -> bool:
    """Whether ``saved`` is the game the session plays: drawn from its seed, under its rules."""
    return saved.record.seed == session.seed and saved.record.rules == session.rules


def new_linked_game(
    seed: int,
    colour: int,
    names: tuple[str, str],
    date: str,
    port: str,
    role: Role,
    rules: Rules,
) -> Game:
    """A linked game before its first move (``names``: this device's player, then the peer)."""
    mine, theirs = names
    ordered = (mine, theirs) if colour == RED else (theirs, mine)
    setup = GameSetup(mode=Mode.LINK, human_colour=colour)
    game = Game.new(seed, setup, ordered, date, rules)
    game.record.tags |= {PORT_TAG: port, ROLE_TAG: role}
    return game


def replay(game: Game, moves: Sequence[str]) -> None:
    for ply, text in enumerate(moves, 1):
        try:
            game.play(parse_move(game.position, text))
        except (NotationError, IllegalMoveError, ValueError) as error:
            raise LinkGameMismatch(f"ply {ply} ({text}): {error}") from None
