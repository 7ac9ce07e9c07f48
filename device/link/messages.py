"""The payload of each link message (the frame header carries game id and ply)."""

import struct
from dataclasses import dataclass

from device.link.events import SHARED, LinkProblem
from device.link.frames import MAX_PAYLOAD, Frame, FrameError, Kind
from device.link.game import Role

_HELLO = struct.Struct("<BBIBQ")
_HASH = struct.Struct("<Q")
_ACK = struct.Struct("<QQ")
ROLE_CODES = {Role.HOST: 0, Role.GUEST: 1}
ROLE_NAMES = {code: name for name, code in ROLE_CODES.items()}
MAX_MOVE_TEXT = 16
"""Longest move text accepted ("e10-g10:j10" is 11 characters)."""
MAX_RULES_ID = 32
"""Longest rules id a HELLO names ("standard/2" is 10 characters)."""
MAX_RULES_IDS = 6
"""Most rules ids a HELLO names (they fit its payload whatever their length)."""


@dataclass(frozen=True)
class Hello:
    """Sent at link-up: who I am, which game, how far I am, the history hash there, and
    which rules I play.

    A guest that has no game yet sends game id 0, seed 0 and colour 0, and the
    rules its player chose.  ``answer`` is set on the reply to a HELLO, which is
    never itself answered.
    """

    role: Role
    answer: bool
    seed: int
    colour: int
    chain: int
    rules: str
    """The id of the rules the game is played under (``standard/2``)."""
    also: tuple[str, ...] = ()
    """The ids of the other rules the sender can play."""

    @property
    def known(self) -> tuple[str, ...]:
        """Every rules id the sender can play."""
        return (self.rules, *self.also)


def hello_frame(game_id: int, plies: int, hello: Hello) -> Frame:
    fixed = _HELLO.pack(ROLE_CODES[hello.role], hello.answer, hello.seed, hello.colour, hello.chain)
    ids = [hello.rules, *(other for other in hello.also if other != hello.rules)]
    return Frame(Kind.HELLO, game_id, plies, fixed + " ".join(ids).encode("ascii"))


def read_hello(frame: Frame) -> Hello:
    if len(frame.payload) <= _HELLO.size:
        raise FrameError("HELLO of the wrong size")
    role, answer, seed, colour, chain = _HELLO.unpack_from(frame.payload)
    if role not in ROLE_NAMES or answer > 1 or colour > 1:
        raise FrameError("HELLO with an unknown role, answer flag or colour")
    rules, *also = _rules_ids(frame.payload[_HELLO.size :])
    return Hello(ROLE_NAMES[role], bool(answer), seed, colour, chain, rules, tuple(also))


def _rules_ids(data: bytes) -> list[str]:
    """The rules ids of a HELLO: printable ASCII words, one space apart, the game's first."""
    if not data.isascii() or not data.decode("ascii").isprintable():
        raise FrameError("HELLO rules are not printable ASCII")
    ids = data.decode("ascii").split(" ")
    if len(ids) > MAX_RULES_IDS or not all(0 < len(one) <= MAX_RULES_ID for one in ids):
        raise FrameError("HELLO rules are not a short list of ids")
    return ids


def move_frame(game_id: int, ply: int, chain: int, text: str) -> Frame:
    return Frame(Kind.MOVE, game_id, ply, _HASH.pack(chain) + text.encode("ascii"))


def read_move(frame: Frame) -> tuple[int, str]:
    """(history hash after the move, move text)."""
    text = frame.payload[_HASH.size :]
    if len(frame.payload) < _HASH.size or not 0 < len(text) <= MAX_MOVE_TEXT:
        raise FrameError("MOVE of the wrong size")
    if not text.isascii() or not text.decode("ascii").isprintable():
        raise FrameError("MOVE text is not printable ASCII")
    return _HASH.unpack_from(frame.payload)[0], text.decode("ascii")


def ack_frame(game_id: int, ply: int, state_key: int, chain: int) -> Frame:
    return Frame(Kind.ACK, game_id, ply, _ACK.pack(state_key, chain))


def read_ack(frame: Frame) -> tuple[int, int]:
    """(position key after the ply, history hash after the ply)."""
    if len(frame.payload) != _ACK.size:
        raise FrameError("ACK of the wrong size")
    key, chain = _ACK.unpack(frame.payload)
    return key, chain


def hash_frame(kind: Kind, game_id: int, plies: int, chain: int) -> Frame:
    """A RESYNC or PING: "I have ``plies`` plies, with this history hash"."""
    return Frame(kind, game_id, plies, _HASH.pack(chain))


def read_hash(frame: Frame) -> int:
    if len(frame.payload) != _HASH.size:
        raise FrameError(f"{frame.kind.name} of the wrong size")
    chain: int = _HASH.unpack(frame.payload)[0]
    return chain


def error_frame(game_id: int, plies: int, problem: LinkProblem, detail: str = "") -> Frame:
    """An ERROR: the problem's name (``DISAGREE``), then ``: `` and the detail for the log."""
    text = f"{problem.name}: {detail}" if detail else problem.name
    return Frame(Kind.ERROR, game_id, plies, text.encode("utf-8")[:MAX_PAYLOAD])


def read_error(frame: Frame) -> tuple[LinkProblem, str]:
    """(the problem, as this device tells it to its player; the whole text, for the log).

    A problem both devices see alike (``SHARED``) is told as such; any other word
    (one this version does not know) as "the other device stopped the game"."""
    text = frame.payload.decode("utf-8", errors="replace")
    name = text.partition(":")[0]
    shared = {problem.name: problem for problem in SHARED}
    return shared.get(name, LinkProblem.STOPPED_THERE), text
