"""Text notation of RULES.md section 8: cells, moves and positions.

Parsing is strict.  Anything malformed raises ``NotationError`` whose message
names the bad part; a position is only returned once every field and every
rule it must satisfy has been checked.
"""

from engine.geometry import CELLS, FILES, NO_CELL, ORTHOGONAL, SIZE, Cell, cell_at, cell_name
from engine.moves import (
    DISPLACEMENT,
    PASS_KIND,
    Move,
    kind_of,
    landing_of,
    origin_of,
    target_of,
)
from engine.pieces import (
    BLUE,
    COLOUR_LETTERS,
    COPIES_PER_VALUE,
    RED,
    Code,
    colour_of,
    piece,
    value_of,
)
from engine.position import GRACE_MOVES, MAX_GROUP, Position
from engine.rules import COUNT_LIMIT, STANDARD, Rules
from engine.text import shown, whole_number


class NotationError(ValueError):
    """Text that is not a well-formed cell, move or position."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in the position."""


# ------------------------------------------------------------------- cells


def parse_cell(text: str) -> Cell:
    """The cell ``text`` names: a file a..j, then a rank 1..10.

    >>> parse_cell("a1"), parse_cell("j1"), parse_cell("c10")
    (0, 9, 92)
    >>> parse_cell("k1")
    Traceback (most recent call last):
    engine.notation.NotationError: 'k1' is not a cell (a file a..j and a rank 1..10, like c10)
    """
    if not 2 <= len(text) <= 3 or text[0] not in FILES:
        raise NotationError(f"{shown(text)} is not a cell (a file a..j and a rank 1..10, like c10)")
    rank = whole_number(text[1:])
    if rank is None or text[1] == "0" or not 1 <= rank <= SIZE:
        raise NotationError(f"{shown(text)} is not a cell: the rank must be 1..10")
    return cell_at(FILES.index(text[0]), rank - 1)


def format_cell(cell: Cell) -> str:
    """The name of ``cell``.

    >>> format_cell(0), format_cell(99)
    ('a1', 'j10')
    """
    return cell_name(cell)


# ------------------------------------------------------------------- moves


def format_move(move: Move) -> str:
    """From and to, and where a displaced satellite lands after a colon.

    >>> from engine.moves import DISPLACEMENT, NORMAL, PASS, encode
    >>> format_move(encode(parse_cell("d9"), parse_cell("d7"), NORMAL))
    'd9-d7'
    >>> format_move(encode(parse_cell("e4"), parse_cell("g6"), DISPLACEMENT, parse_cell("g7")))
    'e4-g6:g7'
    >>> format_move(PASS)
    'pass'
    """
    if kind_of(move) == PASS_KIND:
        return "pass"
    text = f"{cell_name(origin_of(move))}-{cell_name(target_of(move))}"
    if kind_of(move) == DISPLACEMENT:
        text += f":{cell_name(landing_of(move))}"
    return text


def parse_move(position: Position, text: str) -> Move:
    """The legal move of ``position`` written as ``text``.

    Raises NotationError for malformed text and IllegalMoveError for a move the
    rules forbid here.

    >>> position = parse_position("/".join(["r1" + "." * 9] + ["." * 10] * 9) + " r 0 0")
    >>> [format_move(move) for move in position.legal_moves()]
    ['a10-b10', 'a10-b9', 'a10-a9']
    >>> format_move(parse_move(position, "a10-b9"))
    'a10-b9'
    >>> parse_move(position, "a10-a8")
    Traceback (most recent call last):
    engine.notation.IllegalMoveError: 'a10-a8' is not a legal move in this position
    """
    wanted = parse_move_squares(text)
    for move in position.legal_moves():
        if squares_of(move) == wanted:
            return move
    if wanted is None:
        raise IllegalMoveError("pass is only legal when the player to move has no other move")
    raise IllegalMoveError(f"{shown(text)} is not a legal move in this position")


MoveSquares = tuple[Cell, Cell, Cell] | None
"""(from, to, landing or NO_CELL) of a move; None for pass."""


def squares_of(move: Move) -> MoveSquares:
    if kind_of(move) == PASS_KIND:
        return None
    land = landing_of(move) if kind_of(move) == DISPLACEMENT else NO_CELL
    return (origin_of(move), target_of(move), land)


def parse_move_squares(text: str) -> MoveSquares:
    """The cells a move text names, checked for form only (not legality).

    >>> parse_move_squares("e4-g6:g8")
    (34, 56, 76)
    >>> parse_move_squares("d9-d7")
    (83, 63, -1)
    >>> parse_move_squares("pass") is None
    True
    """
    if text == "pass":
        return None
    body, colon, land_text = text.partition(":")
    origin_text, dash, target_text = body.partition("-")
    if not dash or (colon and not land_text):
        raise NotationError(f"{shown(text)} is not a move (like d9-d7, e4-g6:g8 or pass)")
    origin = parse_cell(origin_text)
    target = parse_cell(target_text)
    if origin == target:
        raise NotationError(f"{shown(text)} is not a move: it starts and ends on the same cell")
    land = parse_cell(land_text) if colon else NO_CELL
    return (origin, target, land)


# --------------------------------------------------------------- positions


def format_board(position: Position) -> str:
    ranks = []
    for rank in range(SIZE - 1, -1, -1):
        cells = []
        for file_index in range(SIZE):
            code = position.board[cell_at(file_index, rank)]
            cells.append(f"{COLOUR_LETTERS[colour_of(code)]}{value_of(code)}" if code else ".")
        ranks.append("".join(cells))
    return "/".join(ranks)


def format_position(position: Position) -> str:
    """The position in RULES.md 8's five fields: BOARD SIDE GRACE QUIET CLOSED."""
    side = COLOUR_LETTERS[position.side]
    counts = f"{position.grace} {position.quiet} {position.closed}"
    return f"{format_board(position)} {side} {counts}"


def parse_position(text: str, rules: Rules = STANDARD) -> Position:
    """The position ``text`` writes: BOARD SIDE GRACE QUIET CLOSED, the board rank
    10 first, played under ``rules`` (which the text does not carry: RULES.md 8).

    >>> board = "/".join(["r1" + "." * 9] + ["." * 10] * 9)
    >>> position = parse_position(board + " b 0 7 0")
    >>> format_cell(position.cells_of[RED][0]), position.side == BLUE, position.quiet
    ('a10', True, 7)
    >>> format_position(position) == board + " b 0 7 0"
    True

    A position of four fields, written before the stall ruling, reads with
    CLOSED equal to QUIET when every edge is occupied, else 0 (here South is
    free):

    >>> parse_position(board + " b 0 7").closed
    0
    >>> parse_position(board + " g 0 0 0")
    Traceback (most recent call last):
    engine.notation.NotationError: side to move must be 'r' or 'b', not 'g'
    """
    fields = text.split(" ")
    if len(fields) not in (4, 5) or "" in fields:
        raise NotationError(
            f"a position has 5 fields separated by single spaces "
            f"(BOARD SIDE GRACE QUIET CLOSED); got {len([f for f in fields if f])}"
        )
    board_text, side_text, grace_text, quiet_text = fields[:4]
    codes = _parse_board(board_text)
    if side_text not in COLOUR_LETTERS:
        raise NotationError(f"side to move must be 'r' or 'b', not {shown(side_text)}")
    grace = _parse_counter("grace", grace_text, GRACE_MOVES)
    quiet = _parse_counter("quiet-ply count", quiet_text, COUNT_LIMIT)
    position = Position(rules)
    for cell in range(CELLS):
        if codes[cell]:
            position.place(cell, codes[cell])
    position.rebuild_groups()
    position.side = COLOUR_LETTERS.index(side_text)
    position.grace = grace
    position.quiet = quiet
    if len(fields) == 4:
        position.closed = 0 if position.free_edges() else quiet
    else:
        position.closed = _parse_counter("closed-ply count", fields[4], COUNT_LIMIT)
        if position.closed and position.free_edges():
            raise NotationError("the closed-ply count must be 0 while an edge is free")
    _check_rules_hold(position)
    return position


def _parse_board(text: str) -> list[Code]:
    ranks = text.split("/")
    if len(ranks) != SIZE:
        raise NotationError(f"the board has {len(ranks)} ranks separated by '/', expected 10")
    codes = [0] * CELLS
    counts: dict[Code, int] = {}
    for row, rank_text in enumerate(ranks):
        rank = SIZE - 1 - row
        tokens = _rank_tokens(rank_text, rank)
        if len(tokens) != SIZE:
            raise NotationError(f"rank {rank + 1} has {len(tokens)} cells, expected 10")
        for file_index, token in enumerate(tokens):
            if token == ".":
                continue
            cell = cell_at(file_index, rank)
            code = piece(COLOUR_LETTERS.index(token[0]), int(token[1]))
            counts[code] = counts.get(code, 0) + 1
            if counts[code] > COPIES_PER_VALUE:
                raise NotationError(
                    f"more than 3 satellites '{token}' on the board (at {cell_name(cell)})"
                )
            codes[cell] = code
    return codes


def _rank_tokens(text: str, rank: int) -> list[str]:
    tokens = []
    i = 0
    while i < len(text):
        if text[i] == ".":
            tokens.append(".")
            i += 1
        elif text[i] in COLOUR_LETTERS and i + 1 < len(text) and text[i + 1] in "1234":
            tokens.append(text[i : i + 2])
            i += 2
        else:
            raise NotationError(
                f"rank {rank + 1}: {shown(text[i : i + 2])} is not a cell ('.', r1..r4 or b1..b4)"
            )
    return tokens


def _parse_counter(name: str, text: str, limit: int) -> int:
    value = whole_number(text)
    if value is None or (len(text) > 1 and text[0] == "0") or value > limit:
        raise NotationError(f"{name} must be a whole number from 0 to {limit}, not {shown(text)}")
    return value


def _check_rules_hold(position: Position) -> None:
    """Reject boards no game can reach: RULES.md 5 broken, grace out of place."""
    for cell in range(CELLS):
        if not position.is_connected(cell):
            continue
        for n in ORTHOGONAL[cell]:
            same = position.board[n] and colour_of(position.board[n]) == colour_of(
                position.board[cell]
            )
            if same and position.is_connected(n):
                raise NotationError(
                    f"connected satellites of one colour touch at {cell_name(cell)} and "
                    f"{cell_name(n)} (rule 5.1)"
                )
        if position.group_size[position.group_of[cell]] > MAX_GROUP:
            raise NotationError(f"the group at {cell_name(cell)} has more than 6 satellites")
    if not position.grace:
        return
    finished = [colour for colour in (RED, BLUE) if position.is_finished(colour)]
    if len(finished) != 1:
        raise NotationError(
            "grace moves are left but not exactly one player has all 12 satellites connected"
        )
    if position.side in finished:
        raise NotationError("grace moves belong to the player who is not finished")
