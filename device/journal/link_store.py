"""The link cable's store (``device.link.game.LinkGameStore``): the journal of the linked game.

The link session hands its game here before it sends or acknowledges a move;
the moves go into the same journal the match writes, so a linked game has
one copy on disk, whoever stored a move first.
"""

from __future__ import annotations

from dataclasses import dataclass

from device.journal.events import LinkInfo
from device.journal.file import Journal
from device.journal.folder import SaveError, SaveFolder
from device.link.game import LinkGame, Role
from device.play.link_games import new_linked_game


@dataclass
class LinkJournal:
    saves: SaveFolder
    port: str
    role: Role
    names: tuple[str, str]
    """This device's player's name, then the peer's."""
    date: str

    def load(self) -> LinkGame | None:
        """The unfinished linked game in the save folder, if the game in progress is one."""
        if not self.saves.has_game():
            return None
        try:
            resumed = self.saves.resume()
        except SaveError:
            return None
        link = resumed.journal.header.link
        record = resumed.game.record
        if link is None or link.link_game == 0 or record.seed is None:
            return None
        colour = resumed.game.setup.human_colour
        moves = list(resumed.journal.moves)
        return LinkGame(link.link_game, record.seed, colour, link.role, moves, record.rules)

    def save(self, game: LinkGame) -> None:
        self._journal_of(game).sync_moves(game.moves)

    def _journal_of(self, game: LinkGame) -> Journal:
        journal = self.saves.journal
        link = journal.header.link if journal is not None and not journal.ended else None
        if journal is not None and link is not None and link.link_game == game.game_id:
            return journal
        linked = new_linked_game(
            game.seed, game.local_colour, self.names, self.date, self.port, game.role, game.rules
        )
        info = LinkInfo(game.role, self.port, game.game_id)
        return self.saves.begin(linked, info, pending=True)
