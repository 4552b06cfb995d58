import threading

import pytest

from cogs.presenters.image_cache import ImageCache, view_key

VIEW = {"phase": "play", "players": [{"seat": 0, "rows": {"y": [1, 2]}}], "deck": 40}


class Counting:
    """A render that counts its calls (and can be made slow)."""

    def __init__(self, gate: threading.Event | None = None):
        self.calls = 0
        self.gate = gate
        self.lock = threading.Lock()

    def __call__(self, view, names):
        with self.lock:
            self.calls += 1
        if self.gate is not None:
            self.gate.wait(5)
        return f"png of {sorted(view.items())} for {names}".encode()


def test_an_unchanged_view_is_drawn_once():
    cache, render = ImageCache(), Counting()
    first = cache.get("keltis", VIEW, ["Ann", "Bo"], render)
    same = {"deck": 40, "players": [{"rows": {"y": [1, 2]}, "seat": 0}], "phase": "play"}
    assert cache.get("keltis", same, ["Ann", "Bo"], render) == first  # key order is no change
    assert render.calls == 1 == cache.renders


def test_a_change_of_view_names_or_game_draws_again():
    cache, render = ImageCache(), Counting()
    cache.get("keltis", VIEW, ["Ann", "Bo"], render)
    cache.get("keltis", {**VIEW, "deck": 39}, ["Ann", "Bo"], render)
    cache.get("keltis", VIEW, ["Ann", "Cy"], render)
    cache.get("oracle", VIEW, ["Ann", "Bo"], render)
    assert render.calls == 4
    assert (
        len(
            {
                view_key("keltis", VIEW, ["Ann"]),
                view_key("keltis", VIEW, ["Ann "]),
                view_key("oracle", VIEW, ["Ann"]),
            }
        )
        == 3
    )


def test_the_least_recently_used_image_goes_first_when_full():
    render = Counting()
    size = len(render(VIEW, ["x"]))
    cache = ImageCache(max_bytes=2 * size + size // 2)  # room for two images
    views = [{**VIEW, "deck": n} for n in (10, 20, 30)]  # same length as VIEW's image
    cache.get("g", views[0], ["x"], render)
    cache.get("g", views[1], ["x"], render)
    cache.get("g", views[0], ["x"], render)  # 0 is now the most recent
    cache.get("g", views[2], ["x"], render)  # evicts 1
    assert render.calls == 4
    cache.get("g", views[0], ["x"], render)
    assert render.calls == 4
    cache.get("g", views[1], ["x"], render)
    assert render.calls == 5


def test_threads_asking_for_the_same_board_share_one_drawing():
    gate = threading.Event()
    cache, render = ImageCache(), Counting(gate)
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(cache.get("g", VIEW, ["Ann"], render)))
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    while render.calls == 0:
        threading.Event().wait(0.01)
    gate.set()
    for thread in threads:
        thread.join(5)
    assert render.calls == 1 and len(results) == 8 and len(set(results)) == 1


def test_a_failed_drawing_is_not_kept():
    cache, calls = ImageCache(), []

    def broken(view, names):
        calls.append(1)
        raise ValueError("bad view")

    for _ in range(2):
        with pytest.raises(ValueError):
            cache.get("g", VIEW, ["Ann"], broken)
    assert len(calls) == 2
    assert cache.get("g", VIEW, ["Ann"], Counting()) is not None
