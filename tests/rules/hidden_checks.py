"""Does re-dealing for a seat cover everything its view hides?

The non-interference check (test_contract.py) proves one half of "what a view
hides is exactly what `redeal_hidden` re-deals": the re-deal changes nothing
the seat sees. This is the other half: what the seat cannot see does not
survive the re-deal. A bot plays on a copy of the true state re-dealt for its
seat (rules/bots/sampling.py), so a field the view hides but the game forgot
to declare `hidden` would reach the bot as it truly is, every other test
passing.

The check changes the snapshot (plain JSON, whatever the state's dataclass)
as a re-deal could, and watches the views. A *place* is a field of the
state, or each item of a field whose items are lists or objects (a hand per
seat, a pile per colour). Its cards (distinct numbers) are rotated one step,
so none appears twice or goes missing; a place of one card trades it with
another hidden place, and so does each hidden place once (a hand with the
deck: they must be one pool). (A place of repeated numbers, or a field that
is a lone number, holds seats or counts, not cards, and is left alone.) Then,
for the seat:

- its view changes: the place is not hidden from it, nothing to check;
- another seat's view changes: the place holds what that seat knows and this
  one does not (a hand, a sealed bid). After the re-deal for the seat, no view
  may tell the changed state from the true one (equal cards may trade ids, so
  views, not ids, are compared): the re-deal, not the truth, decides the place;
- no view changes, and the re-deal moves the place (a deck): the re-deal must
  not depend on where the cards lay (its pool is sorted), so both re-deals
  must be equal, id for id. At the start of a match (`fresh`) every place no
  view shows must be so: nothing is known yet but what the views show.

Later, what no view shows and the re-deal leaves alone goes unchecked: from
the state alone, cards set aside that a game forgot to declare look the same
as what every seat knows from the story though no view draws it now (a
discard pile's buried cards, the fields a pawn passed this turn), and
re-dealing those would make a bot forget what it saw.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rules.core.game import Game, Snapshot, View
from rules.core.rng import Rng
from rules.core.state_codec import json_copy

#: a place in a snapshot: a field's name, then perhaps a key within it
Path = tuple[str | int, ...]
#: where a number lies: its container and its key there
Slot = tuple[Any, Any]


@dataclass(frozen=True)
class Checked:
    """A change hidden from `seat` that the check looked at."""

    seat: int
    places: tuple[Path, ...]  # one place (rotated) or two (a card traded)
    #: the re-deals were compared by every seat's view (another seat sees the
    #: change), else id for id (no seat does: a deck's order)
    by_views: bool


def places(snapshot: Snapshot) -> Iterator[Path]:
    """Every field, or each item of a field whose items are all lists or
    objects (one per seat: a hand; one per colour: a pile)."""
    for name, value in snapshot.items():
        items = _items(value)
        if items and all(isinstance(v, (list, dict)) for _, v in items):
            for key, _ in items:
                yield (name, key)
        else:
            yield (name,)


def _items(value: Any) -> list[tuple[Any, Any]]:
    if isinstance(value, dict):
        return list(value.items())
    if isinstance(value, list):
        return list(enumerate(value))
    return []


def _numbers(value: Any) -> Iterator[Slot]:
    """Every int (not bool) inside `value`, depth first."""
    for key, item in _items(value):
        if type(item) is int:
            yield value, key
        else:
            yield from _numbers(item)


def _field(path: Path) -> str:
    """The field a place lies in."""
    return str(path[0])


def at(snapshot: Snapshot, path: Path) -> Any:
    value: Any = snapshot
    for key in path:
        value = value[key]
    return value


def _editable(snapshot: Snapshot, *paths: Path) -> tuple[Snapshot, list[list[Slot]]]:
    """A copy of `snapshot` whose fields on `paths` are copied too (`load`
    copies the rest), and the numbers of each place in the copy."""
    copy = dict(snapshot)
    for path in paths:
        copy[_field(path)] = json_copy(snapshot[_field(path)])
    return copy, [list(_numbers(at(copy, path))) for path in paths]


def _cards(slots: list[Slot]) -> list[int]:
    """The numbers of a place, if they may be cards (distinct); else []."""
    numbers = [h[k] for h, k in slots]
    return numbers if len(set(numbers)) == len(numbers) else []


def rotated(snapshot: Snapshot, path: Path) -> Snapshot | None:
    """The place's cards rotated one step, if it has two or more."""
    copy, [slots] = _editable(snapshot, path)
    cards = _cards(slots)
    if len(cards) < 2:
        return None
    for (h, k), n in zip(slots, cards[-1:] + cards[:-1], strict=True):
        h[k] = n
    return copy


def bumped(snapshot: Snapshot, path: Path) -> Snapshot | None:
    """The card of a place of one card (a list of one number), plus one: not
    a state a re-deal makes (the card may now be twice in play), only a probe
    of who sees the place. (A field that is a lone number is a count or a
    seat, not a place of cards: `Hidden` declares lists.)"""
    if type(snapshot[_field(path)]) is int:
        return None
    copy, [slots] = _editable(snapshot, path)
    if len(slots) != 1:
        return None
    h, k = slots[0]
    h[k] += 1
    return copy


def swapped(snapshot: Snapshot, a: Path, b: Path, nth: int = 0) -> Snapshot | None:
    """The first card of place `a` traded with the `nth` card of place `b`
    (None if `b` has no such card, or the places are not both of cards)."""
    copy, (slots_a, slots_b) = _editable(snapshot, a, b)
    if not (_cards(slots_a) and _cards(slots_b)) or nth >= len(slots_b):
        return None
    (ha, ka), (hb, kb) = slots_a[0], slots_b[nth]
    ha[ka], hb[kb] = hb[kb], ha[ka]
    return copy


def redealt(game: Game[Any], snapshot: Snapshot, seat: int, rng_state: int) -> Any:
    """The state of `snapshot` re-dealt for `seat` by the game (by its own
    `redeal_hidden`, if it has one) with the generator in state `rng_state`."""
    state = game.load(snapshot)
    game.redeal_hidden(state, seat, Rng(rng_state))
    return state


# who sees a change
SEAT, OTHER, NOBODY = "seat", "other", "nobody"
#: the cards of a hidden place a card of one is traded with, in turn
TRADES = 3


class _Check:
    def __init__(
        self, game: Game[Any], state: Any, seat: int, players: int, rng_state: int
    ) -> None:
        self.game, self.seat, self.players, self.rng_state = game, seat, players, rng_state
        self.snapshot = game.dump(state)
        self.state = state
        self.views: dict[int, View] = {}
        self.truth: Snapshot | None = None  # the truth re-dealt for the seat
        self.other_truth: Snapshot | None = None  # ... with another generator
        self.checked: list[Checked] = []

    def view(self, i: int) -> View:
        if i not in self.views:
            self.views[i] = self.game.view(self.state, i)
        return self.views[i]

    def who_sees(self, changed: Snapshot, *, others_only: bool = False) -> str | None:
        """Who sees a change: the seat, another seat, nobody; None when the
        view cannot draw the changed state (so it surely tells it apart).
        `others_only`: whether another seat sees it, whatever the seat does."""
        try:
            other = self.game.load(changed)
            if not others_only and self.game.view(other, self.seat) != self.view(self.seat):
                return SEAT
            for i in range(self.players):
                if i != self.seat and self.game.view(other, i) != self.view(i):
                    return OTHER
        except Exception:  # noqa: BLE001 - any failure means the view reads the place
            return None
        return NOBODY

    def true_redeal(self) -> Snapshot:
        """The truth re-dealt for the seat, as a snapshot."""
        if self.truth is None:
            self.truth = self.game.dump(
                redealt(self.game, self.snapshot, self.seat, self.rng_state)
            )
        return self.truth

    def redeal_moves(self, path: Path) -> bool:
        """Does the re-deal for the seat move the place? (Asked of two
        generators: one may deal a short deck back as it lay.)"""
        if self.other_truth is None:
            s = redealt(self.game, self.snapshot, self.seat, self.rng_state ^ 0x5EED)
            self.other_truth = self.game.dump(s)
        return any(
            at(t, path) != at(self.snapshot, path) for t in (self.true_redeal(), self.other_truth)
        )

    def assert_wiped(self, changed: Snapshot, where: tuple[Path, ...], by_views: bool) -> None:
        """The re-deal for the seat makes `changed` what it makes the truth
        (by every seat's view, or id for id)."""
        self.checked.append(Checked(self.seat, where, by_views))
        text = " and ".join(".".join(map(str, p)) for p in where)
        truth = self.true_redeal()
        result = self.game.dump(redealt(self.game, changed, self.seat, self.rng_state))
        if result == truth:
            return
        assert by_views, (
            f"{self.game.id}: no seat sees a change to {text}, but the re-deal for "
            f"seat {self.seat} keeps it: declare the place in `hidden` (if the "
            "re-deal moves it: sort its pool before shuffling, so the deal depends "
            "only on what is hidden, not where it lay)"
        )
        ours, theirs = self.game.load(result), self.game.load(truth)
        for i in range(self.players):
            assert self.game.view(ours, i) == self.game.view(theirs, i), (
                f"{self.game.id}: seat {self.seat} cannot see a change to {text}, "
                f"but seat {i} still sees it after the re-deal for seat {self.seat}: "
                "declare the place in `hidden` (or re-deal it in the game's own "
                "`redeal_hidden`), with the other places whose cards it may hold"
            )


def check_redeal_covers_what_the_view_hides(
    game: Game[Any], state: Any, seat: int, players: int, rng_state: int, *, fresh: bool = False
) -> list[Checked]:
    """Fail (AssertionError) if a change to the state that `seat` cannot see
    survives the re-deal for `seat` (see the module's docstring). `fresh`: the
    match is just set up, so no seat knows anything from a story yet, and
    whatever no view shows must be re-dealt. Returns what was checked, so
    tests can tell that the check looked."""
    c = _Check(game, state, seat, players, rng_state)
    hidden: list[Path] = []  # places of cards hidden from the seat, to be re-dealt
    singles: list[tuple[Path, bool]] = []  # places of one card another seat sees,
    # and whether the seat sees that it changes
    for path in places(c.snapshot):
        changed = rotated(c.snapshot, path)
        if changed is not None:
            who = c.who_sees(changed)
            if who == OTHER or (who == NOBODY and (fresh or c.redeal_moves(path))):
                c.assert_wiped(changed, (path,), who == OTHER)
                hidden.append(path)
            continue
        # One card: whether another seat sees it. The seat may see that it
        # changed but not what it is (a sealed bid from a hand whose cards are
        # known): then it may trade only within its owner's cards (items of
        # the same key); whether the seat sees that is asked by the trades.
        changed = bumped(c.snapshot, path)
        if changed is None:
            continue
        who = c.who_sees(changed, others_only=True)
        if who == OTHER or (who == NOBODY and fresh):
            singles.append((path, c.who_sees(changed) == SEAT))
    # A card of each hidden place traded with one of another (a hand's with
    # the deck's): the first trade the seat cannot see must be wiped out too,
    # or the re-deal keeps which cards lie where (hands re-dealt only among
    # themselves, cards set aside left aside).
    for i, x in enumerate(hidden):
        for y in hidden[i + 1 :] + hidden[:i]:
            changed = swapped(c.snapshot, x, y)
            who = None if changed is None else c.who_sees(changed)
            if changed is not None and who in (OTHER, NOBODY):
                c.assert_wiped(changed, (x, y), who == OTHER)
                break
    # A place of one card is hidden from the seat if it can trade its card
    # with those of a hidden place (a sealed bid with its owner's hand) and
    # the seat sees none of it. Several cards are tried: one may be a copy
    # of the same card (a trade the seat could not see in a public pile).
    partners = [*hidden, *(p for p, _ in singles)]
    for x, own_only in singles:
        for y in partners:
            if y == x or (own_only and y[1:] != x[1:]):
                continue
            trade = _unseen_trade(c, x, y)
            if trade is not None:
                c.assert_wiped(trade[0], (x, y), trade[1] == OTHER)
                break
    return c.checked


def _unseen_trade(c: _Check, x: Path, y: Path) -> tuple[Snapshot, str] | None:
    """The first of the trades of place `x`'s card with place `y`'s first
    TRADES cards, and who sees it, if the seat sees none of them."""
    first: tuple[Snapshot, str] | None = None
    for k in range(TRADES):
        changed = swapped(c.snapshot, x, y, k)
        if changed is None:
            break
        who = c.who_sees(changed)
        if who not in (OTHER, NOBODY):
            return None
        first = first or (changed, who or NOBODY)
    return first
