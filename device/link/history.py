"""The linked game both devices agree on, its move history and its hashes.

``device.link.game.LinkGame`` is everything a device must keep to resume a linked
game after a crash or a reboot: the session hands it to a save hook before
it acknowledges or sends any move.
"""

import hashlib

from device.link.game import LinkGame
from engine.notation import IllegalMoveError, NotationError, format_move, parse_move
from engine.position import Position
from engine.rules import Rules
from engine.start import starting_position


class LinkGameError(ValueError):
    """A saved linked game that cannot be restored (a move does not replay)."""


class IllegalPly(ValueError):
    """A move that cannot be the next ply of the linked game."""


def chain_start(game_id: int, seed: int, rules: Rules) -> int:
    """The history hash before the first ply: it covers the game's rules, id and seed."""
    return _hash64(f"satellites-link rules {rules.id} game {game_id} seed {seed}".encode())


def chain_next(previous: int, move_text: str) -> int:
    """The history hash after one more ply: each hash covers every ply before it."""
    return _hash64(previous.to_bytes(8, "little") + move_text.encode("ascii"))


def _hash64(data: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


class History:
    """A LinkGame replayed with the engine: position, and hashes at every ply."""

    def __init__(self, game: LinkGame) -> None:
        self.game = game
        self.position: Position = starting_position(game.seed, game.rules)
        self.chains = [chain_start(game.game_id, game.seed, game.rules)]
        self.keys = [self.position.key()]
        moves, game.moves = game.moves, []
        for ply, text in enumerate(moves, 1):
            try:
                self.append(text, self.parse(text))
            except IllegalPly as error:
                raise LinkGameError(f"ply {ply} of the saved link game: {error}") from None

    @property
    def plies(self) -> int:
        return len(self.game.moves)

    def parse(self, text: str) -> int:
        """The next ply written as ``text``; IllegalPly if it cannot be."""
        try:
            move = parse_move(self.position, text)
        except (NotationError, IllegalMoveError) as error:
            raise IllegalPly(str(error)) from None
        if format_move(move) != text:
            raise IllegalPly(f"{text} is not written the standard way ({format_move(move)})")
        return move

    def chain_after(self, text: str) -> int:
        """The history hash once ``text`` is the next ply."""
        return chain_next(self.chains[-1], text)

    def append(self, text: str, move: int) -> None:
        """Play ``move``, which ``parse`` read from ``text``."""
        self.position.make(move)
        self.game.moves.append(text)
        self.chains.append(self.chain_after(text))
        self.keys.append(self.position.key())
