"""Symbolic mechanism families and the step combinator of the all-parameter proofs (Cuff–Yu).

The tightness readings named ``forall-…`` decide an equality witness for every ε (or δ, e) at once: the
measures of a *symbolic* mechanism are replaced by their exact closed forms
(:mod:`exactpriv.measures.symbolic`) and the resulting univariate statement is certified
(:mod:`exactpriv.forall`, :mod:`exactpriv.certify`).  A proof is a list of steps; :func:`all_steps`
is TRUE only when every step is TRUE, FALSE at the first FALSE step (later steps are not evaluated).
"""

from __future__ import annotations

import functools

import sympy

from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms import zoo

EXP_EPS = sympy.exp(EPS)
HALF = sympy.Rational(1, 2)


def all_steps(parts: list, what: str) -> Decision:
    """TRUE iff every part is TRUE; FALSE at the first FALSE (parts given as zero-argument
    callables are evaluated lazily, in order); else UNDECIDED."""
    done = []
    for p in parts:
        d = p() if callable(p) else p
        done.append(d)
        if d.is_false:
            break
    parts = done
    cert = {"parts": [{"truth": d.truth.value, "method": d.method, "reason": d.reason} for d in parts]}
    for d in parts:
        if d.is_false:
            return Decision.false(d.method, f"{what}: {d.reason}", certificate={**cert, **d.certificate})
    if all(d.is_true for d in parts):
        return Decision.true("forall", f"{what}: all {len(parts)} steps proved", certificate=cert)
    und = [d for d in parts if d.is_undecided]
    return Decision.undecided(und[0].method, f"{what}: {und[0].reason}", certificate=cert)


def h_sym(x):
    """Binary entropy in nats as a sympy expression (used on (0, 1), where 0 log 0 does not arise)."""
    return -x * sympy.log(x) - (1 - x) * sympy.log(1 - x)


@functools.lru_cache(maxsize=None)
def rr2():
    """Binary randomized response RR_2(ε) with a symbolic ε (= BSC(1/(1 + e^ε)))."""
    return zoo.randomized_response(2, eps=EPS)
