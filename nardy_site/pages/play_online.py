"""Playing online on the play page: its strings, and the file that tells the page where no game server is.

:data:`ONLINE` are the strings of ``assets/play/nardy-online*.js``, compiled
with ``play_page.PLAY`` into each language's ``assets/i18n.json``
(``nardy_site.app.live_assets.catalog``): whole sentences with named
{placeholders}; {count} numbers stay digits.

The page asks ``<root>/api/server.json`` whether a game server is there. The
game server (``nardy_server``) answers that address itself; the build writes a
file of that name saying there is none (:func:`write`), so a copy of the site
on any static host answers too, with no failed request in the page's console,
and the page says online play is not available there. The service worker
never keeps the folder (``nardy_site.app.offline``).
"""

from __future__ import annotations

import json
from pathlib import Path

from nardy_rules.reasons import N_, NP_

#: The game server's folder of addresses, and its stand-in in a built site.
SERVER_FOLDER = "api/"
SERVER_FILE = SERVER_FOLDER + "server.json"


def write(site_dir: Path) -> Path:
    """The built site's ``api/server.json``: no game server here (the game server answers in its place)."""
    target = site_dir / SERVER_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"server": None}) + "\n", encoding="utf-8")
    return target

ONLINE = {
    "online-heading": N_("Play online"),
    "online-checking": N_("Looking for the game server…"),
    # TRANSLATORS: a copy of the site served as plain files, without the project's game server.
    "online-unavailable": N_("Online play is not available on this copy of the site: it is served without "
                             "the game server. Everything else on this page works."),
    "online-friend": N_("Play a friend online"),
    # TRANSLATORS: label of the list choosing the colour of the person creating an online match.
    "online-color-label": N_("You play"),
    "online-white": N_("White"),
    "online-black": N_("Black"),
    "online-color-random": N_("White or Black, at random"),
    "online-clock-label": N_("Time control"),
    "online-clock-none": N_("No clock"),
    # TRANSLATORS: a time control: {delay} seconds free for each move, then a reserve of {minutes} minutes
    # per player; at zero the player loses the match.
    "online-clock-option": N_("{delay} s a move, {minutes} min in reserve"),
    "online-create": N_("Create the invitation"),
    "online-invite-text": N_("Send this link to the friend you want to play. Whoever opens it first takes "
                             "the other seat."),
    "online-invite-label": N_("Invitation link"),
    "online-watch-label": N_("Link for spectators"),
    "online-copy": N_("Copy"),
    "online-copied": N_("The link is copied."),
    "online-waiting": N_("Waiting for your opponent…"),
    # TRANSLATORS: heading of the list of games other players offer, waiting for an opponent.
    "online-lobby": N_("Open games"),
    "online-offer": N_("Offer a game"),
    "online-lobby-empty": N_("No open games of this kind at the moment. Offer one and wait here for an "
                             "opponent."),
    # TRANSLATORS: button next to a game offered in the list of open games: take it and play.
    "online-take": N_("Play"),
    "online-players": NP_("{count} player online", "{count} players online"),
    "online-games": NP_("{count} game in play", "{count} games in play"),
    "online-you-white": N_("You play White."),
    "online-you-black": N_("You play Black."),
    "online-watching": N_("You are watching this match."),
    "online-your-turn": N_("Your turn."),
    "online-their-turn": N_("Your opponent's turn."),
    "online-opponent-away": N_("Your opponent is disconnected; waiting for them to come back…"),
    "online-opponent-back": N_("Your opponent is back."),
    "online-opponent-joined": N_("Your opponent has joined. The match begins."),
    "online-connection-lost": N_("The connection is lost; reconnecting…"),
    "online-connection-back": N_("Connected again."),
    "online-over-time-white": N_("White ran out of time and loses the match."),
    "online-over-time-black": N_("Black ran out of time and loses the match."),
    "online-over-abandoned-white": N_("White left the match and loses it."),
    "online-over-abandoned-black": N_("Black left the match and loses it."),
    "online-cancelled": N_("This offer was withdrawn: nobody took it."),
    "online-rematch": N_("Rematch"),
    "online-rematch-asked": N_("You asked for a rematch. Waiting for your opponent."),
    "online-rematch-offered": N_("Your opponent asks for a rematch."),
    "online-rematch-begins": N_("The rematch begins, with the colours swapped."),
    "online-leave": N_("Leave the online match"),
    "online-left": N_("You left the online match. Its link brings you back to it."),
    "online-seat-taken": N_("This invitation has already been used. You are watching the match."),
    "online-bad-invite": N_("This invitation link is not valid."),
    "online-no-match": N_("There is no such match on this server."),
    "online-failed": N_("The game server could not do that. Try again."),
    "online-too-many": N_("Too many matches were created from here. Wait a while and try again."),
    "online-not-your-turn": N_("It is not your turn."),
    # TRANSLATORS: a player's clock: {color} is White or Black, {time} minutes and seconds like 1:05.
    "online-clock": N_("{color}: {time} left"),
}
