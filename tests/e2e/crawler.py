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
from cogs.play.hand_panels import COMBO, MAX_COMBO
from cogs.presenters import presenter_for
from playground.fake_discord import Channel, FakeDiscord, User
from rules import Action, Match
from rules.bots import choose_action

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


def planned(match: Match, seat: int, level: str) -> list[str]:
    """The decisions a bot of `level` would make from here, as far as a
    person could plan them in one go: each chosen on the match as the one
    before left it, stopping after a step that reveals something (a draw,
    a roll) or when the turn passes (at most MAX_COMBO)."""
    keys: list[str] = []
    while len(keys) < MAX_COMBO and seat in match.to_act():
        action = choose_action(match, seat, level)
        keys.append(action.key())
        if match.reveals(action):
            break
        match = match.preview(seat, action)
    return keys


def reaching(found: list[Offer], plan: list[str], match: Match, seat: int) -> Offer | None:
    """The offer a person takes to make the plan's first decision, as
    they would look for it: the move that plays the most of the plan
    exactly (a whole turn only if every step of it is planned), the dice
    to mark for a planned reroll, or the group (a card) the first decision
    is under."""
    moves = [
        (len(keys), o)
        for o in found
        if o.kind == "move" and (keys := o.key.split(COMBO)) == plan[: len(keys)]
    ]
    if moves:
        return max(moves, key=lambda m: m[0])[1]
    first = Action.parse(plan[0])
    marks = next((o for o in found if o.kind == "marks"), None)
    if marks is not None and first.verb == "reroll":
        return marks
    group = presenter_for(match.game_id).group(first)
    return next((o for o in found if o.kind == "group" and o.value == group), None)


def dice_to_mark(match: Match, seat: int, faces: str, options: list[str]) -> list[str]:
    """The dice (select values) whose faces are those of a planned reroll."""
    dice, left, picked = match.view(seat)["dice"], list(faces), []
    for value in options:
        if dice[int(value)] in left:
            left.remove(dice[int(value)])
            picked.append(value)
    assert not left, f"no dice {faces} to mark among {dice}"
    return picked


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
    paths: list[list[str]] = field(default_factory=list)  # what each counted turn chose
    #: a bot level whose choices the people make (reached as a person
    #: reaches them); None: the purposeful ranking below, with chance
    level: str | None = None

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
        seen = len(replayed(self.db, self.mid).log)
        opened = await self.click(person, told, f"turn:{self.mid}")
        panel = await opened.wait_reply()
        assert panel.ephemeral and panel.visible_to == person.user.id, panel
        presenter = presenter_for(replayed(self.db, self.mid).game_id)
        chosen: list[str] = []
        # a turn the rules open after a click's own move (the dice game's
        # roll after a 👺 kobold's extra turn: `Presenter.opens_turn`) is a
        # turn of its own, counted from there (no notification)
        counted: list[list[str]] = [chosen]
        # so is a phase the rules open for everyone at once after a turn of
        # one's own (Keltis's final placements, K-6c): not the ordinary turn
        alone = len(replayed(self.db, self.mid).to_act()) == 1
        while seat in (match := replayed(self.db, self.mid)).to_act():
            own = [key for s, key in match.log[seen:] if s == seat]
            together = alone and chosen and len(match.to_act()) > 1
            if together or (any(presenter.opens_turn(key) for key in own[1:]) and chosen):
                alone = alone and not together
                chosen = []
                counted.append(chosen)
            seen = len(match.log)
            assert len(chosen) < MAX_CLICKS, f"a turn of {chosen}: {panel.text[:500]}"
            chosen.append(await self.decide(person, panel, match.seq))
        if use_mine:
            self.by_mine += 1
        else:
            for i, path in enumerate(counted):
                self.turns.append(len(path) + (i == 0))
                self.paths.append(path)
                if len(path) + (i == 0) > 3:
                    self.long_turns.append(path)
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
        if self.level is not None:
            return await self.planned_click(person, panel)
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

    async def planned_click(self, person: Person, panel) -> str:
        """The click toward what the bot level would play now (`planned`)."""
        match = replayed(self.db, self.mid)
        seat = next(s for s, p in self.people.items() if p is person)
        plan = planned(match, seat, self.level or "")
        found = offers(panel)
        choice = reaching(found, plan, match, seat)
        assert choice is not None, f"{plan} is not offered: {[o.key for o in found]}"
        if choice.kind == "marks":
            picked = dice_to_mark(match, seat, Action.parse(plan[0]).args[0], choice.options)
            await self.select(person, panel, choice.custom_id, picked)
            return f"reroll dice {','.join(sorted(picked))}"
        if choice.value is None:
            await self.click(person, panel, choice.custom_id)
        else:
            await self.select(person, panel, choice.custom_id, [choice.value])
        return f"{choice.kind} {choice.key}"


def summary(turns: list[int]) -> tuple[float, int]:
    """Median and most clicks per ordinary turn."""
    return statistics.median(turns), max(turns)
