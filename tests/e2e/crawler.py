"""A person playing by chat over days, as a crawler: between two turns they
are away (Discord has forgotten every interaction token of theirs, so no
panel of theirs can be redrawn), and each turn starts at what told them it
is their move: the mention in the match's thread, the DM, or `/game mine`.
From there they press only buttons and selects of messages they can see.

Every click is checked: answered within Discord's 3 s, and never a refusal
(another server, not your match, unknown button, stale, something went
wrong) for a button the bot showed that very person. Clicks per turn are
counted from the notification on. Moves are chosen by their action keys,
so the crawler plays the same in every language.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from cogs import replies
from cogs.i18n import in_language
from cogs.play.hand_panels import COMBO
from playground.fake_discord import Channel, FakeDiscord, User

from .bot_helpers import read_db, replayed, reply

#: the answers that are dead ends for a button the bot showed its clicker
DEAD_ENDS = (
    replies.WRONG_SERVER,
    replies.NOT_SEATED,
    replies.UNKNOWN_MATCH,
    replies.INVALID_BUTTON,
    replies.BROKEN,
    replies.STALE,
    replies.STALE_SHORT,
    replies.ILLEGAL,
    replies.NOT_YOUR_TURN,
    replies.RACED,
    replies.NOT_ACTIVE,
    replies.CORRUPT_MATCH,
)
REFUSALS = {in_language(lang, text)[:40] for text in DEAD_ENDS for lang in ("en", "ja")}
#: moves a purposeful player prefers (by action key); a whole turn in one click first
PREFERRED = ("play:", "pawn:", "stop+move:", "move:", "points:", "clover", "draw:deck", "draw")
#: decisions a turn may take at most before the crawler gives up (a loop is a bug)
MAX_CLICKS = 15


@dataclass
class Offer:
    """One thing a panel offers: a move (button or select option), a card
    (a group of moves), or the dice to reroll (a marking select)."""

    kind: str  # "move", "group" or "marks"
    key: str
    custom_id: str
    value: str | None = None
    options: list[str] = field(default_factory=list)


def offers(panel) -> list[Offer]:
    found = []
    for button in panel.buttons():
        if button["custom_id"].startswith("g:") and not button.get("disabled"):
            found.append(Offer("move", button["custom_id"].split(":", 3)[3], button["custom_id"]))
    for select in panel.selects():
        cid, values = select["custom_id"], [o["value"] for o in select["options"]]
        if cid.startswith("gs:"):
            found += [Offer("move", v, cid, v) for v in values]
        elif cid.startswith("gg:"):
            found += [Offer("group", v, cid, v) for v in values]
        elif cid.startswith("mk:"):
            found.append(Offer("marks", "reroll", cid, options=values))
    return found


def rank(offer: Offer) -> tuple[int, int]:
    """Lower is better: whole turns, then building moves, then anything."""
    if offer.kind == "group":
        return (3, 0)
    if offer.kind == "marks":
        return (2, 0)
    whole = 0 if COMBO in offer.key else 1
    for i, prefix in enumerate(PREFERRED):
        if offer.key.startswith(prefix):
            return (whole, i)
    return (whole, len(PREFERRED) + (offer.key in ("pass", "skip", "resolve")))


@dataclass
class Person:
    user: User
    mode: str  # "mention" or "dm"
    mark: int = 0  # the fake's message log when their last click was made


@dataclass
class Crawl:
    """One match crawled: who plays it, how, and what was counted."""

    fake: FakeDiscord
    db: Path
    mid: int
    place: Channel  # the match's thread (or channel)
    people: dict[int, Person]  # seat -> person (bot seats left out)
    rnd: random.Random
    turns: list[int] = field(default_factory=list)  # clicks per turn, from the notification
    by_mine: int = 0  # turns started from `/game mine` (not counted in `turns`)
    clicks: list = field(default_factory=list)  # every interaction the people made
    dead_ends: list[str] = field(default_factory=list)
    long_turns: list[list[str]] = field(default_factory=list)  # what took 4 clicks or more

    # -- whose turn ---------------------------------------------------------------
    async def owing(self, timeout: float = 10.0):
        """(seat, seq) of the person who owes a decision next (after any
        bot moves), or None once the match is over."""

        def ready():
            match = replayed(self.db, self.mid)
            if match.is_over():
                return ("over",)
            humans = [s for s in match.to_act() if s in self.people]
            return (humans[0], match.seq) if humans else None

        found = await self.fake.wait_until(ready, timeout, "a person's turn")
        return None if found == ("over",) else found

    def finished(self) -> bool:
        [(status,)] = read_db(self.db, "SELECT status FROM matches WHERE id = ?", self.mid)
        return status == "finished"

    # -- one click, checked ---------------------------------------------------------
    async def _checked(self, person: Person, inter) -> object:
        await inter.wait_answered(3.0)
        self.clicks.append(inter)
        for message in [inter.original, *inter.followups, *inter.touched]:
            text = getattr(message, "text", "") or ""
            for refusal in REFUSALS:
                if refusal in text:
                    self.dead_ends.append(f"{inter.custom_id or inter.name}: {text[:200]}")
        return inter

    async def click(self, person: Person, message, custom_id: str):
        person.mark = self.fake.mark()
        return await self._checked(person, await self.fake.click(person.user, message, custom_id))

    async def select(self, person: Person, message, custom_id: str, values: list[str]):
        person.mark = self.fake.mark()
        inter = await self.fake.select(person.user, message, values, custom_id=custom_id)
        return await self._checked(person, inter)

    # -- where a turn starts --------------------------------------------------------
    async def notification(self, person: Person):
        """The newest message since their last click that tells them it is
        their move in this match, with its Your move button."""
        fake, user, turn = self.fake, person.user, f"turn:{self.mid}"

        def found():
            if person.mode == "dm":
                messages = fake.dms(user)
            else:
                messages = [
                    m
                    for m in fake.messages(self.place, ephemeral=False)
                    if f"<@{user.id}>" in m.content
                ]
            return next(
                (
                    m
                    for m in reversed(messages)
                    if fake.state.messages.index(m) >= person.mark
                    and any(b["custom_id"] == turn for b in m.buttons())
                ),
                None,
            )

        return await fake.wait_until(found, 10, f"{user.name}'s {person.mode} notification")

    async def from_mine(self, person: Person, guild):
        """`/game mine` where the person is told (the thread, or their DMs)."""
        fake = self.fake
        if person.mode == "dm":
            dm = fake.state.dm_channel(person.user)
            inter = await fake.forge_slash(person.user, dm, "game mine", scope=guild)
        else:
            inter = await fake.slash(person.user, self.place, "game mine")
        listing = await reply(inter)
        return listing

    # -- a whole turn -----------------------------------------------------------------
    async def turn(self, seat: int, *, guild, use_mine: bool = False, before_click=None) -> None:
        """The person at `seat` comes back, is told, opens their panel and
        makes every decision of their turn; then goes away again."""
        person = self.people[seat]
        told = await (self.from_mine(person, guild) if use_mine else self.notification(person))
        if before_click is not None:
            await before_click()
        opened = await self.click(person, told, f"turn:{self.mid}")
        panel = await opened.wait_reply()
        assert panel.ephemeral and panel.visible_to == person.user.id, panel
        chosen: list[str] = []
        while seat in (match := replayed(self.db, self.mid)).to_act():
            assert len(chosen) < MAX_CLICKS, f"a turn of {chosen}: {panel.text[:500]}"
            chosen.append(await self.decide(person, panel, match.seq))
        if use_mine:
            self.by_mine += 1
        else:
            self.turns.append(1 + len(chosen))
            if len(chosen) > 2:
                self.long_turns.append(chosen)
        for inter in self.fake.state.interactions:  # away for hours: Discord forgets them
            if inter.user is person.user:
                inter.expire()

    async def decide(self, person: Person, panel, seq: int) -> str:
        """One click in the person's panel, once it shows the decision;
        what was chosen."""
        await self.fake.wait_until(
            lambda: any(o.custom_id.split(":")[2] == str(seq) for o in offers(panel)),
            5,
            "the panel to show the decision",
        )
        choice = min(offers(panel), key=lambda o: (rank(o), self.rnd.random()))
        if choice.kind == "marks" or (
            self.rnd.random() < 0.25 and any(o.kind == "marks" for o in offers(panel))
        ):
            marks = next(o for o in offers(panel) if o.kind == "marks")
            picked = self.rnd.sample(marks.options, self.rnd.randint(1, len(marks.options)))
            await self.select(person, panel, marks.custom_id, picked)
            return f"reroll dice {','.join(sorted(picked))}"
        if choice.value is None:
            await self.click(person, panel, choice.custom_id)
        else:
            await self.select(person, panel, choice.custom_id, [choice.value])
        return f"{choice.kind} {choice.key}"


def summary(turns: list[int]) -> tuple[float, int]:
    """Median and most clicks per ordinary turn."""
    return statistics.median(turns), max(turns)
