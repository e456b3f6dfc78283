"""Exact validation of mechanism entries: parsing, the [0, 1] range check and proving expressions zero.

Entries are Fractions or sympy expressions in declared symbols.  Text entries go through the safe
grammar (:func:`exactpriv.exact.expressions.parse_expression`), never ``sympify``.  A symbolic entry
must lie in [0, 1]: sympy's assumptions decide small expressions; otherwise the range is refuted
exactly for constants (:func:`exactpriv.exact.kernel.compare`) or by the certifier for expressions
in eps, and an entry neither proved nor refuted is accepted (every ``M.subs(...)`` re-validates it
exactly).  A symbolic row sum is accepted only when its difference from 1 is PROVED zero
(:func:`prove_zero`: exact rewrites under a wall-clock bound; ``Expr.equals`` is numeric and is not
used), so a mechanism is never accepted on a numeric coincidence.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import flint
import sympy

from exactpriv.errors import BudgetExceededError, EntryRangeError
from exactpriv.effort import current_effort, expired, run_bounded
from exactpriv.exact.numbers import EPS, as_exact, to_sympy
from exactpriv.exact.ratfunc import NotARationalFunction, RationalFunction, rational_function_of


__all__ = ["prove_zero"]


#: Time limits of the symbolic checks made while a mechanism is built (each runs in a killable
#: worker, :func:`exactpriv.effort.run_bounded`: sympy's simplify has no deadline).  Safety nets only:
#: every check of the bank's mechanisms takes milliseconds; one that runs into its limit is noted as a
#: stop of the time limit (:func:`exactpriv.effort.note_stop`), so a reading built on it is STOPPED,
#: never decided by the clock.
ZERO_TEST_SECONDS = 30.0

RANGE_CHECK_SECONDS = 30.0

#: Share of the effort's proof steps the certifier gets to refute the range of one entry.
_RANGE_PROOF_SHARE = 0.1


def prove_zero(expr) -> bool:
    """True only if ``expr`` is *proved* identically zero by exact symbolic rewriting.

    ``sympy.Expr.equals`` is numeric and is deliberately not used.  False means "not proved"
    (also when the rewrites do not finish within :data:`ZERO_TEST_SECONDS`).
    """
    expr = to_sympy(expr)
    if expr == 0:
        return True
    zero = _zero_by_rational_function(expr)
    if zero is not None:  # exact and bounded: decided here, no round trip to the worker
        return zero
    try:
        return _prove_zero_bounded(expr)
    except BudgetExceededError:
        if expired():  # the caller's deadline (a whole file, a reading), not this test's own: stop
            raise
        return False


@functools.lru_cache(maxsize=4096)
def _prove_zero_bounded(expr) -> bool:
    return run_bounded(_prove_zero_rewrites, expr, seconds=ZERO_TEST_SECONDS, what="the zero test of a row sum",
                       warm=True)


def _rewrite_exp(e):
    return sympy.cancel(sympy.expand(e.rewrite(sympy.exp)))


def _prove_zero_rewrites(expr) -> bool:
    for rewrite in (sympy.cancel, sympy.together, _rewrite_exp, sympy.simplify):
        try:
            if rewrite(expr) == 0:
                return True
        except Exception:  # sympy internals on exotic input: not a proof either way
            continue
    return False


def check_entry(value, where: str, symbols):
    if isinstance(value, str):
        value = _parse_entry(value, where, symbols)
    v = as_exact(value, where, symbols=symbols)
    if isinstance(v, Fraction):
        if v < 0 or v > 1:
            raise EntryRangeError(f"{where}={v} is outside [0, 1]")
        return v
    try:
        bad = _symbolic_range_problem(v, _effort_key())
    except BudgetExceededError:
        if expired():  # the caller's deadline, not this check's own budget: stop
            raise
        bad = None  # not refuted within its own budget: accepted, and not remembered (the next build retries)
    if bad is not None:
        raise EntryRangeError(f"{where}={v} {bad}")
    return v


def _effort_key():
    effort = current_effort()
    try:
        hash(effort)
    except TypeError:
        return id(effort)
    return effort


# The range of a symbolic entry is a function of the (immutable, structurally compared) expression and the
# effort alone, and the bank builds the same entries over and over (the entries of RR(m, eps) in every
# family, product and substitution: 6,495 checks of ~200 distinct expressions in one `verify`), so each
# distinct entry is judged once.  A check stopped by its time limit raises and is not remembered.
@functools.lru_cache(maxsize=8192)
def _symbolic_range_problem(v, effort_key) -> str | None:
    """Why the symbolic (or irrational constant) entry ``v`` is not in [0, 1], or None when accepted.

    sympy's assumptions evaluate numerically and the certifier simplifies: on small expressions the
    assumptions run here (milliseconds), the rest runs bounded in a worker (not refuted in time: accepted, see
    :func:`_refute_unit_range`)."""
    del effort_key  # part of the cache key only: _refute_unit_range reads the effort in force
    if in_unit_range_by_signs(v):
        return None
    if _is_small(v):
        if v.is_real is False:
            return "is not real"
        if v.is_negative or (1 - v).is_negative:
            return "is outside [0, 1]"
        if v.is_nonnegative and (1 - v).is_nonnegative:
            return None
        if v.free_symbols and v.free_symbols != {EPS}:
            # The worker would ask the same three questions, then accept: the domain of parameters other
            # than eps is not known at this level (_refute_unit_range).  Decided here, without the round trip.
            return None
    return _range_problem(v)


# ---------------------------------------------------------------------------------------------------------
# The exact fast path.  Most symbolic entries of the bank are rational functions of exponentials e^{q eps}
# (randomized response, geometric and exponential mechanisms): with u = e^{eps/L} (L the lcm of the q's
# denominators; u >= 1 because eps >= 0) they are N(u)/D(u) over Q, computed with python-flint in
# microseconds.  Such an entry is proved in [0, 1] when D, N and D - N, written in t = u - 1 >= 0, have no
# negative coefficient (and D no zero constant term): a sufficient condition only, so an entry it does not
# prove goes the general way (assumptions, then the certifier in the warm worker).  A row sum minus 1 of
# this shape is zero exactly when N is the zero polynomial: sympy.cancel, the first rewrite of the general
# zero test, decides the same question on the same shape.

#: Largest exponent of u the fast path expands (entries beyond it go the general way).
_MAX_U_DEGREE = 256

_SHIFT = flint.fmpq_poly([1, 1])  # u = 1 + t


def exp_rational_function(expr) -> RationalFunction | None:
    """``expr`` (a sympy expression) as an exact rational function of u = e^{eps/L}, or None when it is not a
    rational function of exponentials e^{q eps} (q rational) with rational coefficients."""
    atoms = expr.atoms(sympy.Symbol)
    if atoms != {EPS}:
        return None
    qs = []
    for atom in expr.atoms(sympy.exp):
        q = atom.args[0] / EPS
        if not q.is_Rational:
            return None
        qs.append(Fraction(int(q.p), int(q.q)))
    if not qs:
        return None  # polynomial or other in eps: not this shape
    scale = math.lcm(*(q.denominator for q in qs))
    if max(abs(q) * scale for q in qs) > _MAX_U_DEGREE:
        return None
    try:
        return _in_u(expr, scale)
    except (NotARationalFunction, ZeroDivisionError):
        return None


def _in_u(e, scale: int) -> RationalFunction:
    """``e`` in u = e^{eps/scale}.  Every sum, product and power is capped at degree _MAX_U_DEGREE: sums, products
    and powers multiply degrees (a small entry ((1 + e^{256 eps})/(2 + e^{256 eps}))^256 has degree ~65,000), and
    this path runs in-process without the general path's time limit, so a larger one goes the general (bounded)
    way."""
    def leaf(x):
        if isinstance(x, sympy.exp):
            q = x.args[0] / EPS
            if q.is_Rational:
                k = Fraction(int(q.p), int(q.q)) * scale
                if k.denominator == 1:
                    return RationalFunction.gen() ** int(k)
        return None

    return rational_function_of(e, leaf, max_degree=_MAX_U_DEGREE)


@functools.lru_cache(maxsize=4096)
def _zero_by_rational_function(expr) -> bool | None:
    """Whether ``expr`` is identically zero when it is a rational function of u = e^{eps/L}, else None (a pure
    function of the immutable expression: row sums recur as often as their mechanisms are built)."""
    rf = exp_rational_function(expr)
    return None if rf is None else rf.is_zero


def _nonnegative_for_u_at_least_1(p: flint.fmpq_poly, *, strict: bool = False) -> bool:
    """A sufficient condition for p(u) >= 0 (> 0 when ``strict``) on u >= 1: p(1 + t) has no negative coefficient
    (and a positive constant term)."""
    coeffs = p(_SHIFT).coeffs()
    if not coeffs:
        return not strict
    return all(c >= 0 for c in coeffs) and (not strict or coeffs[0] > 0)


def in_unit_range_by_signs(v) -> bool:
    """True when ``v`` is proved in [0, 1] for every eps >= 0 by :func:`exp_rational_function` and coefficient
    signs; False means "not shown here"."""
    rf = exp_rational_function(v)
    if rf is None:
        return False
    return (_nonnegative_for_u_at_least_1(rf.D, strict=True) and _nonnegative_for_u_at_least_1(rf.N)
            and _nonnegative_for_u_at_least_1(rf.D - rf.N))


#: Expressions with at most this many nodes have their assumptions queried in-process.
_SMALL_NODES = 40


def _is_small(v) -> bool:
    for k, _ in enumerate(sympy.preorder_traversal(v)):
        if k > _SMALL_NODES:
            return False
    return True


def _parse_entry(text: str, where: str, symbols):
    """A string entry: an exact rational ('3/4') or an expression of the safe grammar in the
    declared symbols ('exp(eps)/(exp(eps) + 1)'); parsed, never evaluated as code."""
    if text.isascii():  # Fraction() also reads look-alike digits ("\u09ea/8", a Bengali 4, as 1/2)
        try:
            return Fraction(text.strip())
        except (ValueError, ZeroDivisionError):
            pass
    from exactpriv.exact.expressions import parse_expression

    return parse_expression(text, symbols={s.name: s for s in symbols}, name=where)


@functools.lru_cache(maxsize=4096)
def _range_problem(v) -> str | None:
    return run_bounded(_unit_range_problem, v, seconds=RANGE_CHECK_SECONDS, what="the range check of an entry",
                       warm=True)


def _unit_range_problem(v) -> str | None:
    if v.is_real is False:
        return "is not real"
    if v.is_negative or (1 - v).is_negative:
        return "is outside [0, 1]"
    if not (v.is_nonnegative and (1 - v).is_nonnegative):
        bad = _refute_unit_range(v)
        if bad is not None:
            return f"is outside [0, 1]: {bad}"
    return None


def _refute_unit_range(v) -> str | None:
    """Try to refute 0 <= v <= 1: exactly for closed constants, with the certifier for
    expressions in eps alone (eps >= 0).  Returns the reason when refuted, else None (an
    entry that is neither proved nor refuted is accepted here: every substitution
    ``M.subs(eps=...)`` re-validates it exactly)."""
    from exactpriv.exact.kernel import compare

    if not v.free_symbols:
        for op, bound in ((">=", 0), ("<=", 1)):
            d = compare(v, op, bound)
            if d.is_false:
                return f"{v} {op} {bound} is false ({d.method})"
        return None
    if v.free_symbols != {EPS}:
        return None  # the domain of other parameters is not known here
    from exactpriv.certify import prove_inequality

    for op, bound in ((">=", 0), ("<=", 1)):
        try:
            res = prove_inequality(v, op, bound, effort=current_effort().scaled(_RANGE_PROOF_SHARE))
        except Exception:  # the certifier cannot handle it: neither proved nor refuted
            continue
        if res.verdict == "REFUTED":
            return f"{v} {op} {bound} fails at eps = {res.point}"
    return None
