"""The playground in a real browser (Debian's Chromium, driven by Playwright):
alice types `/game new` with the page's own suggestions, opens the match's
thread, plays a whole Cuttle match against a bot by clicking in the page, and
her panel is seen by her alone (bob, switched to with one click, does not
see it). A screenshot of the table is taken on the way. Then alice learns
Cuttle with `/game learn`: her private lesson's panel explains her first
decision and guides it, she plays it out following the guide, and the lesson
ends with its review and a button for a real match.

Without /usr/bin/chromium the test fails, saying how to install it
(`make browser`): it never skips. ``PLAYGROUND_SCREENSHOT=docs/playground.png``
and ``PLAYGROUND_LEARN_SCREENSHOT=docs/learn.png`` also write the screenshots
the README shows.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from playground.world import ROOT

pytestmark = pytest.mark.asyncio(loop_scope="module")  # some 5 s: not slow
CHROMIUM = Path("/usr/bin/chromium")
#: the whole match's budget (a few seconds when the machine is quiet)
MATCH_SECONDS = 120

#: what the page shows, read from its DOM: the newest table, alice's newest panel
READ_PAGE = """() => {
  const all = [...document.querySelectorAll('#messages li.message')];
  const text = (li, sel) => (li && li.querySelector(sel) ? li.querySelector(sel).innerText : '');
  const tables = all.filter((li) => li.dataset.ephemeral === 'false'
    && (li.querySelector('button[data-custom-id^="hand:"]') || li.innerText.includes('Game over')));
  const panels = all.filter((li) => li.dataset.ephemeral === 'true'
    && li.querySelector('button[data-custom-id^="panel:"]'));
  const table = tables[tables.length - 1];
  const panel = panels[panels.length - 1];
  return {
    ephemeral: all.filter((li) => li.dataset.ephemeral === 'true').length,
    table: table && {id: table.dataset.id, description: text(table, '.embed-description'),
                     footer: text(table, '.embed-footer')},
    panel: panel && {
      id: panel.dataset.id, rev: panel.dataset.rev, description: text(panel, '.embed-description'),
      buttons: [...panel.querySelectorAll('button[data-custom-id]')]
        .filter((b) => !b.disabled).map((b) => ({id: b.dataset.customId, label: b.innerText})),
      selects: [...panel.querySelectorAll('select[data-custom-id]')].map((s) => ({
        id: s.dataset.customId,
        options: [...s.options].filter((o) => o.value)
          .map((o) => ({value: o.value, label: o.innerText})),
      })),
    },
  };
}"""


async def seen(page) -> dict[str, Any]:
    return await page.evaluate(READ_PAGE)


async def wait_for(page, predicate, what: str, timeout: float = 15.0) -> dict[str, Any]:
    """The page's state once ``predicate`` accepts it (read every 50 ms)."""
    deadline = time.monotonic() + timeout
    while True:
        state = await seen(page)
        if predicate(state):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"the page did not show {what} in {timeout}s; it shows {state}")
        await asyncio.sleep(0.05)


async def screenshot(page, table_id: str, path: Path) -> None:
    """The page with the table's message scrolled to the top (then back to the newest)."""
    await page.locator(f'li[data-id="{table_id}"]').evaluate("li => li.scrollIntoView()")
    await page.screenshot(path=str(path))
    await page.evaluate(
        "() => { const l = document.querySelector('#messages'); l.scrollTop = l.scrollHeight; }"
    )


def over(state) -> bool:
    return bool(state["table"]) and "Game over" in state["table"]["description"]


def value(label: str) -> int:
    """`10♦ as points (+10)` -> 10, `A♠ …` -> 1, anything else 0."""
    rank = label.split(" ")[0][:-1]
    return 1 if rank == "A" else int(rank) if rank.isdigit() else 0


def decide(panel) -> tuple[str, str, str | None]:
    """alice's move, as a person would make it: let a one-off resolve, else
    the highest card as points, else draw or pass, else the first thing
    offered; a card list first when the panel groups moves by card.
    Returns (kind, custom_id, value)."""
    moves: dict[str, tuple[str, str, str | None]] = {
        b["label"]: ("click", b["id"], None) for b in panel["buttons"] if b["id"].startswith("g:")
    }
    for select in panel["selects"]:
        if select["id"].startswith("gs:"):
            moves.update(
                {o["label"]: ("select", select["id"], o["value"]) for o in select["options"]}
            )
    labels = list(moves)
    resolve = [label for label in labels if "Let it resolve" in label]
    points = sorted((label for label in labels if " as points" in label), key=lambda s: -value(s))
    plain = [label for label in labels if label.startswith(("Draw", "Pass"))]
    for choice in (resolve, points, plain, labels):
        if choice:
            return moves[choice[0]]
    cards = next((s for s in panel["selects"] if s["id"].startswith("gg:")), None)
    assert cards and cards["options"], f"alice has a decision but no move: {panel}"
    return ("select", cards["id"], cards["options"][0]["value"])


async def make(page, panel, kind: str, custom_id: str, choice: str | None) -> None:
    """alice's move from her panel (a click, or an option of a list), once
    its effect shows: the table's footer or her panel redrawn, or the end."""
    before = await seen(page)
    where = f'li[data-id="{panel["id"]}"] [data-custom-id="{custom_id}"]'
    if kind == "click":
        await page.click(where)
    else:
        await page.select_option(where, choice)
    await wait_for(
        page,
        lambda s: (
            over(s)
            or s["table"]["footer"] != before["table"]["footer"]
            or s["panel"]["rev"] != before["panel"]["rev"]
        ),
        "the move's effect",
    )


def offers_a_choice(panel) -> bool:
    """Does the panel offer more than one move (so the guide has a hint)?"""
    moves = [b for b in panel["buttons"] if b["id"].startswith("g:")]
    options = [o for s in panel["selects"] if s["id"].startswith("gs:") for o in s["options"]]
    cards = [s for s in panel["selects"] if s["id"].startswith("gg:")]
    return bool(cards) or len(moves) + len(options) > 1


async def alices_decision(page, *, guided: bool) -> dict[str, Any] | None:
    """alice's panel, redrawn once she owes a decision (with the guide's
    hint in it while `guided` and she has a choice); None once it is over."""
    while True:
        state = await wait_for(
            page,
            lambda s: over(s) or (s["table"] and s["table"]["description"].startswith("alice")),
            "alice's turn or the end",
            timeout=20,
        )
        if over(state):
            return None
        panel = state["panel"]
        await page.click(f'li[data-id="{panel["id"]}"] button[data-custom-id^="panel:"]')
        state = await wait_for(
            page,
            lambda s, rev=panel["rev"]: over(s) or s["panel"]["rev"] != rev,
            "a redrawn panel",
        )
        if over(state):
            return None
        panel = state["panel"]
        if "Your decision" not in panel["description"]:
            continue  # drawn just before a bot's move
        if guided and offers_a_choice(panel):
            state = await wait_for(
                page,
                lambda s: over(s) or bool(s["panel"] and guide_button(s["panel"])),
                "the guide's hint",
                timeout=30,
            )
            return None if over(state) else state["panel"]
        return panel


def guide_button(panel) -> str | None:
    """The custom id of the guide's ▶ Play it in the panel, if it offers one."""
    return next((b["id"] for b in panel["buttons"] if b["id"].startswith("lp:")), None)


@contextlib.asynccontextmanager
async def alices_page(playground) -> AsyncIterator[tuple[Any, list[str]]]:
    """Chromium's page on the playground as alice, and the page's script
    errors as they come; the browser is closed after."""
    need_chromium()
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        browser = await launch(driver)
        try:
            page = await browser.new_page(viewport={"width": 1180, "height": 1000})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            await page.goto(playground.url + "#alice")
            await page.wait_for_selector('#people button[data-person="alice"][aria-pressed="true"]')
            yield page, errors
        finally:
            await browser.close()


def need_chromium() -> None:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the playground's browser test needs Debian's Chromium."
            " Install it with `make browser` (apt-get install chromium fonts-noto-color-emoji).",
            pytrace=False,
        )


async def launch(driver):
    from playwright.async_api import Error

    try:
        return await driver.chromium.launch(executable_path=str(CHROMIUM))
    except Error as exc:
        pytest.fail(f"{CHROMIUM} did not start ({exc}); reinstall it: `make browser`")


def save_for_readme(shot: Path, variable: str) -> None:
    """The README's picture, when `variable` names where it goes: a palette
    image keeps the file small."""
    with Image.open(shot) as image:
        assert image.size == (1180, 1000)
        wanted = os.environ.get(variable)
        if wanted:
            image.convert("RGB").quantize(colors=128).save(ROOT / wanted, optimize=True)


async def test_a_person_plays_a_cuttle_match_to_the_end_in_the_browser(playground, tmp_path):
    pg = playground.pg
    async with alices_page(playground) as (page, errors):
        # the command box offers the subcommand, its options and their choices
        box = page.locator("#command")
        await box.click()
        await box.press_sequentially("/game ne")
        await page.wait_for_selector("#suggestions li:has-text('/game new')")
        await box.press("Tab")
        assert await box.input_value() == "/game new "
        await box.press_sequentially("ga")
        await box.press("Tab")
        assert await box.input_value() == "/game new game:"
        await box.press_sequentially("cut")
        await page.wait_for_selector("#suggestions li:has-text('game: Cuttle')")
        await box.press("Tab")
        await box.press_sequentially("players:2 bots:1")
        assert await box.input_value() == "/game new game:cuttle players:2 bots:1"
        await box.press("Enter")

        # the lobby says where the match is; its thread is one click away
        await page.click("#messages a.thread-link", timeout=10_000)
        state = await wait_for(page, lambda s: s["table"], "the table")
        await page.click(f'li[data-id="{state["table"]["id"]}"] button[data-custom-id^="hand:"]')
        state = await wait_for(page, lambda s: s["panel"], "alice's panel")
        panel_id = state["panel"]["id"]
        assert "Your hand" in await page.inner_text(f'li[data-id="{panel_id}"]')

        # bob, one click away, sees the table but not alice's panel
        await page.click('#people button[data-person="bob"]')
        await page.click("#sidebar a.thread")
        bob = await wait_for(page, lambda s: s["table"], "the table, to bob")
        assert bob["panel"] is None and bob["ephemeral"] == 0
        assert await page.locator(f'li[data-id="{panel_id}"]').count() == 0
        await page.click('#people button[data-person="alice"]')
        await wait_for(page, lambda s: s["panel"] and s["panel"]["id"] == panel_id, "her panel")

        moves, shot = 0, tmp_path / "playground.png"
        deadline = time.monotonic() + MATCH_SECONDS
        while (panel := await alices_decision(page, guided=False)) is not None:
            assert time.monotonic() < deadline, f"the match lasted over {MATCH_SECONDS}s"
            if moves <= 2:  # the table a few moves in, its board at the top
                await screenshot(page, (await seen(page))["table"]["id"], shot)
            await make(page, panel, *decide(panel))
            moves += 1
            assert moves < 300

        final = await seen(page)
        assert final["table"]["description"].startswith("Game over")
        assert "🏆" in final["table"]["description"] or "Draw" in final["table"]["description"]
        assert moves >= 1 and shot.exists()
        assert errors == [], errors
        assert await page.locator("#error").is_hidden()
    save_for_readme(shot, "PLAYGROUND_SCREENSHOT")
    assert pg.fake.problems() == []


async def test_a_person_learns_cuttle_in_the_browser(playground, tmp_path):
    pg = playground.pg
    async with alices_page(playground) as (page, errors):
        box = page.locator("#command")
        await box.click()
        await box.press_sequentially("/game learn game:cuttle")
        await box.press("Enter")

        # the lesson is in a private thread of its own, named for it
        lesson = page.locator("#sidebar a.thread", has_text="Lesson")
        await lesson.first.click(timeout=10_000)
        state = await wait_for(page, lambda s: s["table"], "the lesson's table")
        await page.click(f'li[data-id="{state["table"]["id"]}"] button[data-custom-id^="hand:"]')
        state = await wait_for(
            page, lambda s: s["panel"] and guide_button(s["panel"]), "the guided panel", 30
        )
        panel_text = await page.inner_text(f'li[data-id="{state["panel"]["id"]}"]')
        assert "how this decision works" in panel_text.lower() and "Rules: C-" in panel_text
        assert "Guide (1/3)" in panel_text
        shot = tmp_path / "learn.png"
        await page.locator(f'li[data-id="{state["panel"]["id"]}"]').evaluate(
            "li => li.scrollIntoView()"
        )
        await page.screenshot(path=str(shot))

        moves, guided = 0, 0
        deadline = time.monotonic() + MATCH_SECONDS
        panel = state["panel"]
        while panel is not None:
            assert time.monotonic() < deadline, f"the lesson lasted over {MATCH_SECONDS}s"
            played = guide_button(panel) if guided < 3 else None
            if played:  # the guide's ▶ Play it, as a learner would follow it
                await make(page, panel, "click", played, None)
                guided += 1
            else:
                await make(page, panel, *decide(panel))
            moves += 1
            assert moves < 300
            panel = await alices_decision(page, guided=guided < 3)

        # the end: the review, and one click to a real match
        await page.wait_for_selector("#messages li:has-text('Lesson over: Cuttle')")
        await page.wait_for_selector('#messages button[data-custom-id^="lr:"]')
        assert guided >= 1 and errors == [], (guided, errors)
        assert await page.locator("#error").is_hidden()
    save_for_readme(shot, "PLAYGROUND_LEARN_SCREENSHOT")
    assert pg.fake.problems() == []
