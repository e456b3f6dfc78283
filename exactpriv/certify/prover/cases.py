"""Lifting Min/Max/Abs into AND/OR formulas of atoms, and proving each atom (steps 1-5 of the certifier).

``Min``/``Max`` (and ``Abs f = Max(f, -f)``) are lifted through sums and constant multiples, so
``g = rhs - lhs >= 0`` becomes AND (Min) / OR (Max) of Min/Max-free atoms.  Each atom is factored
(constant-sign factors divided out exactly), then tried with the cheapest sound method first: exact
algebra (:mod:`exactpriv.certify.algebra`), monotone pieces (:mod:`exactpriv.certify.monotone`),
asymptotic tails, then piecewise branch-and-bound (:mod:`exactpriv.certify.bnb`).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from exactpriv.certify.algebra import exact_decide, strip_factors_both
from exactpriv.certify.asymptotic import tail_sign
from exactpriv.certify.monotone import monotone_decide
from exactpriv.certify.bnb import And, Atom, Or, piecewise
from exactpriv.certify.core import Budget, Dom, Outcome, simplest_between
from exactpriv.exact.kernel import decide_sign


__all__: list[str] = []  # helpers of the package; its public names are re-exported by exactpriv.certify.prover


# ---------------------------------------------------------------------------------------
# Min/Max cases
def min_max_tree(e, var):
    """A tree ("leaf", expr) | ("min"|"max", [trees]) equal to ``e`` pointwise."""
    if not e.has(sympy.Min, sympy.Max, sympy.Abs):
        return ("leaf", e)
    if isinstance(e, (sympy.Min, sympy.Max)):
        return ("min" if isinstance(e, sympy.Min) else "max", [min_max_tree(a, var) for a in e.args])
    if isinstance(e, sympy.Abs):  # |f| = Max(f, -f)
        inner = min_max_tree(e.args[0], var)
        return ("max", [inner, _scale_tree(inner, sympy.Integer(-1), -1)])
    if isinstance(e, sympy.Add):
        tree = min_max_tree(e.args[0], var)
        for a in e.args[1:]:
            tree = _add_trees(tree, min_max_tree(a, var))
        return tree
    if isinstance(e, sympy.Mul):
        const = [a for a in e.args if not a.has(var)]
        rest = [a for a in e.args if a.has(var)]
        if len(rest) == 1 and const:
            c = sympy.Mul(*const)
            s, _ = decide_sign(c, max_prec=256)
            if s in (1, -1):
                return _scale_tree(min_max_tree(rest[0], var), c, s)
    return ("leaf", e)


def _add_trees(a, b):
    if a[0] == "leaf" and b[0] == "leaf":
        return ("leaf", a[1] + b[1])
    if a[0] != "leaf":
        return (a[0], [_add_trees(c, b) for c in a[1]])
    return (b[0], [_add_trees(a, c) for c in b[1]])


def _scale_tree(t, c, s):
    if t[0] == "leaf":
        return ("leaf", c * t[1])
    kind = t[0] if s > 0 else {"min": "max", "max": "min"}[t[0]]
    return (kind, [_scale_tree(ch, c, s) for ch in t[1]])


def formula_of_tree(tree, strict):
    """The min/max tree ``>= 0`` (``> 0`` if ``strict``) as a formula: min is And, max is Or of atoms."""
    if tree[0] == "leaf":
        return Atom(tree[1], strict)
    cls = And if tree[0] == "min" else Or
    kids = []
    for ch in tree[1]:
        f = formula_of_tree(ch, strict)
        kids += list(f.children) if isinstance(f, cls) else [f]
    return cls(tuple(kids))


# ---------------------------------------------------------------------------------------
# per-atom and per-formula proofs
@dataclass
class _Prepared:
    atom: Atom
    h: sympy.Expr
    dom: Dom
    steps: list
    notes: list


def _atom_symbolic(atom: Atom, x, dom: Dom, budget: Budget):
    """(Outcome or None, _Prepared): exact and monotone methods."""
    # (h0: eps^k, exp(.), constants only; h: also factors of certified sign)
    (h0, rstep0, hdom0), (h, rstep, hdom) = strip_factors_both(atom.expr, x, dom, budget)
    steps = [rstep] if rstep else []
    prep = _Prepared(Atom(h, atom.strict), h, hdom, steps, [])
    if not h.has(x):
        s, d = decide_sign(h, max_prec=budget.max_prec)
        if s is None:
            prep.notes.append(d.reason)
            return None, prep
        ok = s > 0 or (s == 0 and not atom.strict)
        p = simplest_between(hdom.lo, hdom.hi if hdom.hi is not None else hdom.lo + 2)
        charted = rstep is not None and any(isinstance(f, dict) for f in rstep["removed_factors"])
        method = "exact-algebra" if charted else "exact-sign"
        st = {"method": method, "constant": str(h), "sign": s}
        return Outcome("PROVED" if ok else "REFUTED", method, steps + [st], point=None if ok else p,
                       exact_zero=(s == 0)), prep
    out = exact_decide(h, x, hdom, atom.strict, budget)
    if out is not None:
        if out.status != "UNDECIDED":
            out.steps = steps + out.steps
            return out, prep
        prep.notes.append(out.reason)
    if budget.expired():
        return None, prep
    # h' of the partly reduced form may be rational when that of the fully reduced one is not
    # (1/2 - 1/(t+1) - eps/6 versus -eps (t+1) + 3t - 3), so both are tried
    variants = [(h, hdom, steps)]
    if h0 is not h and h0 != h:
        variants.append((h0, hdom0, [rstep0] if rstep0 else []))
    for hv, dv, sv in variants:
        mono = monotone_decide(hv, x, dv, atom.strict, budget, lambda hh, s: tail_sign(hh, x, s, budget))
        if mono is not None:
            if mono.status != "UNDECIDED":
                mono.steps = sv + mono.steps
                return mono, prep
            prep.notes.append(f"monotone: {mono.reason}")
        if budget.expired():
            break
    return None, prep


def _conjuncts(f):
    return list(f.children) if isinstance(f, And) else [f]


def prove_formula(formula, x, dom: Dom, budget: Budget, confirm) -> Outcome:
    """Prove the And/Or ``formula`` of sign atoms in ``x`` on ``dom``, conjunct by conjunct, within ``budget``."""
    parts = _conjuncts(formula)
    results: list = [None] * len(parts)
    pending = []
    for i, c in enumerate(parts):
        if isinstance(c, Atom):
            out, prep = _atom_symbolic(c, x, dom, budget)
            if out is not None:
                if out.status == "REFUTED" and confirm(out):
                    return out
                if out.status == "PROVED":
                    results[i] = out
                    continue
                prep.notes.append(f"candidate counterexample {out.point} was not confirmed")
            pending.append((i, prep))
        else:
            pending.append((i, None))
    for j, (i, prep) in enumerate(pending):
        sub = budget.share(1.0 / (len(pending) - j))
        if prep is not None:
            out = piecewise(prep.atom, x, prep.dom, sub, lambda p: confirm(Outcome("REFUTED", "", point=p)))
            out.steps = prep.steps + out.steps
            if out.status == "UNDECIDED" and prep.notes:
                out.reason += " (" + "; ".join(prep.notes) + ")"
        else:
            out = _prove_or(parts[i], x, dom, sub, confirm)
        if out.status == "REFUTED":
            return out
        results[i] = out
    goals = [str(p) for p in parts]
    for r, gl in zip(results, goals):
        r.steps = [dict(s, goal=gl) if isinstance(s, dict) and "goal" not in s else s for s in r.steps]
    steps = [s for r in results for s in r.steps]
    method = " ; ".join(dict.fromkeys(r.method for r in results))
    if all(r.status == "PROVED" for r in results):
        return Outcome("PROVED", method, steps)
    reasons = [f"[{gl}] {r.reason}" for r, gl in zip(results, goals) if r.status != "PROVED"]
    return Outcome("UNDECIDED", method, steps, reason="; ".join(reasons))


def _prove_or(f: Or, x, dom: Dom, budget: Budget, confirm) -> Outcome:
    """Some disjunct proved on the whole domain, else the piecewise engine on the disjunction."""
    n = len(f.children)
    for k, child in enumerate(f.children):
        sub = budget.share(0.5 / (n - k))
        out = prove_formula(child, x, dom, sub, lambda o: True)  # stop at the disjunct's first failure
        if out.status == "PROVED":
            out.steps.insert(0, {"method": "cases", "argument": f"the disjunct [{child}] holds on the whole domain"})
            return out
    return piecewise(f, x, dom, budget, lambda p: confirm(Outcome("REFUTED", "", point=p)))
