"""Every word the player reads, in English and Spanish.

``text(language, key, **values)`` formats a string; a missing key is a bug
caught by the tests, never shown to a player.
"""

from __future__ import annotations

LANGUAGES = ("en", "es")

STRINGS: dict[str, tuple[str, str]] = {
    # Title
    "app.name": ("Satellites", "Satélites"),
    "title.continue": ("Continue", "Continuar"),
    "title.new": ("New game", "Nueva partida"),
    "title.tutorial": ("Tutorial", "Tutorial"),
    "title.past": ("Past games", "Partidas jugadas"),
    "title.rules": ("Rules", "Reglas"),
    "title.settings": ("Settings", "Ajustes"),
    "title.about": ("About", "Acerca de"),
    # New game
    "new.title": ("New game", "Nueva partida"),
    "new.mode": ("Play", "Jugar"),
    "new.mode.ai": ("vs computer", "contra la IA"),
    "new.mode.hotseat": ("two players", "dos jugadores"),
    "new.mode.link": ("link cable", "cable de enlace"),
    "new.rules": ("Rules", "Reglas"),
    "rules.name.standard": ("Standard", "estándar"),
    "rules.name.seed": ("Seed", "originales"),
    "new.level": ("Level", "Nivel"),
    "level.1": ("Novice", "Novato"),
    "level.2": ("Casual", "Aficionado"),
    "level.3": ("Club", "Club"),
    "level.4": ("Expert", "Experto"),
    "level.5": ("Master", "Maestro"),
    "new.colour": ("You play", "Juegas con"),
    "new.tabletop": ("Tabletop", "Mesa"),
    "new.start": ("Start", "Empezar"),
    "new.no_link": ("No link cable on this device.", "Este aparato no tiene cable de enlace."),
    "new.linking": ("Waiting for the other device...", "Esperando al otro aparato..."),
    # Link cable
    "link.title": ("Link cable", "Cable de enlace"),
    "link.port": ("Port", "Puerto"),
    "link.role": ("This device", "Este aparato"),
    "link.role.host": ("host", "anfitrión"),
    "link.role.guest": ("guest", "invitado"),
    "link.role.waits": ("Host on", "Anfitrión en"),
    "link.role.joins": ("Guest on", "Invitado en"),
    "link.cancel": ("{button}: cancel", "{button}: cancelar"),
    "link.failed": (
        "No link.\n{problem}",
        "Sin enlace.\n{problem}",
    ),
    "link.problem.update_both": (
        "The other device plays other rules: update both.",
        "El otro aparato juega con otras reglas: actualiza los dos.",
    ),
    "link.problem.same_rules": (
        "The other device plays other rules: choose the same rules on both.",
        "El otro aparato juega con otras reglas: elige las mismas en los dos.",
    ),
    "link.problem.both_hosts": (
        "Both devices are set up as host: make one of them the guest.",
        "Los dos aparatos son anfitriones: haz que uno sea el invitado.",
    ),
    "link.problem.both_guests": (
        "Both devices are set up as guest: make one of them the host.",
        "Los dos aparatos son invitados: haz que uno sea el anfitrión.",
    ),
    "link.problem.other_game": (
        "The other device is in another game: continue the same game on both.",
        "El otro aparato está en otra partida: continúa la misma en los dos.",
    ),
    "link.problem.disagree": (
        "The two devices disagree about the game, so it cannot go on.",
        "Los dos aparatos no coinciden en la partida, así que no puede seguir.",
    ),
    "link.problem.stopped_there": (
        "The other device stopped the game.",
        "El otro aparato detuvo la partida.",
    ),
    "link.problem.port_in_use": (
        "Another program is using the link port: close it, or choose another port.",
        "Otro programa usa el puerto del enlace: ciérralo o elige otro puerto.",
    ),
    "link.problem.no_port": (
        "The link port is missing: plug the cable in, or choose another port.",
        "Falta el puerto del enlace: conecta el cable o elige otro puerto.",
    ),
    "link.problem.port_failed": (
        "The link port cannot be opened: choose another port.",
        "No se puede abrir el puerto del enlace: elige otro puerto.",
    ),
    "link.problem.not_saved": (
        "The linked game could not be saved on this device.",
        "No se pudo guardar la partida enlazada en este aparato.",
    ),
    "link.problem.no_answer": (
        "The other device did not answer: check the cable.",
        "El otro aparato no contestó: revisa el cable.",
    ),
    "link.problem.cancelled": ("Cancelled.", "Cancelado."),
    "link.problem.failed": (
        "Something went wrong with the link: try again.",
        "Algo falló en el enlace: inténtalo de nuevo.",
    ),
    "link.mismatch": (
        "The linked game cannot be shown ({problem}).",
        "No se puede mostrar la partida enlazada ({problem}).",
    ),
    "link.lost_title": ("Link lost", "Enlace perdido"),
    "link.lost_body": (
        "Waiting for the other device. The game goes on when it is back.",
        "Esperando al otro aparato. La partida sigue cuando vuelva.",
    ),
    "link.stopped_title": ("Linked game stopped", "Partida enlazada detenida"),
    # Shared words
    "colour.0": ("Red", "Rojo"),
    "colour.1": ("Blue", "Azul"),
    "on": ("on", "sí"),
    "off": ("off", "no"),
    "player.you": ("You", "Tú"),
    "player.computer": ("Computer, level {level}", "IA, nivel {level}"),
    "player.link": ("Other device", "Otro aparato"),
    "edge.0": ("N", "N"),
    "edge.1": ("S", "S"),
    "edge.2": ("W", "O"),
    "edge.3": ("E", "E"),
    # Game HUD
    "hud.to_move": ("{colour} to move", "Mueve {colour}"),
    "hud.connected": ("{count}/23 connected", "{count}/23 conectados"),
    "hud.connected_short": ("{count}/23", "{count}/23"),
    "hud.open": ("Open: {edges}", "Abierto: {edges}"),
    "hud.open_stall": ("Open: stall", "Abierto: bloqueo"),
    "hud.open_short": ("Open", "Abierto"),
    # No-break spaces: on a narrow panel the count wraps with its words.
    "hud.closed_opens": (
        "Closed: opens\u00a0in\u00a0{plies}",
        "Cerrado: abre\u00a0en\u00a0{plies}",
    ),
    "hud.opens_in": ("Opens in {plies}", "Abre en {plies}"),
    "hud.closed_ends": (
        "Closed: ends\u00a0in\u00a0{plies}",
        "Cerrado: fin\u00a0en\u00a0{plies}",
    ),
    "hud.ends_in": ("Ends in {plies}", "Fin en {plies}"),
    "hud.grace": (
        "{colour}: \u26a1{moves} grace moves",
        "{colour}: \u26a1{moves} de gracia",
    ),
    "hud.colonies": ("Colonies {red}-{blue}", "Colonias {red}-{blue}"),
    "hud.variant": ("{rules} rules", "Reglas {rules}"),
    "hud.leads": ("{colour} leads", "{colour} lleva ventaja"),
    "hud.leads_tiebreak": ("{colour} leads (tiebreak)", "{colour} lleva ventaja por desempate"),
    "hud.even": ("Even", "Igualados"),
    "hud.thinking": ("Thinking", "Pensando"),
    "hud.waiting": ("Other device's turn", "Turno del otro aparato"),
    "hud.must_pass": ("No move: {button} passes", "Sin jugada: {button} pasa"),
    "hud.landing": ("Where does it go?", "¿Adónde va?"),
    "hud.hint": ("Hint: see the board", "Pista: mira el tablero"),
    "hud.closed_help": ("Closed: empty an edge", "Cerrado: vacía un borde"),
    "preview.pair": ("\u2192 a pair", "\u2192 una pareja"),
    "preview.disputed": ("\u2192 colony of {total}, even", "\u2192 colonia de {total} (nadie)"),
    "preview.colony": ("\u2192 {colour} colony of {total}", "\u2192 colonia de {total} ({colour})"),
    "hud.why.empty": ("No satellite there", "Ahí no hay satélite"),
    "hud.why.not_yours": ("Not yours", "No es tuyo"),
    "hud.why.locked": ("Connected: locked", "Conectado: fijo"),
    "hud.why.no_move": ("It has no legal move", "No tiene jugada legal"),
    # Button bar
    "button.press": ("press", "pulsa"),
    "button.start": ("Start", "Start"),
    "button.select": ("Select", "Select"),
    "button.hold": ("hold {button}", "mantén {button}"),
    "ctl.pick": ("pick", "elige"),
    "ctl.place": ("go", "ir"),
    "ctl.push": ("push", "empuja"),
    "ctl.pass": ("pass", "pasa"),
    "ctl.cycle": ("next/prev", "sig./ant."),
    "ctl.next": ("next", "sig."),
    # System menu
    "menu.title": ("Menu", "Menú"),
    "menu.resume": ("Resume", "Seguir"),
    "menu.undo": ("Undo", "Deshacer"),
    "menu.hint": ("Hint", "Pista"),
    "menu.rules": ("Rules", "Reglas"),
    "menu.rules_of": ("Rules: {rules}", "Reglas: {rules}"),
    "menu.settings": ("Settings", "Ajustes"),
    "menu.resign": ("Resign", "Rendirse"),
    "menu.to_title": ("Back to title", "Volver al inicio"),
    "confirm.resign": ("Resign this game?", "¿Rendirse?"),
    "confirm.to_title": ("Leave to the title?", "¿Volver al inicio?"),
    "confirm.no": ("No", "No"),
    "confirm.yes": ("Yes", "Sí"),
    "menu.nothing_to_undo": ("Nothing to undo.", "Nada que deshacer."),
    # End of game
    "end.title": ("Game over", "Fin de la partida"),
    "end.wins": ("{colour} wins", "Gana {colour}"),
    "end.draw": ("Draw", "Empate"),
    "end.resigned": ("{colour} resigned", "{colour} se rindió"),
    "end.reason.1": ("23 satellites connected.", "23 satélites conectados."),
    "end.reason.2": ("The grace moves are spent.", "Se acabaron los movimientos de gracia."),
    "end.reason.3": ("Neither player can move.", "Ningún jugador puede mover."),
    "end.reason.4": (
        "100 moves in a row (50 each) without a new connection.",
        "100 jugadas seguidas (50 cada uno) sin conexión nueva.",
    ),
    # A no-break space keeps each colour with its count when the line wraps.
    "end.counts": (
        "Colonies: Red\u00a0{red}, Blue\u00a0{blue}",
        "Colonias: Rojo\u00a0{red}, Azul\u00a0{blue}",
    ),
    "end.colony": ("{total}: {controller}", "{total}: {controller}"),
    "end.disputed": ("nobody", "nadie"),
    "end.no_colonies": ("No colonies.", "Ninguna colonia."),
    "end.chips": (
        "Each colony's total, in the colour of who controls it",
        "El total de cada colonia, en el color de quien la controla",
    ),
    "end.chips_nobody": ("grey: nobody", "gris: nadie"),
    "end.chips_crowned": ("\u265b: 6 satellites", "\u265b: 6 satélites"),
    "end.by_count": (
        "{winner} controls more colonies.",
        "{winner} controla más colonias.",
    ),
    "end.by_tiebreak": (
        "Same number of colonies. Lowest controlled colony: {winner} {low}, {loser} {high}. "
        "The lower total wins.",
        "Mismo número de colonias. Colonia controlada más baja: {winner} {low}, {loser} "
        "{high}. Gana el total más bajo.",
    ),
    "end.by_tiebreak_later": (
        "Same number of colonies and equal lowest totals; colony {step} from the bottom "
        "decides: {winner} {low}, {loser} {high}.",
        "Mismo número de colonias y mismos totales más bajos; decide la colonia {step} "
        "desde abajo: {winner} {low}, {loser} {high}.",
    ),
    "end.all_equal": (
        "Same colonies, same totals: a draw.",
        "Mismas colonias, mismos totales: empate.",
    ),
    "end.lowest": ("lowest", "más baja"),
    "end.you_win": ("You win", "Has ganado"),
    "end.you_lose": ("You lose", "Has perdido"),
    "end.final_board": ("Final board", "Tablero final"),
    "end.replay": ("Replay", "Reproducir"),
    "end.review": ("Review", "Análisis"),
    "ctl.title": ("title", "inicio"),
    # Replay and past games
    "replay.move": ("Move {ply} / {plies}", "Jugada {ply} / {plies}"),
    "ctl.step": ("step", "paso"),
    "ctl.next_move": ("next", "siguiente"),
    "ctl.previous_move": ("previous", "anterior"),
    "ctl.start_end": ("start/end", "inicio/fin"),
    "ctl.to_start": ("to start", "al inicio"),
    "ctl.to_end": ("to end", "al final"),
    "ctl.replay": ("replay", "reproducir"),
    # Review
    "review.title": ("Review", "Análisis"),
    "review.working": (
        "The computer goes through the game: move {ply} of {plies}",
        "La IA repasa la partida: jugada {ply} de {plies}",
    ),
    "review.failed": (
        "The review could not be finished. Try again later.",
        "No se pudo terminar el análisis. Prueba más tarde.",
    ),
    "review.no_moments": (
        "No move lost much: nothing to look at again.",
        "Ninguna jugada perdió mucho: nada que volver a ver.",
    ),
    "review.lost": ("Move {ply}: \u2212{lost}", "Jugada {ply}: \u2212{lost}"),
    "review.lost_short": ("{ply}. \u2212{lost}", "{ply}. \u2212{lost}"),
    "review.decisive": ("decisive", "decisiva"),
    "review.decisive_move": ("Move {ply}: decisive", "Jugada {ply}: decisiva"),
    "review.turning_point": ("The decisive move of the game", "La jugada decisiva"),
    "review.better": ("Better: {move}", "Mejor: {move}"),
    "review.agrees": ("The computer's move too", "También la jugada de la IA"),
    "review.played": ("Played: {move}", "Jugó: {move}"),
    "review.chance": (
        "{colour}'s chance: {before} \u2192 {after}",
        "Probabilidad de {colour}: {before} \u2192 {after}",
    ),
    "review.line_step": ("Line {step}/{steps}: {move}", "Línea {step}/{steps}: {move}"),
    "review.chance_with": (
        "{colour}'s chance with it: {chance}",
        "Probabilidad de {colour} con ella: {chance}",
    ),
    "ctl.look": ("look", "ver"),
    "ctl.line": ("line", "línea"),
    "past.title": ("Past games", "Partidas jugadas"),
    "past.wins": ("{colour} won", "Ganó {colour}"),
    "past.you_win": ("You won", "Ganaste"),
    "past.you_lose": ("You lost", "Perdiste"),
    "past.unfinished": ("Unfinished", "Sin terminar"),
    "past.hotseat": ("Two players", "Dos jugadores"),
    "past.unreadable": ("Unreadable game", "Partida ilegible"),
    # Settings
    "settings.title": ("Settings", "Ajustes"),
    "settings.language": ("Language", "Idioma"),
    "settings.language.en": ("English", "English"),
    "settings.language.es": ("Español", "Español"),
    "settings.colour_blind": ("Colour-blind", "Daltonismo"),
    "settings.rotation": ("Rotation", "Rotación"),
    "settings.think_ms": ("AI time", "Tiempo IA"),
    "settings.think_ahead": ("Think ahead", "Anticipar"),
    "settings.repeat": ("Repeat", "Repetición"),
    "settings.repeat.off": ("off", "no"),
    "settings.repeat.slow": ("slow", "lenta"),
    "settings.repeat.normal": ("normal", "normal"),
    "settings.repeat.fast": ("fast", "rápida"),
    "settings.seconds": ("{seconds} s", "{seconds} s"),
    "settings.brightness": ("Brightness", "Brillo"),
    "settings.dim_after_s": ("Dim after", "Atenuar tras"),
    "settings.percent": ("{percent}%", "{percent} %"),
    "settings.sound": ("Sound", "Sonido"),
    "settings.volume": ("Volume", "Volumen"),
    "menu.power_off": ("Power off", "Apagar"),
    "power.title": ("Power off?", "¿Apagar?"),
    "settings.degrees": ("{degrees}°", "{degrees}°"),
    "settings.done": ("Done", "Listo"),
    "rotation.keep": ("Keep this rotation?", "¿Mantener este giro?"),
    "rotation.revert": ("Go back ({seconds} s)", "Volver ({seconds} s)"),
    "rotation.keep_it": ("Keep it", "Mantenerlo"),
    # About
    "about.title": ("About", "Acerca de"),
    "about.version": ("Version {version}", "Versión {version}"),
    "about.compiled": ("Engine: compiled", "Motor: compilado"),
    "about.pure": ("Engine: pure Python", "Motor: Python puro"),
    "about.profile": ("Device: {profile}", "Aparato: {profile}"),
    "about.font": ("Font: DejaVu Sans", "Letra: DejaVu Sans"),
    # Help lines
    "help.title": ("Buttons", "Botones"),
    "help.confirm": ("choose", "elegir"),
    "help.back": ("back", "atrás"),
    "help.next": ("next choice", "siguiente"),
    "help.previous": ("previous choice", "anterior"),
    "help.move": ("move", "mover"),
    "help.menu": ("menu", "menú"),
    # Messages
    "msg.journal_tail": (
        "The last move could not be read: the game resumes before it.",
        "No se pudo leer la última jugada: la partida sigue desde antes de ella.",
    ),
    "msg.journal_tail_many": (
        "The last {count} moves could not be read: the game resumes before them.",
        "No se pudieron leer las últimas {count} jugadas: la partida sigue desde antes de ellas.",
    ),
    "msg.settings_reset_named": (
        "These settings could not be read: {names}; they are back to their defaults.",
        "Ajustes no leídos: {names}; vuelven a sus valores por defecto.",
    ),
    "msg.settings_reset": (
        "Some settings could not be read; they are back to their defaults.",
        "No se pudieron leer algunos ajustes; vuelven a sus valores por defecto.",
    ),
    "msg.journal_newer": (
        "{file} comes from a newer version of the game; it is kept as it is.",
        "La partida {file} es de una versión más nueva del juego; se conserva tal cual.",
    ),
    "msg.save_lost": (
        "The saved game could not be read: {reason}. Start a new game.",
        "No se pudo leer la partida guardada: {reason}. Empieza una nueva.",
    ),
    "msg.save_failed": (
        "The game could not be saved: {reason}.",
        "No se pudo guardar la partida: {reason}.",
    ),
    "msg.not_a_save": (
        "{file}, in the save folder, is not a saved game; it is left alone.",
        "{file}, en la carpeta de partidas, no es una partida guardada; se deja como está.",
    ),
    "msg.card_full": (
        "The card is full: the game could not be saved. Play on; make room on the "
        "card and it is saved at the next move.",
        "La tarjeta está llena: no se pudo guardar la partida. Sigue jugando; libera "
        "espacio y se guardará en la siguiente jugada.",
    ),
    "msg.saves_off": (
        "Saves are off: games cannot be stored on this device just now. You can play, "
        "but nothing is kept.",
        "Sin guardar: ahora no se pueden guardar partidas en este aparato. Puedes jugar, "
        "pero no se guarda nada.",
    ),
    "msg.last_crash": (
        "The game stopped by itself last time. What happened is kept in last-crash.txt "
        "in the save folder.",
        "La última vez el juego se cerró solo. Lo ocurrido se guarda en last-crash.txt, "
        "en la carpeta de partidas.",
    ),
    "msg.power_off_failed": (
        "The device could not power off: {reason}.",
        "No se pudo apagar el aparato: {reason}.",
    ),
    "msg.ok": ("OK", "vale"),
    "msg.past_unreadable": (
        "This game could not be read: {reason}.",
        "No se pudo leer esta partida: {reason}.",
    ),
    # Why a file could not be read or written (the system's own words go to the log)
    "why.full": ("the card is full", "la tarjeta está llena"),
    "why.read_only": ("the card is read-only", "la tarjeta es de solo lectura"),
    "why.refused": ("the system refused it", "el sistema no lo permitió"),
    "why.missing": ("a file or folder is missing", "falta un archivo o una carpeta"),
    "why.card": (
        "the card gave a read or write error",
        "la tarjeta dio un error de lectura o escritura",
    ),
    "why.damaged": ("the file is damaged", "el archivo está dañado"),
    "why.system": ("the system reported an error", "el sistema dio un error"),
    # Rules
    "rules.title": ("Rules {page}/{pages}", "Reglas {page}/{pages}"),
    "rules.heading": ("{pages} {title}", "{pages} {title}"),
    "ctl.page": ("page", "página"),
    "ctl.continue": ("continue", "sigue"),
    "ctl.change": ("change", "cambia"),
    "ctl.browse": ("move", "mueve"),
    "ctl.more": ("more", "más"),
    "rules.1.title": ("Goal", "Objetivo"),
    "rules.1.text": (
        "Red and Blue each have 12 satellites, values 1 to 4. Link satellites of both "
        "colours into colonies. Whoever controls more colonies wins.",
        "Rojo y Azul tienen 12 satélites cada uno, de valores 1 a 4. Une satélites de los dos "
        "colores en colonias. Gana quien controle más colonias.",
    ),
    "rules.2.title": ("Moving", "Mover"),
    "rules.2.text": (
        "A satellite moves in any of 8 directions, up to its value in cells, jumping over "
        "others. It cannot land on an occupied cell.",
        "Un satélite se mueve en 8 direcciones, hasta tantas celdas como su valor, saltando "
        "por encima de otros. No puede caer en una celda ocupada.",
    ),
    "rules.3.title": ("Connection", "Conexión"),
    "rules.3.text": (
        "Landing exactly its value away, next to (N, S, E or W) a satellite of the other "
        "colour, connects both. Connected satellites never move again. Only while "
        "connections are open: while an edge of the board is empty, or after a stall "
        "(page 8). An edge is its 8 cells between the corners; the corners belong to no "
        "edge.",
        "Si cae exactamente a su valor de distancia, junto (N, S, E u O) a un satélite del otro "
        "color, ambos quedan conectados. Los satélites conectados ya no se mueven. Solo con "
        "las conexiones abiertas: mientras un borde del tablero esté vacío, o tras un bloqueo "
        "(página 8). Un borde son sus 8 celdas entre las esquinas; las esquinas no son de "
        "ningún borde.",
    ),
    "rules.4.title": ("Colonies", "Colonias"),
    "rules.4.text": (
        "3 to 6 connected satellites form a colony; its owner has the higher sum of own "
        "values (equal: nobody). 6 is crowned. Colonies never merge; two connected "
        "satellites of one colour never touch side by side.",
        "De 3 a 6 satélites conectados forman una colonia; la controla quien sume más con los "
        "suyos (igual: nadie). Con 6 está coronada. Las colonias no se fusionan; dos "
        "satélites conectados del mismo color no se tocan de lado.",
    ),
    "rules.5.title": ("Displacement", "Desplazamiento"),
    "rules.5.text": (
        "Land exactly on a loose rival satellite next to one of your connected ones to "
        "grow a colony. The rival is pushed 1 or 2 cells in a line, to a cell shown in "
        "orange.",
        "Cae justo sobre un satélite rival suelto junto a uno tuyo conectado para ampliar "
        "una colonia. El rival se desplaza 1 o 2 celdas en línea recta, a una celda naranja.",
    ),
    "rules.6.title": ("The end", "El final"),
    "rules.6.text": (
        "At 23 connected satellites the game ends. When one player has all 12 connected, "
        "the other gets 3 grace moves (\u26a1) and the game ends. It also ends after 100 "
        "moves in a row (50 each) without a new connection.",
        "Con 23 satélites conectados la partida termina. Cuando un jugador tiene sus 12 "
        "conectados, el otro hace 3 movimientos de gracia (\u26a1) y se acaba. También "
        "termina tras 100 jugadas seguidas (50 cada uno) sin ninguna conexión nueva.",
    ),
    "rules.8.title": ("Stalls", "Bloqueos"),
    "rules.8.text": (
        "When every edge holds a satellite, connections are closed. After 20 moves in a "
        "row (10 each) like that with no new connection, a stall opens them for both "
        "players. The stall ends when a satellite connects or an edge empties; the 20 "
        "moves then count afresh. The game screen counts them down. With Seed rules, "
        "chosen in New game, only an empty edge opens connections. The game screen then "
        "counts down to the end of the game instead.",
        "Cuando todos los bordes tienen un satélite, las conexiones están cerradas. Tras 20 "
        "jugadas seguidas (10 cada uno) así, sin conexión nueva, un bloqueo las abre para "
        "los dos. El bloqueo acaba cuando un satélite se conecta o un borde se vacía; las "
        "20 jugadas se cuentan entonces de nuevo. La pantalla de juego las cuenta hacia "
        "atrás. Con las reglas originales, que se eligen en Nueva partida, solo un borde "
        "vacío abre las conexiones. La pantalla cuenta entonces hasta el final de la "
        "partida.",
    ),
    "rules.9.title": ("Symbols", "Símbolos"),
    "rules.9.text": ("The marks on the board:", "Las marcas del tablero:"),
    "legend.cursor": ("cursor", "cursor"),
    "legend.movable": ("can move", "puede mover"),
    "legend.plain": ("plain move", "simple"),
    "legend.connects": ("connects", "conecta"),
    "legend.displaces": ("displaces", "desplaza"),
    "legend.landing": ("pushed to", "empujado a"),
    "legend.last": ("last move", "última"),
    "legend.hint": ("hint", "pista"),
    "legend.connected": ("connected", "conectados"),
    "legend.total": ("colony total", "total"),
    "legend.free_edge": ("free edge", "borde libre"),
    "legend.no_corner": ("(not the corners)", "(sin las esquinas)"),
    "legend.all_held": ("every edge held:", "todos ocupados:"),
    "legend.closed": ("closed (page 8)", "cerrado (pág. 8)"),
    "rules.7.title": ("Tiebreak", "Desempate"),
    "rules.7.text": (
        "Same number of colonies? The player controlling the colony with the lowest total "
        "wins; if equal, the next lowest, and so on.",
        "¿Mismo número de colonias? Gana quien controle la colonia de total más bajo; si "
        "empatan, la siguiente más baja, y así.",
    ),
    # Tutorial
    "tutorial.lesson": ("{number}/{count} {title}", "{number}/{count} {title}"),
    "tutorial.well_done": ("Well done!", "¡Bien hecho!"),
    "tutorial.wrong": ("Not quite. {hint}", "Todavía no. {hint}"),
    "tutorial.no_connection": (
        "That connected nothing: land exactly your value away, beside (N, S, E or W) a blue one.",
        "Eso no conecta nada: cae justo a tu valor de distancia, al lado (N, S, E u O) de "
        "uno azul.",
    ),
    "tutorial.finished": (
        "That was the last lesson. Have a good game!",
        "Era la última lección. ¡Buena partida!",
    ),
    "ctl.try": ("try it", "prueba"),
    "ctl.skip": ("skip", "saltar"),
    "ctl.next_lesson": ("next lesson", "siguiente"),
    "ctl.next_note": ("next", "sigue"),
    "note.count.title": ("x/23 connected", "x/23 conectados"),
    "note.count.text": (
        'On the game screen, "x/23" counts the connected satellites of both colours. At '
        "23 the game ends.",
        'En la pantalla de juego, "x/23" cuenta los satélites conectados de los dos '
        "colores. Con 23 la partida termina.",
    ),
    "note.touch.title": ("Same colour", "Mismo color"),
    "note.touch.text": (
        "Two connected satellites of one colour never touch side by side: a move that "
        "would do it is not offered.",
        "Dos satélites conectados del mismo color nunca se tocan de lado: esa jugada no se ofrece.",
    ),
    "note.six.title": ("At most 6", "Como mucho 6"),
    "note.six.text": (
        "A colony holds at most 6 satellites; at 6 it is crowned and takes no more.",
        "Una colonia tiene como mucho 6 satélites; con 6 está coronada y no admite más.",
    ),
    "note.merge.title": ("Never merged", "Nunca se unen"),
    "note.merge.text": (
        "Colonies never merge: no move joins two colonies into one (a pair may still "
        "join a colony, up to 6).",
        "Las colonias nunca se unen: ninguna jugada junta dos colonias en una (una pareja "
        "sí puede unirse a una colonia, hasta 6).",
    ),
    "ctl.finish": ("finish", "terminar"),
    "menu.show_me": ("Show me", "Muéstramelo"),
    "menu.skip_lesson": ("Skip lesson", "Saltar lección"),
    "menu.leave_tutorial": ("Leave tutorial", "Salir del tutorial"),
    "lesson.move.title": ("Moving", "Mover"),
    "lesson.move.text": (
        "A satellite moves up to its value in cells, in 8 directions, jumping over "
        "others. Pick one, then a cell: {button} each time.",
        "Un satélite avanza hasta su valor en celdas, recto en 8 direcciones, saltando "
        "otros. Elige uno y su celda: {button} cada vez.",
    ),
    "lesson.move.goal": ("Jump over a satellite", "Salta sobre otro"),
    "lesson.move.wrong": (
        "That jumps over nothing: pick a satellite with another in its way.",
        "Esa jugada no salta nada: elige un satélite rojo con otro en su camino.",
    ),
    "lesson.move.done": (
        "Jumping is allowed: only the cell where it lands must be empty.",
        "Se puede saltar: solo la celda donde cae debe estar vacía.",
    ),
    "lesson.open.title": ("Open an edge", "Abrir un borde"),
    "lesson.open.text": (
        "Satellites connect while an edge of the board is empty. Here every edge holds "
        "one: closed. Move your 3 off the West edge.",
        "Se conecta mientras un borde del tablero está vacío. Aquí todos tienen uno: "
        "cerrado. Saca tu 3 del borde Oeste.",
    ),
    "lesson.open.goal": ("Empty the West edge", "Vacía el borde O"),
    "lesson.open.wrong": (
        "The West edge still holds your 3: move it to the East.",
        "El borde Oeste aún tiene tu 3: muévelo hacia el Este.",
    ),
    "lesson.open.done": (
        "The West edge is empty: connections are open, for both players.",
        "El borde Oeste está vacío: las conexiones están abiertas, para los dos.",
    ),
    "lesson.connect.title": ("Connect", "Conectar"),
    "lesson.connect.text": (
        "Land exactly your value away, beside (N, S, E or W) a satellite of the other "
        "colour: both connect and never move again.",
        "Cae justo a tu valor de distancia, al lado (N, S, E u O) de un satélite del "
        "otro color: los dos se conectan y ya no se mueven.",
    ),
    "lesson.connect.goal": ("Connect to Blue", "Conecta con Azul"),
    "lesson.connect.wrong": (
        "No connection: your 3 must move exactly 3 cells to land beside the blue 2.",
        "Sin conexión: tu 3 debe moverse justo 3 celdas, junto al 2 azul.",
    ),
    "lesson.connect.done": (
        "Connected: both are locked now. A connection needs the exact distance.",
        "Conectados: los dos quedan fijos. Conectar pide la distancia exacta.",
    ),
    "lesson.stall.title": ("Stall", "Bloqueo"),
    "lesson.stall.text": (
        "Every edge held for 20 moves in a row (10 each) with no connection: a stall opens "
        "connections for both. Connect your 3.",
        "Bordes ocupados 20 jugadas seguidas (10 cada uno) sin conexión: un bloqueo abre "
        "las conexiones a los dos. Conecta tu 3.",
    ),
    "lesson.stall.goal": ("Connect after the stall", "Conecta en el bloqueo"),
    "lesson.stall.wrong": (
        "Land your 3 exactly 3 cells away, beside the blue 2.",
        "Mueve tu 3 justo 3 celdas, junto al 2 azul.",
    ),
    "lesson.stall.done": (
        "Connected with every edge held. Connections are closed again: the game screen "
        "counts the next 20 moves down.",
        "Conectado con todos los bordes ocupados. Las conexiones vuelven a cerrarse: la "
        "pantalla de juego cuenta las 20 jugadas siguientes.",
    ),
    "note.seed.title": ("Seed rules", "Reglas originales"),
    "note.seed.text": (
        "New game also offers Seed rules: there no stall opens connections, only an empty "
        "edge does.",
        "Nueva partida ofrece también las reglas originales: en ellas ningún bloqueo abre "
        "las conexiones, solo un borde vacío.",
    ),
    "lesson.colony.title": ("Colonies", "Colonias"),
    "lesson.colony.text": (
        "3 to 6 connected make a colony. The colour with the higher sum of its own "
        "values controls it. Make one you control.",
        "De 3 a 6 conectados forman una colonia. La controla el color cuyos valores "
        "suman más; si empatan, nadie. Haz una colonia tuya.",
    ),
    "lesson.colony.goal": ("A colony you control", "Una colonia tuya"),
    "lesson.colony.wrong": (
        "Not yours: compare Red's and Blue's sums in it. Connect a bigger red one.",
        "No es tuya: suma los valores rojos y los azules del grupo. Conecta un rojo mayor.",
    ),
    "lesson.colony.done": (
        "Red 6 against Blue 3: Red controls this colony, of total 9.",
        "Rojo 6 contra Azul 3: Rojo controla esta colonia, de total 9.",
    ),
    "lesson.displace.title": ("Displacement", "Desplazamiento"),
    "lesson.displace.text": (
        "Land exactly on a loose blue one by your colony: it grows and the blue one is "
        "pushed 1 or 2 cells (orange). Push it where it joins.",
        "Cae justo sobre un azul suelto junto a tu colonia para ampliarla: el azul sale "
        "1 o 2 celdas (naranja). Llévalo donde se una.",
    ),
    "lesson.displace.goal": ("Push it into the colony", "Empújalo a la colonia"),
    "lesson.displace.wrong": (
        "Move your 3 exactly onto the blue 2, then pick an orange cell by a red one.",
        "Mueve tu 3 justo sobre el 2 azul y elige una celda naranja junto a un rojo.",
    ),
    "lesson.displace.done": (
        "Your 3 took the cell and the pushed 2 joined in: the colony grew to 5.",
        "Tu 3 ocupó la celda y el 2 empujado se unió: la colonia creció a 5.",
    ),
    "lesson.grace.title": ("Grace moves", "Gracia"),
    "lesson.grace.text": (
        "When all 12 of a player's satellites are connected, the other gets 3 grace "
        "moves, then the game ends. Connect your last one.",
        "Cuando un jugador tiene sus 12 conectados, el otro hace 3 movimientos de "
        "gracia y se acaba. Conecta tu último.",
    ),
    "lesson.grace.goal": ("Connect your last one", "Conecta el último"),
    "lesson.grace.wrong": (
        "Your last free one is a 2: land it exactly 2 cells away, by a blue one.",
        "Tu último libre es un 2: muévelo justo 2 celdas, junto a uno azul.",
    ),
    "lesson.grace.done": (
        "All 12 connected: Blue now plays 3 grace moves (\u26a1 counts them), then the "
        "game is scored.",
        "Los 12 conectados: ahora Azul juega 3 de gracia (\u26a1 los cuenta) y luego se puntúa.",
    ),
    "lesson.tiebreak.title": ("Tiebreak", "Desempate"),
    "lesson.tiebreak.text": (
        "More colonies wins; with as many each, the lowest controlled total wins. Blue "
        "controls a colony of 10: make yours lower.",
        "Gana quien tenga más colonias; si empatan, el total controlado más bajo. Azul "
        "controla una de 10: haz la tuya menor.",
    ),
    "lesson.tiebreak.goal": ("A colony below 10", "Colonia menor que 10"),
    "lesson.tiebreak.wrong": (
        "Blue still leads: make a colony you control that totals less than 10.",
        "Azul sigue en ventaja: haz una colonia tuya que sume menos de 10.",
    ),
    "lesson.tiebreak.done": (
        "One colony each; yours totals 6, Blue's 10: Red leads on the tiebreak.",
        "Una colonia cada uno; la tuya suma 6 y la de Azul 10: Rojo lleva ventaja por desempate.",
    ),
}

RULE_PAGES = 9
LEGEND_PAGE = 9
"""The last page explains every mark on the board."""


def text(language: str, key: str, **values: object) -> str:
    english, spanish = STRINGS[key]
    template = spanish if language == "es" else english
    return template.format(**values) if values else template
