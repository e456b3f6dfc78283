"""Piecewise certification: endpoint Taylor bounds, dominance tails and interval branch-and-bound.

Algorithm.  A goal is a formula of atoms ``f > 0`` / ``f >= 0`` joined by AND (from ``Min``) and
OR (from ``Max``).  On a domain ``(a, b)`` or ``(a, oo)``:

1. **Ends.**  For each atom, the one-sided limit at a finite end is signed exactly
   (:func:`exactpriv.certify.algebra.endpoint_sign`).  If it is 0 or undetermined (a *touching*
   end, where interval bounds can never certify the sign), the Taylor method
   (:func:`exactpriv.certify.series.taylor_end`) proves the atom on ``(a, a + r]`` or shows it
   negative beside ``a``.  At ``oo`` the dominance argument
   (:func:`exactpriv.certify.asymptotic.tail_sign`: dominance, or log elimination by monotone
   quotients) proves the sign on ``[R, oo)``.
2. **Middle.**  Depth-first bisection of the remaining bounded interval.  A box is settled for
   an atom when it lies in a region proved in step 1, or when the best certified lower bound of
   :func:`exactpriv.certify.series.box_bounds` (natural, mean-value, second-order Taylor form)
   is > 0 (>= 0 for non-strict atoms).  The formula is combined in Kleene logic.  The midpoint
   of each box is also evaluated: a certainly-false midpoint is a counterexample candidate that
   the caller confirms on the original statement.  Precision doubles when a midpoint ball
   straddles 0 or the box is narrower than 2^(-prec/2); a box at ``max_prec`` narrower than
   that is left unresolved (the verdict becomes UNDECIDED with its location).

The branch-and-bound is hand-written because no library in our stack certifies a univariate
inequality with arb (python-flint has no global optimiser over balls).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from exactpriv.certify.asymptotic import tail_sign
from exactpriv.certify.monotone import endpoint_sign, probe_negative
from exactpriv.certify.core import Budget, Dom, Outcome, dec_down, fmt_q, simplest_between
from exactpriv.certify.series import box_bounds, hide_xlogx, short_midpoint, taylor_end
from exactpriv.errors import EntryRangeError, ExactPrivError
from exactpriv.exact.kernel import decide_sign

__all__ = ["And", "Atom", "Or", "atoms_of", "branch_and_bound", "piecewise"]

_TRUE, _UNKNOWN, _FALSE = 1, 0, -1
#: Boxes listed in a certificate (the count is always reported).
_MAX_LISTED_BOXES = 200


@dataclass(eq=False)
class Atom:
    """The statement ``expr > 0`` (strict) or ``expr >= 0``; ``plain`` is ``expr`` without the
    internal :class:`XLogX` (for the kernel and point probes)."""

    expr: sympy.Expr
    strict: bool
    plain: sympy.Expr | None = None

    def __post_init__(self):
        if self.plain is None:
            self.plain = self.expr

    def __str__(self):
        return f"{self.expr} {'>' if self.strict else '>='} 0"


@dataclass(eq=False)
class And:
    children: tuple

    def __str__(self):
        return "(" + ") AND (".join(map(str, self.children)) + ")"


@dataclass(eq=False)
class Or:
    children: tuple

    def __str__(self):
        return "(" + ") OR (".join(map(str, self.children)) + ")"


def _hidden(f, var):
    """The formula with entropy products y*log(y) rewritten as XLogX(y) (see certify_series)."""
    if isinstance(f, Atom):
        if f.expr is not f.plain or not (f.expr.has(sympy.log) or f.expr.has(sympy.Pow)):
            return f
        return Atom(hide_xlogx(f.expr, var), f.strict, f.expr)
    return type(f)(tuple(_hidden(c, var) for c in f.children))


def atoms_of(f) -> list:
    if isinstance(f, Atom):
        return [f]
    out = []
    for c in f.children:
        out += atoms_of(c)
    return out


# ---------------------------------------------------------------------------------------
# box evaluation in Kleene logic
@dataclass
class _BoxEval:
    box: int
    point: int
    imprecise: bool
    lower: Fraction | None


def _covered(regions, lo: Fraction, hi: Fraction) -> bool:
    return any(a <= lo and (b is None or hi <= b) for a, b in regions)


def _eval_atom(atom: Atom, var, lo, hi, prec, covered) -> _BoxEval:
    if _covered(covered.get(id(atom), ()), lo, hi):
        return _BoxEval(_TRUE, _TRUE, False, None)
    try:
        lower, _, mid_ball = box_bounds(atom.expr, var, lo, hi, prec, nonnegative=lo >= 0)
    except EntryRangeError as exc:
        raise EntryRangeError(f"the inequality is undefined on [{lo}, {hi}] inside the domain: {exc}") from None
    box = _TRUE if lower is not None and (lower > 0 or (lower >= 0 and not atom.strict)) else _UNKNOWN
    if mid_ball is None:
        point, imprecise = _UNKNOWN, True
    elif mid_ball < 0 or (atom.strict and mid_ball.is_zero()):
        point, imprecise = _FALSE, False
    elif mid_ball > 0 or (mid_ball.is_zero() and not atom.strict):
        point, imprecise = _TRUE, False
    else:
        point, imprecise = _UNKNOWN, True
    return _BoxEval(box, point, imprecise, lower)


def _eval(f, var, lo, hi, prec, covered) -> _BoxEval:
    if isinstance(f, Atom):
        return _eval_atom(f, var, lo, hi, prec, covered)
    evs = [_eval(c, var, lo, hi, prec, covered) for c in f.children]
    if isinstance(f, And):
        box = _TRUE if all(e.box == _TRUE for e in evs) else _UNKNOWN
        point = min(e.point for e in evs)
    else:
        box = _TRUE if any(e.box == _TRUE for e in evs) else _UNKNOWN
        point = max(e.point for e in evs)
    imprecise = any(e.imprecise for e in evs if e.box != _TRUE)
    lowers = [e.lower for e in evs if e.lower is not None]
    lower = (min(lowers) if isinstance(f, And) else max(lowers)) if lowers else None
    return _BoxEval(box, point, imprecise, lower)


def branch_and_bound(formula, var, lo: Fraction, hi: Fraction, budget: Budget, *, covered=None,
                     confirm=None, start_prec: int = 64, touch_check=None) -> Outcome:
    """Certify ``formula`` on ``[lo, hi]`` by bisection (see the module docstring).

    ``touch_check(a, b)`` (optional) is asked about boxes that stay unresolved below width
    2^-16; a rational point it returns (where an atom is exactly 0) is reported as
    ``Outcome.touch`` so that the caller can split the domain there."""
    covered = covered or {}
    start_prec = min(start_prec, budget.max_prec)
    stack = [(lo, hi, start_prec)]
    proved, unresolved = [], []
    n_boxes, max_used, min_lower = 0, start_prec, None
    timed_out = False
    while stack:
        if budget.expired():
            timed_out = True
            unresolved += stack
            break
        a, b, prec = stack.pop()
        n_boxes += 1
        budget.note_prec(prec)
        max_used = max(max_used, prec)
        ev = _eval(formula, var, a, b, prec, covered)
        if ev.box == _TRUE:
            proved.append((a, b, ev.lower, prec))
            if ev.lower is not None:
                min_lower = ev.lower if min_lower is None else min(min_lower, ev.lower)
            continue
        m = short_midpoint(a, b)
        if ev.point == _FALSE and confirm is not None and confirm(m):
            step = {"method": "branch-and-bound", "interval": f"[{fmt_q(lo)}, {fmt_q(hi)}]",
                    "boxes": n_boxes, "counterexample_box": f"[{fmt_q(a)}, {fmt_q(b)}]", "precision": prec}
            return Outcome("REFUTED", "branch-and-bound", [step], point=m,
                           reason=f"certified violation at the midpoint of box [{fmt_q(a)}, {fmt_q(b)}]")
        narrow = (b - a) < Fraction(1, 1 << (prec // 2)) * max(1, abs(m))
        if touch_check is not None and (b - a) < Fraction(1, 1 << 16) * max(1, abs(m)):
            q = touch_check(a, b)
            if q is not None:
                return Outcome("UNDECIDED", "branch-and-bound", [], touch=q,
                               reason=f"stalled at {fmt_q(q)}, where the goal touches 0 exactly")
        if (ev.imprecise or narrow) and prec < budget.max_prec:
            stack.append((a, b, min(2 * prec, budget.max_prec)))
            continue
        if narrow:
            unresolved.append((a, b, prec))
            continue
        stack.append((m, b, prec))
        stack.append((a, m, prec))
    step = {"method": "branch-and-bound", "interval": f"[{fmt_q(lo)}, {fmt_q(hi)}]", "boxes": n_boxes,
            "proved_boxes": len(proved), "max_precision": max_used}
    if min_lower is not None:
        step["smallest_certified_lower_bound"] = dec_down(min_lower)
    listed = [{"box": f"[{fmt_q(a)}, {fmt_q(b)}]", "lower_bound": None if lw is None else dec_down(lw),
               "precision": p} for a, b, lw, p in proved[:_MAX_LISTED_BOXES]]
    step["boxes_listed"] = listed
    if len(proved) > _MAX_LISTED_BOXES:
        step["boxes_not_listed"] = len(proved) - _MAX_LISTED_BOXES
    if unresolved:
        a, b, p = min(unresolved, key=lambda t: t[0])
        why = (f"{budget.why_not_further()} ({n_boxes:,} boxes up to {max_used:,} bits)" if timed_out else
               f"precision limit {budget.max_prec} bits reached")
        step["unresolved_boxes"] = len(unresolved)
        if budget.root().stopped:
            return Outcome("UNDECIDED", "branch-and-bound", [step],
                           reason=f"stopped by the time limit after {n_boxes:,} boxes up to {max_used:,} bits; "
                                  f"{len(unresolved)} box(es) not yet certified")
        if timed_out:
            return Outcome("UNDECIDED", "branch-and-bound", [step],
                           reason=f"{why}; {len(unresolved)} box(es) not yet certified, the first "
                                  f"[{float(a):.9g}, {float(b):.9g}]")
        return Outcome("UNDECIDED", "branch-and-bound", [step],
                       reason=f"{why}; {len(unresolved)} box(es) unresolved, the first "
                              f"[{float(a):.9g}, {float(b):.9g}] (the margin there is below what arb "
                              f"certified at {p} bits)")
    return Outcome("PROVED", "branch-and-bound", [step])


# ---------------------------------------------------------------------------------------
# ends and tail per atom, combined over the formula
def _end(atom: Atom, var, q: Fraction, direction: int, rmax: Fraction, budget: Budget):
    """("ok" | "proved" | "negative" | "failed", payload)."""
    s = endpoint_sign(atom.expr, var, q, budget)
    if s == 1:
        return "ok", None
    if s == -1:
        return "negative", None
    res = taylor_end(atom.expr, var, q, direction, rmax, max_prec=budget.max_prec)
    if res["status"] == "proved":
        return "proved", res
    if res["status"] == "negative":
        return "negative", None
    return "failed", res["reason"]


def _tail_R(f, covered):
    if isinstance(f, Atom):
        rs = [a for a, b in covered.get(id(f), ()) if b is None]
        return min(rs) if rs else None
    rs = [_tail_R(c, covered) for c in f.children]
    if isinstance(f, And):
        return None if any(r is None for r in rs) else max(rs)
    rs = [r for r in rs if r is not None]
    return min(rs) if rs else None


def _touch_checker(formula, var, dom: Dom, lo: Fraction, hi: Fraction, budget: Budget):
    """A touch_check for :func:`branch_and_bound`: the simplest rational near a stalled box
    where some atom is exactly 0 (decided by the kernel), strictly inside the domain."""
    tried: dict = {}

    def check(a, b):
        w = b - a
        for spread in (1 << 12, 1 << 4):
            q = simplest_between(a - w * spread, b + w * spread)
            if q in tried:
                if tried[q]:
                    return q
                continue
            tried[q] = False
            if not (lo < q < hi and dom.interior_contains(q)):
                continue
            sq = sympy.Rational(q.numerator, q.denominator)
            for atom in atoms_of(formula):
                try:
                    s, _ = decide_sign(atom.plain.subs(var, sq), max_prec=max(64, min(256, budget.max_prec)))
                except ExactPrivError:
                    s = None
                if s == 0:
                    tried[q] = True
                    return q
        return None

    return check


def piecewise(formula, var, dom: Dom, budget: Budget, confirm, *, depth: int = 0) -> Outcome:
    """Ends (Taylor), tail (dominance) and middle (branch-and-bound) for ``formula`` on ``dom``.

    When the branch-and-bound stalls at a rational point where an atom is exactly 0 (an interior
    touching point), the domain is split there and both halves are treated with that point as
    an end (at most 4 levels)."""
    formula = _hidden(formula, var)
    atoms = atoms_of(formula)
    covered = {id(a): [] for a in atoms}
    steps, notes = [], []
    a = dom.lo
    width = (dom.hi - a) if dom.hi is not None else Fraction(2)
    rmax = min(Fraction(1), width / 2)
    ends = [(a, 1)] + ([(dom.hi, -1)] if dom.hi is not None else [])
    for atom in atoms:
        if not atom.expr.has(var):  # a constant atom holds everywhere or nowhere
            sc, _ = decide_sign(atom.plain, max_prec=max(64, min(budget.max_prec, 1024)))
            if sc is not None and (sc > 0 or (sc == 0 and not atom.strict)):
                covered[id(atom)].append((a, None))
            continue
        for q, d in ends:
            kind, payload = _end(atom, var, q, d, rmax, budget)
            if kind == "proved":
                r = payload["radius"]
                covered[id(atom)].append((q, q + r) if d > 0 else (q - r, q))
                steps.append(dict(payload["step"], atom=str(atom)))
            elif kind == "negative":
                p = probe_negative(atom.plain, var, q, q + d * rmax, budget)
                if p is not None and confirm(p):
                    return Outcome("REFUTED", "taylor", steps + [{"method": "taylor", "endpoint": fmt_q(q),
                                                                   "atom": str(atom), "sign_beside_end": -1}],
                                   point=p, reason=f"the atom is negative just beside the end {fmt_q(q)}")
            elif kind == "failed":
                notes.append(f"end {fmt_q(q)} of [{atom}]: {payload}")
        if dom.hi is None:
            t = tail_sign(atom.plain, var, a + 1, budget)  # R > a: inside an open end
            if t is None:
                notes.append(f"tail of [{atom}]: no dominance or log-elimination argument")
                continue
            sign, R, tstep = t
            if sign > 0:
                covered[id(atom)].append((R, None))
                steps.append(dict(tstep, atom=str(atom)))
            elif confirm(R):
                return Outcome("REFUTED", "dominance", steps + [dict(tstep, atom=str(atom))], point=R,
                               reason=f"the atom is negative on [{fmt_q(R)}, oo) by dominance")
    if dom.hi is None:
        R = _tail_R(formula, covered)
        if R is None:
            # no tail proof: still search a bounded window for a counterexample
            window = max(a * 2, a + 64)
            out = branch_and_bound(formula, var, a, window, budget, covered=covered, confirm=confirm)
            if out.status == "REFUTED":
                out.steps = steps + out.steps
                return out
            return Outcome("UNDECIDED", "piecewise", steps + out.steps,
                           reason="no certified argument for the tail eps -> oo ("
                                  + "; ".join(n for n in notes if "tail" in n) + f"); [{fmt_q(a)}, "
                                  f"{fmt_q(window)}] {'proved' if out.status == 'PROVED' else 'not settled'}")
        b = max(R, a)
    else:
        b = dom.hi
    touch = _touch_checker(formula, var, dom, a, b, budget) if depth < 4 else None
    out = branch_and_bound(formula, var, a, b, budget, covered=covered, confirm=confirm, touch_check=touch)
    if out.touch is not None:
        q = out.touch
        if confirm(q):
            return Outcome("REFUTED", "touch-point", steps + [{"method": "touch-point", "point": fmt_q(q)}],
                           point=q, exact_zero=True, reason=f"the difference is exactly 0 at {fmt_q(q)}")
        split = {"method": "touch-point", "point": fmt_q(q),
                 "argument": f"an atom is exactly 0 at {fmt_q(q)} (kernel); the domain is split there and "
                             f"{fmt_q(q)} is treated as an end of both halves"}
        left = piecewise(formula, var, Dom(dom.lo, q, dom.lo_closed, True), budget, confirm, depth=depth + 1)
        if left.status == "REFUTED":
            return left
        right = piecewise(formula, var, Dom(q, dom.hi, True, dom.hi_closed), budget, confirm, depth=depth + 1)
        if right.status == "REFUTED":
            return right
        status = "PROVED" if left.status == right.status == "PROVED" else "UNDECIDED"
        reason = "; ".join(o.reason for o in (left, right) if o.status != "PROVED")
        method = " + ".join(dict.fromkeys(left.method.split(" + ") + ["touch-point"] + right.method.split(" + ")))
        return Outcome(status, method, [split] + left.steps + right.steps, reason=reason)
    methods = sorted({s["method"] for s in steps}) + ["branch-and-bound"]
    method = " + ".join(dict.fromkeys(methods))
    if out.status == "UNDECIDED" and notes:
        out.reason += " [" + "; ".join(notes) + "]"
    return Outcome(out.status, method, steps + out.steps, point=out.point, reason=out.reason)
