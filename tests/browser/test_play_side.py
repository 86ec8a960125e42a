"""Each player from their own side of the board (one board with a viewer's side, chessground's orientation), in
Chromium by real taps: Black against the computer at 390 px in short and long nardy (the board turned: Black's
home at the bottom right, Black's numbers on the points, Black's pips below; a checker and a point tapped where
their numbers are printed, the move made the right one, everything said in Black's numbers); the "turn the board"
control for two people on one device, kept after a reload and not carried to a game against the computer; a
spectator of an online match turning it, and the player of Black seeing Black's side; the set-up editor turned;
a rules page's figure in White's view as the texts are, whatever the play page chose; an article's replay
numbering a Black turn from Black's side and saying so. axe-core clean on the turned boards; the consoles clean.

The taps go where the board prints a number, read from the drawing (its runs of digits), not from the layout the
page hit-tests with; what each place is and what is said come from the engine (nardy_rules: Position.to_own,
the live ops) and the catalogs."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from nardy_rules import LongPosition, Position, ShortPosition, to_text
from nardy_rules.live import handle
from nardy_site.page.games import load_game

from .test_accessibility import violations
from .test_live import Live
from .test_live import strings as board_strings
from .test_play import play_text
from .test_play_feel import PHONE, page_at
from .test_play_online import Person, game_server  # noqa: F401 (the fixture)

pytestmark = pytest.mark.browser

#: Where a board prints each number (SVG units), read from its three runs of digits (nardy_rules.svg._numbers).
PRINTED = """(selector) => {
  const svg = document.querySelector(selector);
  const runs = {};
  for (const t of svg.querySelectorAll('text.nardy-num')) {
    runs[t.dataset.digits] = { xs: t.getAttribute('x').split(' ').map(Number), ys: t.getAttribute('y').split(' ').map(Number),
                               digits: t.textContent };
  }
  const out = {};
  runs.ones.digits.split('').forEach((d, i) => { out[d] = [runs.ones.xs[i], runs.ones.ys[i]]; });
  runs.tens.digits.split('').forEach((d, i) => { out[d + runs.units.digits[i]] = [runs.tens.xs[i], runs.tens.ys[i]]; });
  return out;
}"""

#: The screen point of a tap on the point a number is printed at: inside the field, on its first checker.
SCREEN = """([selector, x, y]) => { const svg = document.querySelector(selector);
  const p = new DOMPoint(x, y < 200 ? y + 30 : y - 30).matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }"""

#: The play page's board shown.
BOARD = ".nardy-play-board:not([hidden]) svg"


def printed(page, selector=BOARD) -> dict[int, tuple[float, float]]:
    """{number: (x, y)} of every number the board prints, in SVG units (y under 200: the upper row)."""
    return {int(number): tuple(at) for number, at in page.evaluate(PRINTED, selector).items()}


def whites_picture(numbers) -> bool:
    """The numbers where White's view prints them for White: 1 bottom right, 12 bottom left, 13 top left, 24 top right."""
    return (numbers[1][0] > numbers[6][0] > numbers[7][0] > numbers[12][0] and numbers[13][0] < numbers[24][0]
            and numbers[1][1] > 200 > numbers[24][1] and numbers[12][1] > 200 > numbers[13][1])


def own(variant: str, side: str, point: int) -> int:
    """A point in a side's own numbering, by the engine."""
    return (ShortPosition.start() if variant == "short" else LongPosition.start()).to_own(side, point)


def pips_rows(page, selector=BOARD) -> dict[str, float]:
    """The y of each side's pip count on a board."""
    return page.evaluate("""(selector) => Object.fromEntries(Array.from(document.querySelectorAll(selector + ' tspan[data-pips]'))
        .map((t) => [t.dataset.pips, Number(t.parentNode.getAttribute('y'))]))""", selector)


def side_of(page, selector=BOARD) -> str:
    return page.evaluate("(selector) => document.querySelector(selector).getAttribute('data-side') || 'white'", selector)


def cursor_text(text, position: Position, place, numbered: str) -> str:
    """What the keyboard cursor says on a place, its number in a side's numbering (the catalog's sentences)."""
    point = position.to_own(numbered, place)
    color, count = position.count_at(place)
    return text(f"cursor-{color}", point=point, count=count) if color else text("cursor-empty", point=point)


def tap_number(page, number: int):
    """A tap (a click on a laptop) where the board shown prints ``number``."""
    x, y = printed(page.page)[number]
    sx, sy = page.page.evaluate(SCREEN, [BOARD, x, y])
    if page.touch:
        page.page.touchscreen.tap(sx, sy)
    else:
        page.page.mouse.click(sx, sy)


@pytest.mark.parametrize("variant, opening, first, played", [
    # Black wins the opening 3-1 and plays its 8/5 6/5 (White's 17/20 19/20).
    ("short", (1, 3), None, [(8, 5), (6, 5)]),
    # Long nardy: Black wins the opening, rolls 6-5 and plays a checker from its head, its own 24 (White's 12),
    # on to 13: 24/13.
    ("long", (1, 3), (6, 5), [(24, 18), (18, 13)]),
])
def test_black_against_the_computer_plays_from_its_own_side(browser, site_url, variant, opening, first, played):
    t = play_text("en")
    board, _reason = board_strings("en")
    # The computer waits before it acts, so that what the page said of the person's play can be read.
    guard, page = page_at(browser, site_url, PHONE, dice=[opening] + ([first] if first else []), step_ms=3000)
    try:
        page.page.locator("select[data-setting='variant']").select_option(variant)
        page.start("computer-club", "person")
        assert side_of(page.page) == "black"
        page.act("opening")
        if first:
            page.act("roll")
        page.wait("s.phase === 'move' && s.side === 'black'")
        state = page.state()
        # The board from Black's side: Black's numbers where White's view prints White's, Black's pips below.
        assert whites_picture(printed(page.page))
        rows = pips_rows(page.page)
        assert rows["black"] > rows["white"]
        below = page.page.evaluate(f"document.querySelector('{BOARD} tspan[data-pips=\"black\"]').textContent")
        assert int(below) == Position.from_json(state["position"]).pips("black") == state["pips"]["black"]
        position = Position.from_json(state["turn"]["position"])
        (start, end), (then, last) = played
        # A tap where Black's 8 (long: 24) is printed selects the checker there; the engine's targets said in
        # Black's numbers.
        said = page.said()
        tap_number(page, start)
        page.page.wait_for_function(f"window.nardyPlay.panel.said > {said} && window.nardyPlay.board.selected !== null")
        assert page.state("window.nardyPlay.board.selected") == position.to_white("black", start)
        found = handle({"op": "targets", "position": state["turn"]["position"], "dice": state["turn"]["dice"],
                        "moves": [], "from": position.to_white("black", start)})
        targets = ", ".join(str(own(variant, "black", path["end"])) for path in found["paths"])
        assert page.status() == board("selected", point=start, targets=targets)
        # A tap where Black's 5 (long: 18) is printed: the move made is Black's 8/5, White's 17/20.
        version = page.state("window.nardyPlay.version")
        tap_number(page, end)
        page.page.wait_for_function(f"window.nardyPlay.version > {version}")
        move = page.state("window.nardyPlay.state.turn.moves[0]")
        assert (own(variant, "black", move["from"]), own(variant, "black", move["to"])) == (start, end)
        left = ", ".join(map(str, page.state("window.nardyPlay.state.turn.remaining")))
        page.page.wait_for_function("(text) => document.querySelector('.nardy-play .nardy-live-status').textContent === text",
                                    arg=board("moved", move=f"{start}/{end}", dice=left))
        # The keyboard cursor goes on from the point tapped in Black's order: Black's next lower point.
        after = Position.from_json(page.state("window.nardyPlay.state.position"))
        page.page.evaluate(f"document.querySelector('{BOARD}').closest('.nardy-live-board').focus()")
        said = page.said()
        page.page.keyboard.press("ArrowRight")
        page.page.wait_for_function(f"window.nardyPlay.panel.said > {said}")
        assert page.state("window.nardyPlay.board.cursor") == after.to_white("black", end - 1)
        assert page.status() == cursor_text(board, after, after.to_white("black", end - 1), "black")
        version = page.state("window.nardyPlay.version")
        tap_number(page, then)
        page.page.wait_for_function("window.nardyPlay.board.selected !== null")
        tap_number(page, last)
        page.page.wait_for_function(f"window.nardyPlay.version > {version}")
        page.wait("s.turn.complete")
        page.act("confirm")
        sheet = page.state("window.nardyPlay.state.scoresheet[0]")
        mine = next(entry for entry in sheet if entry["kind"] == "play" and entry["side"] == "black")
        assert mine["own"] == (f"{start}/{end} {then}/{last}" if variant == "short" else f"{start}/{last}")
        assert page.status() == t("play-played-black", play=mine["own"])
        assert violations(page.page) == []
        page.clean()
    finally:
        guard.close()


def test_two_people_turn_the_board_and_it_stays_turned(browser, site_url):
    t = play_text("en")
    guard, page = page_at(browser, site_url, PHONE)
    try:
        page.start("person", "person")
        assert side_of(page.page) == "white"
        button = page.page.locator(".nardy-play-tools button[data-action='turn']")
        described = page.page.locator("#" + button.get_attribute("aria-describedby"))
        assert button.inner_text().strip() == t("play-turn") and described.text_content() == t("play-side-white")
        said = page.said()
        page.tap(".nardy-play-tools button[data-action='turn']")
        page.page.wait_for_function(f"window.nardyPlay.panel.said > {said}")
        assert page.status() == t("play-side-black") and described.text_content() == t("play-side-black")
        assert side_of(page.page) == "black" and pips_rows(page.page)["black"] > pips_rows(page.page)["white"]
        assert whites_picture(printed(page.page))
        assert page.state("window.nardyPlay.board.layout.labels['1']") == 24  # White's 1 is Black's 24 there
        # The keyboard reaches it in the toolbar, and Enter turns it back.
        button.focus()
        page.page.keyboard.press("Enter")
        page.page.wait_for_function(f"document.querySelector('{BOARD}').getAttribute('data-side') === null")
        assert page.status() == t("play-side-white")
        page.tap(".nardy-play-tools button[data-action='turn']")
        page.page.wait_for_function(f"document.querySelector('{BOARD}').getAttribute('data-side') === 'black'")
        # A reload resumes the game seen from Black's side.
        page.page.reload()
        page.page.wait_for_function("window.nardyPlay && window.nardyPlay.state && !window.nardyPlay.thinking")
        assert side_of(page.page) == "black"
        assert page.page.locator("#nardy-play-side").text_content() == t("play-side-black")
        # Against the computer as White the board is White's: the choice was two people's, and comes back with them.
        page.start("person", "computer-club")
        assert side_of(page.page) == "white"
        page.start("person", "person")
        assert side_of(page.page) == "black"
        page.clean()
    finally:
        guard.close()


def test_a_share_link_is_played_from_its_side(browser, site_url):
    """A link of a position with Black to move seats the person of this device on Black (the form's computer on
    White) and shows Black's side; a link that says side=black does so for White's turn, which the computer
    plays; the page's own link says the side only when it is not the side to move."""
    black = to_text(ShortPosition.start("black"))
    guard, page = page_at(browser, site_url, PHONE, hash_=f"#position={quote(black)}&dice=5-1")
    try:
        page.wait("s.phase === 'move' && s.side === 'black'")
        seats = [page.page.locator(f"select[data-setting='{side}']").input_value() for side in ("white", "black")]
        assert seats == ["computer-club", "person"] and side_of(page.page) == "black"
        assert whites_picture(printed(page.page)) and pips_rows(page.page)["black"] > pips_rows(page.page)["white"]
        link = page.page.locator("input[data-form='link']")
        page.page.wait_for_function("document.querySelector(\"input[data-form='link']\").value.includes('dice=5-1')")
        assert "side=" not in link.input_value()
        white = to_text(ShortPosition.start())
        page.page.goto("about:blank")  # away, so that the next address opens a new page
        page.url = f"{site_url}en/play/#position={quote(white)}&dice=3-1&side=black"
        page.open()
        page.wait("s.side === 'black' && s.phase === 'roll'")
        assert side_of(page.page) == "black" and page.state("window.nardyPlay.seats.black.kind") == "person"
        assert page.state("window.nardyPlay.state.scoresheet[0][0].side") == "white"  # the computer played 3-1
        page.clean()
    finally:
        guard.close()


def test_the_set_up_editor_turned(browser, site_url):
    t = play_text("en")
    board, _reason = board_strings("en")
    guard, page = page_at(browser, site_url, PHONE)
    try:
        page.start("person", "person")
        said = page.said()
        page.page.locator("button[data-setup-action='open']").click()
        page.page.wait_for_function(f"window.nardyPlay.mode === 'setup' && window.nardyPlay.panel.said > {said}")
        turn = page.page.locator(".nardy-play-tools button[data-action='turn']")
        assert turn.is_visible() and page.page.locator(".nardy-play-tools button:not([hidden])").count() == 1
        said = page.said()
        turn.click()
        page.page.wait_for_function(f"window.nardyPlay.panel.said > {said}")
        assert page.status() == t("play-side-black") and side_of(page.page) == "black"
        page.page.locator("select[data-setup='colour']").select_option("black")
        # Black's 6, where five black checkers stand at the start (White's 19): a sixth put there, said as Black's 6.
        page.page.evaluate(f"document.querySelector('{BOARD}').scrollIntoView({{block: 'center'}})")
        said = page.said()
        tap_number(page, 6)
        page.page.wait_for_function(f"window.nardyPlay.panel.said > {said}")
        assert page.state("window.nardyPlay.setup.position.black['19']") == 6
        assert page.status().startswith(board("cursor-black", point=6, count=6))
        assert violations(page.page) == []
        page.clean()
    finally:
        guard.close()


def test_a_rules_figure_keeps_whites_view(guard, site_url):
    """Whatever the play page chose, a rules page's board is White's view with White's numbers, as the text says."""
    guard.context.add_init_script("localStorage.setItem('nardy-play-side', JSON.stringify({people: 'black'}))")
    live = Live(guard, f"{site_url}en/short/")
    figure_id = live.page.evaluate("document.querySelector('figure.nardy-diagram').id")
    figure = live.figure(figure_id)
    selector = f"figure#{figure_id} svg.nardy-board"
    assert figure.locator("svg.nardy-board").get_attribute("data-side") is None
    assert whites_picture(printed(live.page, selector))
    numbers = printed(live.page, selector)
    assert numbers[1][0] > numbers[24][0] - 1 and numbers[24][1] < 200  # 1 bottom right, 24 top right
    rows = pips_rows(live.page, selector)
    assert rows["white"] > rows["black"]
    assert live.console == [] and guard.clean


def test_a_replay_numbers_a_black_turn_from_blacks_side(guard, site_url):
    text, _reason = board_strings("en")
    live = Live(guard, f"{site_url}en/short-game/")
    game = load_game("short-first-game")
    number = next(index for index, step in enumerate(game.steps, start=1) if step.side == "black" and step.kind == "play")
    step = game.steps[number - 1]
    figure = live.figure("short-game")
    selector = "figure#short-game svg.nardy-board"
    numbering = "figure#short-game .nardy-replay-numbering"
    assert figure.locator(".nardy-replay-numbering").inner_text().strip() == text(f"replay-numbering-{game.steps[0].side}")
    for _ in range(number - 1):
        figure.locator("button[data-step='next']").click()
    live.page.wait_for_function("([selector, text]) => document.querySelector(selector).textContent === text",
                                arg=[numbering, text("replay-numbering-black")])
    pips = text("pips", white=step.before.pips("white"), black=step.before.pips("black"))
    live.page.wait_for_function("([selector, text]) => document.querySelector(selector).textContent.includes(text)",
                                arg=["figure#short-game .nardy-live-info", pips])
    # White's view (the checkers where the article's figures have them), Black's numbers: 24 bottom right.
    assert figure.locator("svg.nardy-board").get_attribute("data-side") is None
    numbers = printed(live.page, selector)
    assert numbers[24][0] > numbers[19][0] > numbers[18][0] > numbers[13][0] and numbers[24][1] > 200 > numbers[1][1]
    assert numbers[1][0] > numbers[6][0] and numbers[12][1] < 200 < numbers[13][1]
    rows = pips_rows(live.page, selector)
    assert rows["white"] > rows["black"]
    # What the board says is in Black's numbers too: the keyboard cursor, from the first place of a Black checker
    # in White's order (the board is White's view) on to the next.
    places = ["bar", *range(24, 0, -1)]
    first = next(index for index, place in enumerate(places) if (step.before.bar("black") if place == "bar"
                                                                 else step.before.count_at(place)[0] == "black"))
    said = cursor_text(text, step.before, places[first + 1], "black")
    figure.locator(".nardy-live-board").focus()
    live.page.keyboard.press("ArrowRight")
    live.page.wait_for_function("(text) => document.querySelector('figure#short-game .nardy-live-status').textContent === text",
                                arg=said)
    # A White turn: White's numbers again.
    figure.locator("button[data-step='next']").click()
    live.page.wait_for_function("([selector, text]) => document.querySelector(selector).textContent === text",
                                arg=[numbering, text("replay-numbering-white")])
    assert whites_picture(printed(live.page, selector))
    assert violations(live.page) == []
    assert live.console == [] and guard.clean


def test_a_spectator_turns_the_board_and_the_player_of_black_sees_blacks_side(browser, game_server):  # noqa: F811
    t = play_text("en")
    base = game_server.url
    creator = Person(browser, base, size={"viewport": PHONE, "has_touch": True})
    people = [creator]
    try:
        invite, watch = creator.create(variant="short", length=1, color="black")
        assert creator.you == "black"
        creator.page.wait_for_function(f"document.querySelector('{BOARD}').getAttribute('data-side') === 'black'")
        friend = Person(browser, base, hash_=invite)
        people.append(friend)
        friend.page.wait_for_function("window.nardyOnline.you === 'white'")
        spectator = Person(browser, base, hash_=watch)
        people.append(spectator)
        spectator.page.wait_for_function("window.nardyOnline.match && window.nardyOnline.match.online")
        assert side_of(spectator.page) == "white" and side_of(friend.page) == "white"
        said = spectator.page.evaluate("window.nardyPlay.panel.said || 0")
        spectator.page.locator(".nardy-play-tools button[data-action='turn']").click()
        spectator.page.wait_for_function(f"window.nardyPlay.panel.said > {said}")
        assert spectator.status() == t("play-side-black") and side_of(spectator.page) == "black"
        assert pips_rows(spectator.page)["black"] > pips_rows(spectator.page)["white"]
        spectator.page.reload()
        spectator.page.wait_for_function("window.nardyOnline && window.nardyOnline.match && window.nardyOnline.match.online")
        spectator.page.wait_for_function(f"document.querySelector('{BOARD}').getAttribute('data-side') === 'black'")
        assert side_of(creator.page) == "black" and side_of(friend.page) == "white"
        for person in people:
            person.clean()
    finally:
        for person in people:
            person.guard.close()
