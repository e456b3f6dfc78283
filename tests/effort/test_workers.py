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


class _Cycle:
    def __init__(self):
        self.me = self


def _gc_in_worker(at_least: int):
    """In the worker: whether at least ``at_least`` objects are frozen (inherited from the parent), and whether
    a cycle made here is still collected."""
    import gc
    import weakref

    c = _Cycle()
    alive = weakref.ref(c)
    del c
    gc.collect()
    return gc.get_freeze_count() >= at_least, alive() is None


def test_a_worker_leaves_what_it_inherits_out_of_its_collections_and_collects_its_own():
    """A full collection in a worker would walk every object of the parent (~1 s over verify's checking worker):
    the worker freezes what it inherits, and still frees its own cycles; the parent's collections are as before."""
    import gc

    frozen = gc.get_freeze_count()  # (tests/conftest.py freezes what collection loaded)
    inherited = frozen + len(gc.get_objects()) // 2  # a lower bound of what the worker inherits, frozen
    assert run_bounded(_gc_in_worker, inherited, what="gc") == (True, True)
    with BoundedWorker(_gc_in_worker) as worker:
        assert worker(inherited, what="gc") == (True, True)
    assert gc.get_freeze_count() == frozen
