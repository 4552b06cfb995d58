"""The services are built once and wired together (cogs/services.py), and
they are what every family of components takes them for: each family
names what it uses in a Protocol beside it (mypy checks the assignments
below; the test checks the same at run time)."""

from __future__ import annotations

from pathlib import Path

from cogs.clock import Clock
from cogs.config import Config
from cogs.history.buttons import LogDesk
from cogs.hosting.forget import ForgetDesk
from cogs.hosting.lobby_button import LobbyDesk
from cogs.play.buttons import PlayDesk
from cogs.relay import Relay
from cogs.services import MatchOver, Services, build
from storage import Store
from tests.cogs.helpers import MockBot


def desks(services: Services) -> tuple[PlayDesk, LobbyDesk, ForgetDesk, LogDesk]:
    """The services as each family of components reads them (typed: mypy
    refuses this if the services lack what a family's Protocol names)."""
    return services, services, services, services


async def test_the_services_are_built_once_and_wired(store: Store, tmp_path: Path) -> None:
    config = Config(token="unused", database_path=tmp_path / "unused.db")
    services = build(MockBot(), config, store, Clock())
    assert services.store is store and services.tables.store is store
    assert services.seats is services.tables.seats and services.moves is services.tables.moves
    assert services.moves.deadlines is services.plans  # a move plans its deadline
    assert services.moderation.deadlines is services.plans
    assert services.deadlines.plans is services.plans  # the timer wakes when one is set
    tables = services.tables
    assert tables.hands.names is tables.public.names is tables.names  # one of each part
    assert tables.pings.places is tables.public.places is tables.places
    assert services.seats.thinking is tables.thinking and services.seats.moves is services.moves
    # the calls against the order of construction reach their services
    relays = (tables.names.redraw, tables.seats.shown, tables.on_finish)
    assert all(isinstance(relay, Relay) for relay in relays)
    assert [relay.target for relay in relays if isinstance(relay, Relay)] == [
        tables.editor.want,
        tables.after_move,
        MatchOver(services.tournaments, services.learning),  # a lesson's review too
    ]
    assert services.lobbies.tables is services.clicks.tables is services.tables
    play, lobby, forget, log = desks(services)
    assert play.clicks is services.clicks and play.concessions is services.concessions
    assert lobby.lobbies is services.lobbies and log.logbook is services.logbook
    assert (forget.clock, forget.store, forget.seats) == (services.clock, store, services.seats)
    await services.stop()  # stops what it holds, whatever ran
