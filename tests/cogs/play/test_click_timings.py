"""Move clicks' timelines for bench/load (cogs/play/click_timings.py)."""

from cogs.play.click_timings import STEPS, ClickTimings


def test_nothing_is_measured_without_a_file():
    assert ClickTimings(None).start(1) is None


def test_a_click_is_written_once_every_step_is_over(tmp_path):
    path = tmp_path / "times.txt"
    timings = ClickTimings(path)
    whole, refused = timings.start(11), timings.start(12)
    assert whole is not None and refused is not None
    refused.step()  # refused after its first step: never written
    for _ in STEPS[1:]:
        whole.step()
    timings.close()
    (line,) = path.read_text().splitlines()
    inter_id, *stamps = line.split()
    assert inter_id == "11"
    assert len(stamps) == len(STEPS)
    assert [float(s) for s in stamps] == sorted(float(s) for s in stamps)


def test_timelines_are_appended_across_restarts(tmp_path):
    path = tmp_path / "times.txt"
    for inter_id in (1, 2):
        timings = ClickTimings(path)
        timeline = timings.start(inter_id)
        assert timeline is not None
        for _ in STEPS[1:]:
            timeline.step()
        timings.close()
    assert [line.split()[0] for line in path.read_text().splitlines()] == ["1", "2"]


def test_a_move_shown_on_its_table_is_one_line_of_its_wait(tmp_path):
    path = tmp_path / "times.txt"
    timings = ClickTimings(path)
    assert timings.on
    timings.table_shown(1.25)
    timings.close()
    assert path.read_text().splitlines() == ["table 1.250000"]
    assert not ClickTimings(None).on
