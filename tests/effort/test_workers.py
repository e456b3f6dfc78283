"""Killable workers: each call runs under its own deadline, never under one inherited at the fork."""

from exactpriv import effort
from exactpriv.effort import workers
from exactpriv.effort import BoundedWorker, run_bounded


def _deadline_seen():
    """(expired, what, seconds) of the deadline in force inside the worker."""
    d = effort.current()
    return effort.expired(), None if d is None else d.what, None if d is None else d.seconds


def test_the_warm_worker_forgets_the_deadline_it_was_forked_under():
    """Issue 19: the warm worker forked inside a deadline kept that deadline for every later call, so once
    it passed every proof in the worker started expired (UNDECIDED "budget exhausted" in 0.1 s)."""
    workers._WARM.stop()  # the next warm call forks a fresh worker, inside the deadline below
    with effort.deadline(3600, what="forking run"):
        assert run_bounded(_deadline_seen, warm=True, what="first") == (False, "forking run", 3600)
    # the same worker, called outside any deadline: no deadline of the forking run is left in it
    assert run_bounded(_deadline_seen, warm=True, what="second") == (False, "second", None)
    with effort.deadline(7, what="later run"):
        assert run_bounded(_deadline_seen, warm=True, what="third") == (False, "later run", 7)
    assert run_bounded(_deadline_seen, warm=True, seconds=30, what="own") == (False, "own", 30)


def test_a_bounded_worker_gets_each_calls_deadline():
    with BoundedWorker(_deadline_seen) as worker:
        with effort.deadline(3600, what="forking run"):
            assert worker(what="first") == (False, "forking run", 3600)
        assert worker(what="second") == (False, "second", None)
        assert worker(seconds=20, what="own") == (False, "own", 20)


def test_a_one_shot_worker_sees_its_own_budget():
    assert run_bounded(_deadline_seen, seconds=15, what="one shot") == (False, "one shot", 15)
