"""Playing online in Chromium: the built site served by the game server (``python -m nardy_server``, SQLite),
two browser contexts (390 px and 1280 px) as two people, one a friend who opened the invitation link, and a
spectator; every move by clicks. A short-nardy match to 3 with a double taken and a resignation; a long-nardy
game with a reload mid-turn, a player's network gone and back, the server killed with SIGKILL and started
again under them, ended by a resignation; the lobby; the online box by keyboard, axe-clean, its news said;
a static copy of the site (no game server) saying online play is not available. Every page sees the same
match; no request leaves 127.0.0.1; the consoles stay clean.

Expected texts are read from the catalogs (nardy_site.pages.play_online.ONLINE)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest

from nardy_site.pages import play_online
from tests.server.servers import ServerProcess
from tests.site import expected

from .conftest import Guard
from .test_accessibility import violations
from .test_play import Play

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}}
DESK = {"viewport": {"width": 1280, "height": 800}}


def online_text(code: str):
    def text(key, **params):
        message = play_online.ONLINE[key]
        if isinstance(message, tuple):
            return expected.catalog_plural(code, message[0], message[1], params["count"]).format(**params)
        return expected.catalog_text(code, message).format(**params)

    return text


@pytest.fixture()
def game_server(site):
    folder = Path(tempfile.mkdtemp(prefix="nardy-online-"))
    process = ServerProcess(site, {"NARDY_DATA": str(folder), "NARDY_CREATE_PER_HOUR": "10000",
                                   "NARDY_FRAME_RATE": "100", "NARDY_HEARTBEAT_SECONDS": "0.5"}).start()
    yield process
    process.stop()
    assert "Traceback" not in process.output(), process.output()[-3000:]


class Person(Play):
    """One browser context on the play page of the game server's site."""

    def __init__(self, browser, base, hash_="", code="en", size=DESK):
        guard = Guard(browser, base, **size)
        super().__init__(guard, base, code=code, hash_=hash_)
        self.t = online_text(code)

    def open(self):
        self.page.goto(self.url)
        self.page.wait_for_function("window.nardyPlay && window.nardyPlay.state && window.nardyOnline "
                                    "&& window.nardyOnline.view.mode", timeout=160000)

    def go_offline(self):
        """The network gone, once the page has fetched what its start asks for: a load cut by the outage (Material's
        search index, fetched after the page has started) would be the test's timing, not the page's fault."""
        self.page.wait_for_load_state("networkidle")
        self.guard.context.set_offline(True)

    @property
    def you(self):
        return self.page.evaluate("window.nardyOnline.you")

    def online(self):
        return self.page.evaluate("window.nardyOnline.match && window.nardyOnline.match.online")

    def create(self, variant="short", length=3, color="white", clock=0):
        for name, value in (("variant", variant), ("length", str(length)), ("color", color), ("clock", str(clock))):
            self.page.locator(f"select[data-online='{name}']").select_option(value)
        self.page.locator("button[data-online-action='create']").click()
        self.page.wait_for_function("document.querySelector(\"input[data-online='invite']\").value !== ''")
        # The links show as soon as the server made the match; the seat is known with its first frame.
        self.page.wait_for_function("window.nardyOnline.you !== null")
        invite = self.page.locator("input[data-online='invite']").input_value()
        watch = self.page.locator("input[data-online='watch']").input_value()
        return invite.split("/en/play/", 1)[1], watch.split("/en/play/", 1)[1]

    def my_turn(self) -> bool:
        return self.page.evaluate("""(() => { const app = window.nardyPlay, online = window.nardyOnline;
            const s = app.state; if (!s || !online.you || !online.match.online || online.match.online.over) return false;
            return s.side ? s.side === online.you : s.actions.includes('next-game'); })()""")

    def seq(self) -> int:
        return self.page.evaluate("window.nardyPlay.match.seq")

    def button(self, action):
        return self.page.locator(f".nardy-play-tools button[data-action='{action}']")

    def act(self, action):
        seq = self.seq()
        self.press(action)
        self.page.wait_for_function(f"window.nardyPlay.match.seq > {seq}", timeout=30000)

    def play_turn(self, rng):
        """The seat's turn by clicks: a random legal move at a time, then confirm."""
        while True:
            state = self.state()
            if state["phase"] != "move" or state["side"] != self.you:
                return
            if "confirm" in state["actions"]:
                self.act("confirm")
                return
            move = rng.choice(state["turn"]["legal_moves"])
            self.move(move["from"], move["to"])


def same_everywhere(people):
    """Every page holds the same match (the same seq and record)."""
    first = people[0]
    seq = first.seq()
    for person in people[1:]:
        person.page.wait_for_function(f"window.nardyPlay.match.seq === {seq}", timeout=30000)
    records = [person.page.evaluate("JSON.stringify(window.nardyPlay.match.record)") for person in people]
    assert len(set(records)) == 1


def test_a_short_match_to_3_by_two_browsers_with_a_double_taken_and_a_spectator(browser, game_server):
    rng = random.Random(3)
    alice = Person(browser, game_server.url, size=PHONE)
    invite, watch = alice.create(variant="short", length=3, color="white")
    assert alice.page.locator(".nardy-online-message").inner_text().strip() == alice.t("online-waiting")
    assert alice.you == "white" and "Copy" in alice.page.locator(".nardy-online-invite").inner_text()
    bob = Person(browser, game_server.url, hash_=invite, size=DESK)
    carol = Person(browser, game_server.url, hash_=watch, size=DESK)
    people = [alice, bob, carol]
    for person in people:
        person.page.wait_for_function("window.nardyOnline.match && window.nardyOnline.match.online "
                                      "&& window.nardyOnline.match.online.seated.length === 2")
    assert (alice.you, bob.you, carol.you) == ("white", "black", None)
    assert carol.button("roll").is_hidden() and carol.button("confirm").is_hidden()
    # Alice was reading the invitation on her phone: the match begins with the board in view.
    board = alice.page.locator(".nardy-play-board:not([hidden]) svg").bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= PHONE["viewport"]["height"], board
    doubled = False
    resigned = 0
    while not alice.online()["over"]:
        same_everywhere(people)
        actor = next((p for p in (alice, bob) if p.my_turn()), None)
        if actor is None:
            continue
        state = actor.state()
        if state["phase"] == "roll":
            if not doubled and "double" in state["actions"]:
                actor.act("double")
                doubled = True
            elif doubled and actor is bob and "resign" in state["actions"]:
                actor.press("resign")
                actor.act("resign-single")
                resigned += 1
            else:
                actor.act("roll")
        elif state["phase"] == "take":
            actor.act("take")
        elif state["phase"] == "resign":
            actor.act("accept")
        elif state["phase"] == "game-over":
            actor.act("next-game")
        elif state["phase"] == "move":
            actor.play_turn(rng)
    same_everywhere(people)
    final = alice.state()
    assert final["phase"] == "match-over" and final["winner"] == "white" and final["score"]["white"] >= 3
    assert resigned >= 1 and any(entry["kind"] == "take" for entry in final["scoresheet"][0])
    # A rematch asked by both: a new match, the colours swapped, each seat's token carried over.
    old = alice.page.evaluate("window.nardyOnline.match.id")
    alice.page.locator("button[data-online-action='rematch']").click()
    bob.page.wait_for_function(f"document.querySelector('.nardy-live-status').textContent === "
                               f"{bob.t('online-rematch-offered')!r}")
    bob.page.locator("button[data-online-action='rematch']").click()
    for person in (alice, bob):
        person.page.wait_for_function(f"window.nardyOnline.match.id !== {old!r} && window.nardyOnline.match.online "
                                      "&& window.nardyOnline.match.online.seated.length === 2 && window.nardyPlay.state "
                                      "&& window.nardyPlay.state.score.white === 0")
    assert (alice.you, bob.you) == ("black", "white") and alice.t("online-rematch-begins") in alice.status()
    for person in people:
        person.clean()


def test_the_static_copy_says_online_play_is_not_available(guard, site_url):
    t = online_text("en")
    play = Play(guard, site_url)
    play.page.wait_for_function("window.nardyOnline && window.nardyOnline.view.mode === 'unavailable'")
    assert play.page.locator(".nardy-online-message").inner_text().strip() == t("online-unavailable")
    assert play.page.locator(".nardy-online-form").is_hidden()
    play.clean()


def outage_only(person, port):
    """The console's lines while the game server was down or the network gone are Chromium's own, for the
    page's attempts to reconnect (a page cannot silence them); any other line stays to fail the test."""
    socket = f"WebSocket connection to 'ws://127.0.0.1:{port}/api/matches/"
    person.console[:] = [line for line in person.console if not (socket in line and (
        "ERR_CONNECTION_REFUSED" in line or "ERR_INTERNET_DISCONNECTED" in line))]


def test_long_nardy_a_reload_mid_turn_a_lost_network_and_the_server_killed(browser, game_server):
    """A long-nardy game: the player to move reloads with a move half made and takes the seat back, the
    other's network goes and comes back (the opponent is told both), the server is killed with SIGKILL and
    started again under them: both reconnect to the same match and it ends, seen alike by all three."""
    rng = random.Random(5)
    alice = Person(browser, game_server.url, size=DESK)
    invite, watch = alice.create(variant="long", length=0, color="black")
    bob = Person(browser, game_server.url, hash_=invite, size=PHONE)
    carol = Person(browser, game_server.url, hash_=watch, size=PHONE)
    people = [alice, bob, carol]
    for person in people:
        person.page.wait_for_function("window.nardyOnline.match.online && window.nardyOnline.match.online.seated.length === 2")
    assert (alice.you, bob.you) == ("black", "white")
    alice.page.wait_for_function(f"document.querySelector('.nardy-live-status').textContent.includes("
                                 f"{alice.t('online-opponent-joined')!r})")

    def play_turns(count):
        for _ in range(count):
            same_everywhere(people)
            actor = next(p for p in (alice, bob) if p.my_turn())
            if actor.state()["phase"] == "roll":
                actor.act("roll")
            actor.play_turn(rng)

    play_turns(3)
    # The player to move makes one move and reloads: the same seat, the move still made, the turn going on.
    actor = next(p for p in (alice, bob) if p.my_turn())
    if actor.state()["phase"] == "roll":
        actor.act("roll")
    move = rng.choice(actor.state()["turn"]["legal_moves"])
    actor.move(move["from"], move["to"])
    made = actor.state()["turn"]["moves"]
    assert len(made) == 1
    seat = actor.you
    actor.page.reload()
    actor.page.wait_for_function("window.nardyOnline.match && window.nardyOnline.match.online && window.nardyPlay.state",
                                 timeout=160000)
    actor.page.wait_for_function("window.nardyOnline.you !== null")
    assert actor.you == seat and actor.state()["turn"]["moves"] == made
    actor.play_turn(rng)

    # Alice's network goes: Bob is told she is away, then back.
    alice.go_offline()
    bob.page.wait_for_function(f"document.querySelector('.nardy-online-presence').textContent === "
                               f"{bob.t('online-opponent-away')!r}", timeout=30000)
    alice.guard.context.set_offline(False)
    bob.page.wait_for_function("document.querySelector('.nardy-online-presence').hidden", timeout=60000)
    assert bob.t("online-opponent-back") in bob.status()

    # The server killed under them and started again: everyone comes back to the same match.
    seq = alice.seq()
    game_server.kill()
    game_server.start()
    for person in people:
        person.page.wait_for_function(f"window.nardyOnline.match.socket.readyState === 1 && window.nardyPlay.match.seq === {seq}",
                                      timeout=60000)
    for person in people:
        outage_only(person, game_server.port)
    play_turns(2)
    # The game ends: the player to roll resigns a single game, the other accepts.
    same_everywhere(people)
    actor = next(p for p in (alice, bob) if p.my_turn())
    while actor.state()["phase"] != "roll":
        actor.play_turn(rng)
        same_everywhere(people)
        actor = next(p for p in (alice, bob) if p.my_turn())
    actor.press("resign")
    actor.act("resign-single")
    other = bob if actor is alice else alice
    other.page.wait_for_function("window.nardyPlay.state.phase === 'resign'")
    other.act("accept")
    same_everywhere(people)
    final = carol.state()
    assert final["phase"] == "match-over" and final["result"]["winner"] == other.you and final["result"]["kind"] == "single"
    assert carol.button("again").is_hidden() and carol.page.locator("button[data-online-action='rematch']").is_hidden()
    assert alice.page.locator("button[data-online-action='rematch']").is_visible()
    for person in people:
        person.clean()


def test_the_lobby_offers_a_game_another_player_takes(browser, game_server):
    alice = Person(browser, game_server.url, size=PHONE)
    bob = Person(browser, game_server.url, size=DESK)
    empty = bob.t("online-lobby-empty")
    bob.page.wait_for_function(f"document.querySelector('.nardy-online-offers').textContent === {empty!r}")
    alice.page.locator("select[data-online='variant']").select_option("long")
    alice.page.locator("select[data-online='length']").select_option("5")
    alice.page.locator("button[data-online-action='offer']").click()
    # Bob lists short nardy: the offer is long nardy's, so he switches the lobby to long nardy.
    bob.page.locator("select[data-online='variant']").select_option("long")
    take = bob.page.locator(".nardy-online-offers button[data-online-action='take']")
    take.wait_for(timeout=30000)
    assert take.count() == 1
    counts = bob.page.locator(".nardy-online-counts").inner_text()
    assert bob.t("online-players", count=2) in counts or bob.t("online-players", count=1) in counts
    take.click()
    for person in (alice, bob):
        person.page.wait_for_function("window.nardyOnline.match && window.nardyOnline.match.online "
                                      "&& window.nardyOnline.match.online.seated.length === 2")
    assert {alice.you, bob.you} == {"white", "black"}
    assert bob.state()["variant"] == "long" and bob.state()["length"] == 5
    same_everywhere([alice, bob])
    for person in (alice, bob):
        person.clean()


def test_switching_the_lobby_while_its_socket_connects_leaves_the_console_clean(browser, game_server):
    """The lobby's game switched three times in one task: the first two sockets are closed while they
    connect, which the browser warns of on the console unless they are let open first."""
    person = Person(browser, game_server.url, size=PHONE)
    person.page.wait_for_function("window.nardyOnline.lobby && window.nardyOnline.lobby.readyState === 1")
    person.page.evaluate("""() => {
        const select = document.querySelector("select[data-online='variant']");
        for (const variant of ["long", "short", "long"]) {
            select.value = variant;
            select.dispatchEvent(new Event("change"));
        }
    }""")
    person.page.wait_for_function("window.nardyOnline.lobby.readyState === 1")
    assert person.page.evaluate("window.nardyOnline.lobby.url").endswith("variant=long")
    person.page.wait_for_timeout(1000)  # the sockets closed once open have closed
    person.clean()


def test_the_online_box_by_keyboard_axe_clean_and_its_news_said(browser, game_server):
    """At 390 px in Russian: the invitation created by the keyboard (its link then has the focus), axe clean
    with the form and lobby, the invitation, and in a match with the opponent away; the opponent's joining,
    going and coming back said in the status region, in the page's language."""
    alice = Person(browser, game_server.url, code="ru", size=PHONE)
    found = {}

    def check(name):
        problems = violations(alice.page)
        if problems:
            found[name] = problems

    check("the form and the lobby")
    alice.page.locator("button[data-online-action='create']").focus()
    alice.page.keyboard.press("Enter")
    alice.page.wait_for_function("document.activeElement && document.activeElement.dataset.online === 'invite' "
                                 "&& document.activeElement.value.includes('#join=')")
    check("the invitation")
    invite = alice.page.locator("input[data-online='invite']").input_value().split("/ru/play/", 1)[1]
    bob = Person(browser, game_server.url, hash_=invite, size=DESK)
    status = "document.querySelector('.nardy-play .nardy-live-status[role=status]').textContent"
    alice.page.wait_for_function(f"{status}.startsWith({alice.t('online-opponent-joined')!r})")
    bob.go_offline()
    alice.page.wait_for_function(f"{status} === {alice.t('online-opponent-away')!r}", timeout=30000)
    assert alice.page.locator(".nardy-online-presence").inner_text().strip() == alice.t("online-opponent-away")
    check("a match, the opponent away")
    bob.guard.context.set_offline(False)
    alice.page.wait_for_function(f"{status} === {alice.t('online-opponent-back')!r}", timeout=60000)
    outage_only(bob, game_server.port)
    assert found == {}
    for person in (alice, bob):
        person.clean()
