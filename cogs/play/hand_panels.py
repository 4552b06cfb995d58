"""A seat's private panel: its view (the hand) and its legal moves as
components, shown only to its player, and kept current after each move
while Discord lets it be edited (see cogs/play/live_panels.py).

Each player's panel has its own lock, so a click's answer never waits for
the redraw of someone else's panel, and a redraw drawn from an older load
never lands over a panel showing a later move.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from functools import cache
from typing import TYPE_CHECKING

import discord

from cogs.answer_first import PRIVATE, UPDATE, deferred_update, holding, waiting_privately
from cogs.history.hints import allowed as hints_allowed
from cogs.history.story import recent_start, tell
from cogs.i18n import speaking
from cogs.play import learn_guide
from cogs.play.live_panels import LivePanels, digest
from cogs.play.names import SeatNames
from cogs.play.panels import panel_view
from cogs.play.turns import seat_of
from cogs.presenters import Presenter, presenter_for
from cogs.replies import own_panel
from rules import Action, Match
from storage import LoadedMatch, Status

if TYPE_CHECKING:
    from storage import Store

#: joins action keys into one move (the panel offers such moves)
COMBO = "+"
#: decisions one click may make at most (play a card, move a pawn, draw)
MAX_COMBO = 3


def combos(
    match: Match, seat: int, legal: list[Action], presenter: Presenter, state: dict
) -> list[tuple[str, str]]:
    """`whole_turns`, each with its label."""
    return [(key, label()) for key, label in whole_turns(match, seat, legal, presenter, state)]


def whole_turns(
    match: Match, seat: int, legal: list[Action], presenter: Presenter, state: dict
) -> list[tuple[str, Callable[[], str]]]:
    """Whole ordinary turns as single moves: each legal move joined to the
    usual decisions that follow it (`Presenter.follows`: the draw after a
    card, the pawn a card moves), as far as the engine allows them: each
    path is played on copies, and a path stops after a step that reveals
    something (a draw, a roll), so no label shows what is still hidden.
    Where the rules also allow a decision that is no usual follow-up (a
    tile's choice not to use it), the path so far is offered too.
    Returns (joined keys, label) pairs, each path of two or more steps, the
    label drawn when asked (the panel shows only the turns that fit)."""
    if seat not in match.to_act() or type(presenter).follows is Presenter.follows:
        return []  # (a game whose turns have no usual follow-ups: nothing to try)
    found: list[tuple[str, Callable[[], str]]] = []

    def offer(path: list[tuple[Action, Callable[[], dict]]]) -> None:
        label = cache(lambda: presenter.joined_label(path)[:100])
        found.append((COMBO.join(a.key() for a, _v in path), label))

    def extend(twin: Match, steps: list[tuple[Action, Callable[[], dict]]]) -> bool:
        """Offer each path through `steps`' usual follow-ups as far as it
        goes (not its beginnings too); False when there is none."""
        last = steps[-1][0]
        if len(steps) == MAX_COMBO or twin.reveals(last, seat):
            return False
        after = twin.preview(seat, last)
        view: Callable[[], dict] = cache(lambda: after.view(seat))  # drawn if a label reads it
        offered = other = False
        for action in after.legal(seat):
            if not presenter.follows(action):
                other = True
                continue
            path: list[tuple[Action, Callable[[], dict]]] = [*steps, (action, view)]
            if not extend(after, path):
                offer(path)
            offered = True
        if offered and other and len(steps) > 1:  # the other decision is a click further
            offer(steps)
        return offered

    for action in legal:
        extend(match, [(action, lambda: state)])
    return found


#: a learn match's guide's hint for a seat's decision (cogs/play/learn_hints.py):
#: (loaded, seat, player) -> its ▶ Play it button (None: none) and its words
GuideHint = Callable[[LoadedMatch, int, int], Awaitable[tuple[discord.ui.Item | None, str]]]


class HandPanels:
    def __init__(self, store: Store, names: SeatNames, guide_hint: GuideHint | None = None):
        self.store = store
        self.names = names
        #: a learn match's first decisions come with the hint, worked out
        #: once the panel is shown (None: never)
        self.guide_hint = guide_hint
        self.live = LivePanels()
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}

    def lock(self, match_id: int, user_id: int) -> asyncio.Lock:
        """Orders the redraws of one player's private panel in a match (never
        held while taking the match lock, so the two cannot deadlock). Per
        player: a click's answer never waits for the redraw of someone
        else's panel."""
        return self._locks.setdefault((match_id, user_id), asyncio.Lock())

    async def render(
        self,
        interaction: discord.Interaction,
        loaded: LoadedMatch,
        seat: int,
        *,
        edit: bool,
        group: str | None = None,
        note: str | None = None,
        drawn: tuple[discord.Embed, discord.ui.View, tuple] | None = None,
        story: bool = False,
    ) -> None:
        """The seat's private panel: their view and their legal actions. It
        replaces the clicked message only when that is the clicker's own
        ephemeral panel; otherwise it comes as a new private message.
        `drawn`: the panel's `message(loaded, seat)`, drawn already; `story`:
        see `message`.

        Answer first, then wait (cogs/answer_first.py): when the panel's
        lock is held for long, the click is acknowledged while it waits.
        After a deferred update the clicked panel is edited through the
        interaction's token, and after a private "thinking" acknowledgement
        the panel replaces it: either way the panel is the interaction's
        original response, kept current through it (15 minutes)."""
        assert loaded.match is not None
        own = edit and own_panel(interaction)
        lock = self.lock(loaded.id, interaction.user.id)  # see update
        async with holding(interaction, lock, UPDATE if own else PRIVATE):
            if drawn is None:
                drawn = await self.message(loaded, seat, group=group, note=note, story=story)
            embed, components, seen = drawn
            if not interaction.response.is_done():
                if own:
                    await interaction.response.edit_message(embed=embed, view=components)
                else:
                    await interaction.response.send_message(
                        embed=embed, view=components, ephemeral=True
                    )
            elif (own and deferred_update(interaction)) or waiting_privately(interaction):
                await interaction.edit_original_response(embed=embed, view=components)
            else:
                await interaction.followup.send(embed=embed, view=components, ephemeral=True)
                return  # a followup's token is not the panel's: don't keep it current
            self.live.shown(loaded.id, interaction.user.id, interaction, seen, loaded.match.seq)
            await self.guide(interaction, loaded, seat, embed, components)

    async def guide(
        self,
        interaction: discord.Interaction,
        loaded: LoadedMatch,
        seat: int,
        embed: discord.Embed,
        components: discord.ui.View,
    ) -> None:
        """A learn match's guided decision: the panel, shown already (the
        click answered), gets the guide's hint and its ▶ Play it, worked
        out in a worker (under the panel's lock: no older redraw lands
        after it)."""
        if self.guide_hint is None or not learn_guide.waiting(embed):
            return
        button, text = await self.guide_hint(loaded, seat, interaction.user.id)
        learn_guide.add_hint(embed, components, button, text)
        try:
            await interaction.edit_original_response(embed=embed, view=components)
        except discord.HTTPException:
            self.live.forget(loaded.id, interaction.user.id)

    async def message(
        self,
        loaded: LoadedMatch,
        seat: int,
        *,
        group: str | None = None,
        note: str | None = None,
        story: bool = False,
    ) -> tuple[discord.Embed, discord.ui.View, tuple]:
        """The embed and components of a seat's panel, and what it shows its
        owner (see cogs/play/live_panels.py). `story`: with what happened
        since the seat's last turn, for a player coming back (it costs two
        reads, so a move's answer goes without)."""
        match = loaded.match
        assert match is not None
        presenter = presenter_for(loaded.game)
        state = match.view(seat)
        names = await self.names.names_for(loaded)
        embed = presenter.panel_embed(
            match_id=loaded.id,
            view=state,
            names=names,
            seat=seat,
            to_act=match.to_act(),
            seq=match.seq,
            note=note,
            recent=await self.since_last_turn(loaded, seat) if story else (),
        )
        if note and seat not in match.to_act():
            embed.description = f"{note}\n{embed.description or ''}"
        legal = match.legal(seat)
        # in a group (a card): its whole turns, the rarer ones too
        starts = legal if group is None else [a for a in legal if presenter.group(a) == group]
        paired = whole_turns(match, seat, starts, presenter, state)
        hint = hints_allowed(loaded) and seat in match.to_act()
        components = panel_view(
            presenter, loaded.id, match.seq, legal, state, group, combos=paired, hint=hint
        )
        if loaded.learn and legal:  # a learn match's guide (cogs/play/learn_guide.py)
            guide = learn_guide.guidance(presenter, match, seat)
            learn_guide.decorate(embed, components, guide, loaded.id, match.seq)
        seen = digest(seat in match.to_act(), match.seq, [a.key() for a in legal], state)
        return embed, components, seen

    async def since_last_turn(self, loaded: LoadedMatch, seat: int) -> list[str]:
        """The story since the seat's previous turn, as the seat may read
        it: public events and its own private ones (its draws), up to the
        loaded match's move (the panel shows that one)."""
        assert loaded.match is not None
        presenter = presenter_for(loaded.game)
        since = recent_start(loaded.match.log, (seat,), presenter)
        actions = await self.store.story(loaded.id, since=since, until=loaded.match.seq)
        names_at = await self.names.history_names(loaded)
        return [line.text for line in tell(presenter, actions, names_at, viewer=seat)]

    async def update(self, loaded: LoadedMatch) -> set[int]:
        """Redraw the open panels whose owner's turn came or whose hand
        changed, through the interactions that showed them (Discord allows
        that for 15 minutes; past that the turn ping's button opens one).

        From `loaded`, the match as the change left it (a move's committed
        match), each panel under its owner's panel lock, and never over a
        panel showing a later move: a click answers with its panel under
        the same lock, so an older redraw can never land after (and over) a
        newer one. (Not the match lock: this also runs inside it, e.g. when
        a lobby starts its match.)

        Returns the players whose open panel now shows them their decision
        (they need no ping)."""
        if not self.live.editable(loaded.id):
            return set()
        if loaded.match is None or loaded.status != Status.ACTIVE:
            self.live.forget(loaded.id)
            return set()
        showing = set()
        match = loaded.match
        for user_id in self.live.editable(loaded.id):
            seat = seat_of(loaded, user_id)
            if seat is None:
                self.live.forget(loaded.id, user_id)
                continue
            async with self.lock(loaded.id, user_id):
                panel = self.live.get(loaded.id, user_id)  # maybe redrawn meanwhile
                if panel is None:
                    continue
                if panel.seq > match.seq:  # it shows a later move already
                    if panel.digest[0]:
                        showing.add(user_id)
                    continue
                owes = seat in match.to_act()
                legal = match.legal(seat)
                seen = digest(owes, match.seq, [a.key() for a in legal], match.view(seat))
                if seen == panel.digest:
                    panel.seq = match.seq
                    if owes:
                        showing.add(user_id)
                    continue
                with speaking(getattr(panel.interaction, "locale", None)):  # its owner's
                    embed, components, seen = await self.message(loaded, seat, story=owes)
                try:
                    await panel.interaction.edit_original_response(embed=embed, view=components)
                    panel.digest, panel.seq = seen, match.seq
                    if owes:
                        showing.add(user_id)
                except discord.HTTPException:
                    self.live.forget(loaded.id, user_id)
                    continue
                with speaking(getattr(panel.interaction, "locale", None)):
                    await self.guide(panel.interaction, loaded, seat, embed, components)
        return showing
