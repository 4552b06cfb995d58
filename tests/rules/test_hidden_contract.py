"""The contract's check that a re-deal covers what a view hides
(tests/rules/hidden_checks.py) can fail, and passes where it should.

Planted games, registered nowhere, hide what they forgot to declare; real
games lose one of their declarations; the sealed-bid game (own pools) passes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from rules import Match
from rules.core.actions import Action
from rules.core.game import OVER, Game, GameType
from rules.core.hidden import Hidden, redeal
from rules.core.registry import all_games
from rules.core.rng import Rng
from tests.rules import sealed_bid_game
from tests.rules.hidden_checks import check_redeal_covers_what_the_view_hides as check
from tests.rules.playout import random_step

CARDS = 12


@dataclass(slots=True)
class CardsState:
    hands: list[list[int]]
    deck: list[int]  # the top is last
    played: list[list[int]]  # per seat, face up, in order
    current: int = 0
    phase: str = "play"
    end_reason: str | None = None
    conceded: int | None = None


class HighCard(Game[CardsState]):
    """Two seats hold three cards of twelve; a turn plays one face up and
    draws the deck's top. Hands and deck are declared hidden: honest."""

    id, name = "highcard", "High card"
    kind = GameType(min_players=2, max_players=2, hidden_information=True, chance=True)
    verbs = frozenset({"play"})
    max_actions = CARDS
    state_type = CardsState
    hidden: ClassVar[tuple[Hidden, ...]] = (
        Hidden("hands", per_seat=True),
        Hidden("deck", ordered=True),
    )

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> CardsState:
        deck = list(range(CARDS))
        rng.shuffle(deck)
        return CardsState(
            hands=[sorted(deck[:3]), sorted(deck[3:6])], deck=deck[6:], played=[[], []]
        )

    def to_act(self, s: CardsState) -> tuple[int, ...]:
        return () if s.phase == OVER else (s.current,)

    def legal(self, s: CardsState, seat: int) -> list[Action]:
        return [Action.of("play", c) for c in s.hands[seat]]

    def apply(self, s: CardsState, seat: int, action: Action, rng: Rng) -> list[dict[str, Any]]:
        card = int(action.args[0])
        s.hands[seat].remove(card)
        s.played[seat].append(card)
        if s.deck:
            s.hands[seat] = sorted([*s.hands[seat], s.deck.pop()])
        if not any(s.hands):
            s.phase = OVER
        elif s.hands[1 - seat]:
            s.current = 1 - seat
        return [{"type": "play", "seat": seat, "card": card}]

    def view(self, s: CardsState, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "to_act": list(self.to_act(s)),
            "hand_sizes": [len(h) for h in s.hands],
            "deck": len(s.deck),
            "played": [list(p) for p in s.played],
        }
        if seat is not None:
            view["hand"] = list(s.hands[seat])
        return view

    def outcome(self, s: CardsState) -> dict[str, Any] | None:
        if s.phase != OVER:
            return None
        totals = [sum(p) for p in s.played]
        return {"scores": totals, "breakdown": [{}, {}], "winners": [totals.index(max(totals))]}


class ForgotHands(HighCard):
    """The view hides the other hand, which is not declared `hidden`."""

    hidden = (Hidden("deck", ordered=True),)


class ForgotDeck(HighCard):
    """The deck, which no seat sees, is not declared `hidden`."""

    hidden = (Hidden("hands", per_seat=True),)


class DeckAsItLies(HighCard):
    """Its own re-deal shuffles the deck as it lies, unsorted: the sample
    tells where the true cards were."""

    def redeal_hidden(self, state: CardsState, seat: int, rng: Rng) -> None:
        redeal(state, seat, rng, self.hidden[:1])
        rng.shuffle(state.deck)


def states(game: Game[Any], players: int, seed: int) -> list[Any]:
    """The states of one random match, from the deal to the end."""
    rnd, rng = random.Random(seed), Rng(seed)
    state = game.setup(players, {}, rng)
    found = [game.copy(state)]
    while owed := game.to_act(state):
        seat = rnd.choice(owed)
        game.apply(state, seat, rnd.choice(game.legal(state, seat)), rng)
        found.append(game.copy(state))
    return found


def check_match(game: Game[Any], players: int, seed: int = 1) -> list[Any]:
    """The check, for every seat at every state of a match."""
    checked = []
    for n, state in enumerate(states(game, players, seed)):
        for seat in range(players):
            checked += check(game, state, seat, players, 7 * n + seat, fresh=n == 0)
    return checked


def test_an_honest_game_passes_and_every_hidden_place_is_checked():
    checked = check_match(HighCard(), 2)
    assert {c.places for c in checked if c.seat == 0} >= {
        (("hands", 1),),  # the other hand, which seat 1 sees
        (("deck",),),  # the deck, which nobody sees
        (("hands", 1), ("deck",)),  # a card traded between them
    }


def test_a_view_that_hides_an_undeclared_field_fails():
    with pytest.raises(AssertionError, match=r"change to hands\.1, but seat 1 still sees it"):
        check(ForgotHands(), states(ForgotHands(), 2, 1)[3], 0, 2, 5)


def test_a_deck_no_seat_sees_must_be_declared_from_the_deal():
    game = ForgotDeck()
    with pytest.raises(AssertionError, match="no seat sees a change to deck"):
        check(game, states(game, 2, 1)[0], 0, 2, 5, fresh=True)


def test_a_redeal_that_depends_on_where_the_cards_lay_fails():
    game = DeckAsItLies()
    with pytest.raises(AssertionError, match="sort its pool"):
        check(game, states(game, 2, 1)[2], 0, 2, 5)


# -- sealed bids: a card from its owner's own pool ------------------------------
SEALED = sealed_bid_game.GAME


@pytest.fixture
def sealed_registered(monkeypatch):
    monkeypatch.setitem(all_games(), SEALED.id, SEALED)


def test_a_sealed_bid_is_redealt_from_its_owners_own_cards(sealed_registered):
    match = Match.new(SEALED.id, 3, "sealed")
    match.act(1, "bid:g4", match.seq)
    match.act(2, "bid:b2", match.seq)
    bids = set()
    for state in range(30):
        twin = match.copy()
        twin.game.redeal_hidden(twin.state, 0, Rng(state))
        assert twin.view(0) == match.view(0) and twin.legal(0) == match.legal(0)
        for seat in (1, 2):
            s, t = twin.state, match.state
            assert len(s.bids[seat]) == 1
            assert set(s.bids[seat] + s.hands[seat]) == set(t.bids[seat] + t.hands[seat])
        bids.add(sealed_bid_game.code(twin.state.bids[1][0]))
    assert bids == {"g1", "g2", "g3", "g4", "g5"}  # a sample, not the truth


def test_sealed_bids_pass_the_check_which_trades_a_bid_with_its_owners_hand():
    checked = check_match(SEALED, 3)
    assert (("bids", 1), ("hands", 1)) in {c.places for c in checked if c.seat == 0}


def test_a_forgotten_sealed_bid_fails():
    """Hands declared, the bid of one card forgotten: found by trading it
    with a card of its owner's hand."""

    class ForgotBids(sealed_bid_game.SealedBids):
        hidden = (Hidden("hands", per_seat=True),)

    game = ForgotBids()
    state = game.setup(2, {}, Rng(1))
    game.apply(state, 1, Action.of("bid", "g3"), Rng(1))
    with pytest.raises(
        AssertionError, match=r"change to (bids\.1 and hands\.1|hands\.1 and bids\.1)"
    ):
        check(game, state, 0, 2, 5)


# -- the real games, each losing one of its declarations -------------------------
DECLARED = [(gid, h.field) for gid, g in all_games().items() for h in g.hidden]


def holding(game_id: str, field: str) -> object:
    """The first state of a seeded random playout (the deal, for a field
    dealt into) where `field` holds a card seat 0 may not see: another
    seat's (a hand, a sealed bid made later) or a shared one (a deck)."""
    game = all_games()[game_id]
    [declared] = [h for h in game.hidden if h.field == field]
    match, rnd = Match.new(game_id, game.min_players, f"forget-{field}"), random.Random(0)
    while not match.is_over():
        cards = getattr(match.state, field)
        if any(cards[1:]) if declared.per_seat else cards:
            return match.state
        random_step(match, rnd)
    raise AssertionError(f"{field} never holds a card in the playout")


@pytest.mark.parametrize("game_id,field", DECLARED)
def test_a_real_game_that_forgets_a_hidden_field_fails(monkeypatch, game_id, field):
    game = all_games()[game_id]
    state = holding(game_id, field)
    monkeypatch.setattr(type(game), "hidden", tuple(h for h in game.hidden if h.field != field))
    with pytest.raises(AssertionError, match=field):
        check(game, state, 0, game.min_players, 5, fresh=True)


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_the_real_games_pass_at_the_deal(game_id):
    game = all_games()[game_id]
    state = Match.new(game_id, game.max_players, "deal").state
    for seat in range(game.max_players):
        check(game, state, seat, game.max_players, 5, fresh=True)
