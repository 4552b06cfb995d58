"""Small helpers the end-to-end tests of the real bot share."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from cogs.presenters import presenter_for
from rules import Match

ROOT = Path(__file__).resolve().parents[2]


def current_table(fake, place):
    """The match's table in `place`: the newest public message with the
    panel button, or the final one (which has no buttons)."""
    found = [
        m
        for m in fake.messages(place, ephemeral=False)
        if any(c.get("custom_id", "").startswith("hand:") for c in m.buttons())
        or "Game over" in m.text
    ]
    return found[-1] if found else None


async def answered(inter):
    """The interaction, once the bot has answered it (Discord allows 3 s)."""
    await inter.wait_answered(3.0)
    return inter


async def reply(inter):
    """The message the bot answered the interaction with."""
    await inter.wait_answered(3.0)
    return await inter.wait_reply()


async def drawn_reply(inter):
    """The answer to an interaction that may draw pictures first (`/game
    rules`: acknowledged within 3 s, then answered once the board worker,
    started cold perhaps, has drawn them)."""
    await inter.wait_answered(3.0)
    return await inter.wait_reply(15.0)


# -- checks shared by the hardening tests (forged clicks, fuzz, kill -9) ------------


def answered_privately(inter) -> bool:
    """Answered, and only the clicker saw the answer: a new ephemeral message,
    or an update of the clicker's own ephemeral message; followups ephemeral."""
    if inter.response_type in (4, 5):
        first = inter.original is not None and inter.original.ephemeral
    elif inter.response_type in (6, 7):
        first = (
            inter.message is not None
            and inter.message.ephemeral
            and inter.message.visible_to == inter.user.id
        ) or (
            # a deferred update of a public message shows nothing (a click
            # acknowledged while it waited for the match's lock): private if
            # what it then said came privately, and no public message changed
            inter.response_type == 6 and bool(inter.followups)
        )
    else:
        first = False
    return (
        first
        and all(m.ephemeral for m in inter.followups)
        and all(m.ephemeral for m in inter.touched)
    )


def answer_text(inter) -> str:
    """What the bot answered: its response, or what it said after a deferred
    update of a public message (a click that waited for the match's lock)."""
    if inter.response_type == 6 and inter.followups and not inter.original.ephemeral:
        return "\n".join(m.text for m in inter.followups)
    return inter.original.text if inter.original is not None else ""


def read_db(db, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute(sql, args).fetchall()


def match_rows(db) -> dict[int, tuple]:
    """match id -> (status, seq, logged actions, seats): what no forged input may change."""
    rows = read_db(
        db,
        "SELECT m.id, m.status, m.seq,"
        " (SELECT count(*) FROM actions a WHERE a.match_id = m.id),"
        " (SELECT group_concat(coalesce(s.user_id, s.bot), ',') FROM seats s"
        "  WHERE s.match_id = m.id) FROM matches m",
    )
    return {r[0]: tuple(r[1:]) for r in rows}


def replayed(db, match_id: int) -> Match:
    """The engine's match rebuilt from the database file: seed, options and the log."""
    [(game, players, seed, options)] = read_db(
        db, "SELECT game, players, seed, options FROM matches WHERE id = ?", match_id
    )
    match = Match.new(game, players, seed, json.loads(options))
    for _seq, seat, key in read_db(
        db, "SELECT seq, seat, key FROM actions WHERE match_id = ? ORDER BY seq", match_id
    ):
        match.apply_logged(seat, key)
    return match


def hidden_texts(match: Match) -> list[str]:
    """How each seat's hidden hand reads in its private panel (what must never
    appear in a public message)."""
    presenter = presenter_for(match.game_id)
    texts = []
    for seat in range(match.players):
        view = match.view(seat)
        if view.get("hand"):
            texts += [
                value for name, value in presenter.private_fields(view) if name == "Your hand"
            ]
    return texts


def where_it_stands(w, match_id: int, log_lines: int = 40) -> str:
    """What a wait that timed out needs to be understood: the match as
    stored (status, moves, who owes a decision, the seats) and the end of the
    bot's log."""
    [(status, seq)] = read_db(w.db, "SELECT status, seq FROM matches WHERE id = ?", match_id)
    seats = read_db(
        w.db, "SELECT seat, user_id, bot FROM seats WHERE match_id = ? ORDER BY seat", match_id
    )
    owing = replayed(w.db, match_id).to_act()
    log = w.bot.log_path.read_text(errors="replace").splitlines()[-log_lines:]
    return f"match {match_id}: {status}, {seq} moves, owing {owing}, seats {seats}\n" + "\n".join(
        log
    )


def tracebacks(bot) -> list[str]:
    """Tracebacks in a bot process's log (each with the line before it)."""
    lines = bot.log_path.read_text(errors="replace").splitlines()
    return [lines[i - 1] for i, line in enumerate(lines) if line.startswith("Traceback")]


async def move_button(fake, place, users):
    """(user, panel, custom_id) of a move one of `users` can make now in the
    match shown in `place` (choosing a card in a group select first)."""
    for user in users:
        panel = await reply(await fake.click(user, current_table(fake, place), custom_id="hand:"))
        selects = [s for s in panel.selects() if s["custom_id"].startswith("gg:")]
        if selects:
            await answered(
                await fake.select(
                    user,
                    panel,
                    [selects[0]["options"][0]["value"]],
                    custom_id=selects[0]["custom_id"],
                )
            )
        buttons = [b for b in panel.buttons() if b["custom_id"].startswith("g:")]
        if buttons:
            return user, panel, buttons[0]["custom_id"]
    raise AssertionError("nobody has a move")


def move_ids(message) -> list[str]:
    """The custom_ids of a message's components that play or open a hand
    (a finished table keeps only its log, replay and rematch buttons)."""
    return [c for c in message.custom_ids() if not c.startswith(("log:", "rp:", "rm:"))]


async def walk_pages(fake, user, message, op: str, limit: int = 1000) -> list:
    """Press the pager button `op` ("n" next, "p" previous) of a private log
    or replay until it is disabled; the message's revisions as it changed."""
    seen = [copy_of(message)]
    for _ in range(limit):
        button = next(b for b in message.buttons() if b["custom_id"].split(":")[2] == op)
        if button.get("disabled"):
            return seen
        inter = await answered(await fake.click(user, message, custom_id=button["custom_id"]))
        await inter.wait_reply()
        seen.append(copy_of(message))
    raise AssertionError(f"still a {op!r} page after {limit} presses")


def copy_of(message) -> dict:
    return {
        "content": message.content,
        "embeds": [dict(e) for e in message.embeds],
        "text": message.text,
    }


async def concede(fake, user, place):
    """`/game concede`, answered Yes: the bot's public word on it."""
    question = await reply(await fake.slash(user, place, "game concede"))
    assert question.ephemeral and "Give up match" in question.text, question.text
    return await reply(await fake.click(user, question, label="Yes, give up"))


def choices(panel) -> dict[str, tuple[str, str | None]]:
    """label -> (custom_id, select value or None) of every move a panel
    offers in one click: its move buttons and the options of its move select."""
    found: dict[str, tuple[str, str | None]] = {
        b["label"]: (b["custom_id"], None)
        for b in panel.buttons()
        if b["custom_id"].startswith("g:")
    }
    for select in panel.selects():
        if select["custom_id"].startswith("gs:"):
            found.update({o["label"]: (select["custom_id"], o["value"]) for o in select["options"]})
    return found


async def pick(fake, user, panel, wanted=lambda label: True) -> str:
    """Make the first move of the panel whose label `wanted` accepts, the way
    a person would: a button, an option of the move list, or a card first
    and then its use. Returns the label chosen."""
    for label, (custom_id, value) in choices(panel).items():
        if wanted(label):
            if value is None:
                await answered(await fake.click(user, panel, custom_id=custom_id))
            else:
                await answered(await fake.select(user, panel, [value], custom_id=custom_id))
            return label
    groups = next((s for s in panel.selects() if s["custom_id"].startswith("gg:")), None)
    for option in (groups or {}).get("options", []):
        assert groups is not None
        await answered(
            await fake.select(user, panel, [option["value"]], custom_id=groups["custom_id"])
        )
        if not any(b["label"] == "Back" for b in panel.buttons()):
            return option["label"]  # a card with one use: choosing it was the move
        for label, (custom_id, value) in choices(panel).items():
            if wanted(label):  # a use of the card: a button, or an option of its list
                if value is None:
                    await answered(await fake.click(user, panel, custom_id=custom_id))
                else:
                    await answered(await fake.select(user, panel, [value], custom_id=custom_id))
                return label
        await answered(await fake.click(user, panel, label="Back"))
    raise AssertionError(f"no move {wanted} in {panel!r}")


async def press_key(fake, user, panel, custom_id: str, group: str | None = None) -> None:
    """Make the move `custom_id` (g:<match>:<seq>:<key>) from a panel, wherever
    it is offered: a button, an option of the move list, or under its card
    (`group`) in the card list."""
    if any(b["custom_id"] == custom_id for b in panel.buttons()):
        await answered(await fake.click(user, panel, custom_id=custom_id))
        return
    key = custom_id.split(":", 3)[3]
    for select in panel.selects():
        values = [o["value"] for o in select["options"]]
        if select["custom_id"].startswith("gs:") and key in values:
            await answered(await fake.select(user, panel, [key], custom_id=select["custom_id"]))
            return
        if select["custom_id"].startswith("gg:") and group in values:
            await answered(await fake.select(user, panel, [group], custom_id=select["custom_id"]))
            if any(b["custom_id"] == custom_id for b in panel.buttons()):
                await answered(await fake.click(user, panel, custom_id=custom_id))
            return  # else the card had one use: choosing it was the move
    raise AssertionError(f"{custom_id} is not offered in {panel!r}")


# -- a person against a bot (the hint and thinking tests) ---------------------------


async def open_cuttle(w, channel, *, first_player: int = 2, **options):
    """alice (seat 1) against a greedy bot in `channel` itself; she plays
    first unless she deals (`first_player=1`). Returns the lobby."""
    return await reply(
        await w.fake.slash(
            w.alice,
            channel,
            "game new",
            game="cuttle",
            players=2,
            bots=1,
            here=True,
            first_player=first_player,
            **options,
        )
    )


async def cuttle_against_a_bot(w, name: str, **options):
    """alice, to play first, against a greedy bot in a new channel;
    returns (channel, lobby, table)."""
    channel = w.fake.add_text_channel(w.guild, name)
    lobby = await open_cuttle(w, channel, **options)
    table = await w.fake.wait_until(lambda: current_table(w.fake, channel), 5, "the table")
    return channel, lobby, table
