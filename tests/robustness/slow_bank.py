"""A claim bank whose readings misbehave on purpose (issue 10: budgets that hold in verify and report).

* ``slow.hang [never-returns]``: the check of its one instance never returns and never looks at the clock —
  only killing its worker ends it.  It blocks (a sleep that never ends) rather than spinning: the kill is a
  SIGKILL, which ends a sleeping process as it ends a spinning one, and a spinning check burnt a core for every
  second of every time-limit test (~4 s of CPU a run).  ``spinning_measure`` below spins, in pure Python, for
  the one test that needs a CPU-bound step killed;
* ``slow.deadline [slow-instances]``: forty instances of 0.2 s each, all TRUE — the cooperative deadline
  stops it between instances, with the counts so far;
* ``slow.deadline [witness-then-slow]``: an "exists" reading whose first instance is its witness, then slow
  ones — running out of time later keeps the witness (CHECKED);
* ``slow.quick [fast]``: one TRUE instance — checked although a reading before it hung.

The cooperative readings are a claim of their own, so a command-line test about the reading that never returns
can select ``slow.hang,slow.quick`` and wait out one time limit instead of three.

None of these is a statement of a paper; the expected verdicts are unset on purpose (a budget verdict
is not a property of the claim).
"""

import time

from exactpriv.claims import Claim, Family, Instance, Reading
from exactpriv.exact.decisions import Decision


def _spin(inst):
    n = 0
    while True:  # pure Python, never checks a deadline: only a kill stops it
        n += 1


def _block(inst):
    while True:  # never checks a deadline: only a kill stops it
        time.sleep(3600)


def _slow_true(inst):
    time.sleep(0.2)
    return Decision.true("test", "slow but true")


def _witness_first(inst):
    if inst.label == "i0":
        return Decision.true("test", "the witness")
    time.sleep(0.2)
    return Decision.false("test", "not a witness")


def _many(n):
    return Family(f"{n}-instances", lambda: [Instance(f"i{k}") for k in range(n)])


CLAIMS = [
    Claim("slow.hang", "misbehaving readings", "tests", "no paper", "value", readings=[
        Reading("never-returns", "blocks forever", check=_block, families=[_many(1)]),
    ]),
    Claim("slow.deadline", "readings the cooperative deadline stops", "tests", "no paper", "value", readings=[
        Reading("slow-instances", "forty slow instances, all true", check=_slow_true, families=[_many(40)]),
        Reading("witness-then-slow", "there is an instance", check=_witness_first, families=[_many(40)],
                quantifier="exists"),
    ]),
    Claim("slow.quick", "a quick reading", "tests", "no paper", "value", readings=[
        Reading("fast", "true at once", check=lambda inst: Decision.true("test", "fast"), families=[_many(1)]),
    ]),
]


def spinning_measure(M, **kwargs):
    """A "measure" that never returns (registered by tests/robustness/test_budgets.py for one test)."""
    return _spin(None)
