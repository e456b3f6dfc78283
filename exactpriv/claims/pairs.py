"""Claims quantified over pairs of inputs: "for every neighbouring pair (x, x'), g(P_x, P_x') ≤ h(P_x, P_x')".

The other claim forms compare *maxima over pairs* (``kl_dp`` is max_{x~x'} KL(P_x‖P_x')): "KL-DP ≤ χ²-DP"
compares the worst pairs of two different divergences, which may be different pairs — a weaker statement than
the textbook one, "KL(P‖Q) ≤ χ²(P‖Q) for *every* pair".  :func:`pair_claim` states the textbook form: its
check evaluates both sides on every ordered pair of the mechanism's inputs (neighbours by default, or all
pairs) and fails at the first pair where the comparison fails, which the witness values name.

Sides are expressions of the safe grammar (:func:`exactpriv.exact.expressions.parse_expression`, never
``eval``) in the pair quantities of :data:`PAIR_QUANTITIES`, e.g. ``lhs="kl + kl_rev"`` (the symmetrised KL
of Duchi–Jordan–Wainwright) and ``rhs="4*(exp(eps) - 1)**2 * tv**2"``; ``eps`` is the given notion's tightest
value on the whole mechanism (``given="pure_dp"``), or, without ``given``, the symbol of a symbolic family.

Each pair quantity is computed exactly from its definition (:mod:`exactpriv.measures.pair_divergences`:
rational sums, exact log-forms) and every comparison goes through the decision kernel.  A symbolic family
(one free symbol) is decided for every value of its symbol, pair by pair, by the closed forms of
:func:`~exactpriv.measures.symbolic.divergences.pair_divergence_symbolic` and the certifier
(:func:`exactpriv.claims.symbolic.decide_on_family`); a refutation there is confirmed on a member with
rational entries by the exact check (the second, independent computation).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Sequence

import sympy

from exactpriv.claims.forms import name_values
from exactpriv.claims.hypotheses import Hypothesis
from exactpriv.claims.model import Claim, Family, Instance, Outcome, Reading
from exactpriv.claims.notions import Notion, as_notion
from exactpriv.claims.verdicts import Finding, Verdict
from exactpriv.errors import ExactPrivError, InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS

__all__ = ["PAIR_QUANTITIES", "pair_claim", "pair_values"]

#: the pair quantities a side may use, for the ordered pair (P, Q) = (P_x, P_x'): name -> meaning
PAIR_QUANTITIES = {
    "kl": "KL(P‖Q) = Σ P ln(P/Q)",
    "kl_rev": "KL(Q‖P)",
    "chi2": "χ²(P‖Q) = Σ (P − Q)²/Q",
    "chi2_rev": "χ²(Q‖P)",
    "tv": "TV(P, Q) = ½ Σ |P − Q|",
    "maxdiv": "D_∞(P‖Q) = ln max P/Q",
    "maxdiv_rev": "D_∞(Q‖P)",
    "d2": "D_2(P‖Q) = ln(1 + χ²(P‖Q)) (Rényi, order 2)",
    "d2_rev": "D_2(Q‖P)",
}

_OPS = ("<=", "<", ">=", ">", "==")
_SYMBOLS = {name: sympy.Symbol(name, nonnegative=True) for name in PAIR_QUANTITIES}


def _chi2(p, q):
    if any(a > 0 and b == 0 for a, b in zip(p, q)):
        return sympy.oo
    return sympy.Rational(sum((Fraction(a) ** 2 / b for a, b in zip(p, q) if b > 0), Fraction(0)) - 1)


def _sympy(v):
    from exactpriv.measures.result import value_to_sympy

    return value_to_sympy(v)


def pair_values(P, Q, names=None) -> dict:
    """The exact pair quantities of (P, Q) (two rational pmfs of one length) named in ``names`` (default
    all of :data:`PAIR_QUANTITIES`), as sympy numbers (``oo`` where infinite)."""
    from exactpriv.measures.pair_divergences import kl, max_divergence, tv

    names = tuple(PAIR_QUANTITIES) if names is None else tuple(names)
    out = {}
    for name in names:
        a, b = (Q, P) if name.endswith("_rev") else (P, Q)
        base = name.removesuffix("_rev")
        if base == "kl":
            out[name] = _sympy(kl(a, b))
        elif base == "chi2":
            out[name] = _chi2(a, b)
        elif base == "d2":
            c = _chi2(a, b)
            out[name] = sympy.oo if c is sympy.oo else sympy.log(1 + c)
        elif base == "tv":
            out[name] = sympy.Rational(tv(a, b))
        elif base == "maxdiv":
            out[name] = _sympy(max_divergence(a, b))
        else:
            raise InvalidArgument(f"unknown pair quantity {name!r}; use one of {sorted(PAIR_QUANTITIES)}")
    return out


def _parse(text: str, what: str, id: str):
    from exactpriv.exact.expressions import parse_expression

    if not isinstance(text, str) or not text.strip():
        raise InvalidArgument(f"pair_claim {id!r}: {what}= must be an expression in {sorted(PAIR_QUANTITIES)} and eps")
    expr = parse_expression(text, symbols={**_SYMBOLS, "eps": EPS}, name=f"{what} of {id}")
    unknown = {str(s) for s in expr.free_symbols} - set(PAIR_QUANTITIES) - {"eps"}
    if unknown:
        raise InvalidArgument(f"pair_claim {id!r}: {what}={text!r} uses {sorted(unknown)}; a side may use only "
                              f"{sorted(PAIR_QUANTITIES)} and eps")
    return expr


def _pairs(space, which: str) -> list[tuple[int, int]]:
    """Ordered pairs of input indices: both directions of every neighbour edge, or every ordered pair."""
    if which == "all":
        return list(itertools.permutations(range(space.size), 2))
    return sorted({(int(i), int(j)) for i, j in space.edges} | {(int(j), int(i)) for i, j in space.edges})


def pair_claim(id: str, *, lhs: str, rhs: str, op: str = "<=", families: Sequence[Family], pairs: str = "neighbours",
               given: str | Notion | None = None, hypotheses: Sequence[Hypothesis] = (), title: str = "",
               source: str = "", quote: str = "", reading: str = "every-pair", expected: Verdict | str | None = None,
               finding: Finding | str | None = None, why: str = "", notes: str = "", open_search: bool | None = None,
               seconds: float | None = None) -> Claim:
    """"For every mechanism of ``families`` and every ordered pair (x, x') of its inputs (``pairs``:
    "neighbours" or "all"), ``lhs`` ``op`` ``rhs``" — sides in the pair quantities of :data:`PAIR_QUANTITIES`
    and ``eps`` (see the module head).

    given : a notion whose tightest value on the mechanism is ``eps`` (e.g. "pure_dp": DJW's bound is in the
        mechanism's ε); without it ``eps`` is the symbol of a symbolic family (or the ``at_eps`` of a member)
    open_search : whether search tools may draw other mechanisms (default: yes, unless every family is symbolic)

    Example (van Erven–Harremoës; Duchi–Jordan–Wainwright)::

        pair_claim("kl-chi2", lhs="kl", rhs="chi2", families=[...])
        pair_claim("djw", lhs="kl + kl_rev", rhs="4*(exp(eps)-1)**2 * tv**2", given="pure_dp", families=[...])
    """
    from exactpriv.claims.declare import all_symbolic, reading_kwargs, scope_clause
    from exactpriv.claims.symbolic import decide_on_family, is_symbolic_instance
    from exactpriv.exact.kernel import compare

    if op not in _OPS:
        raise InvalidArgument(f"pair_claim {id!r}: op={op!r} must be one of {_OPS}")
    if pairs not in ("neighbours", "all"):
        raise InvalidArgument(f"pair_claim {id!r}: pairs={pairs!r} must be 'neighbours' or 'all'")
    if not families:
        raise InvalidArgument(f"pair_claim {id!r}: give families= (instances whose mechanisms are checked)")
    left, right = _parse(lhs, "lhs", id), _parse(rhs, "rhs", id)
    used = sorted(str(s) for s in (left.free_symbols | right.free_symbols) if str(s) in PAIR_QUANTITIES)
    g = None if given is None else as_notion(given)

    def eps_of(inst: Instance):
        if g is not None:
            a = g(inst)
            if a.value is None:
                raise _Undecided(f"{g.label()} is only enclosed")
            return _sympy(a.value)
        at = inst.extra.get("at_eps", inst.params.get("eps"))
        if at is None and (EPS in left.free_symbols or EPS in right.free_symbols):
            raise _Undecided(f"{inst.label!r}: no value of eps (give given= or a symbolic family)")
        return None if at is None else sympy.sympify(at)

    def numeric(inst: Instance) -> Outcome:
        M = inst.mechanism
        if not getattr(M, "is_rational", False):
            return Outcome(Decision.undecided("scope", f"{inst.label!r}: not a rational mechanism"))
        try:
            e = eps_of(inst)
        except _Undecided as exc:
            return Outcome(Decision.undecided("scope", str(exc)))
        undecided = None
        checked = 0
        for i, j in _pairs(M.inputs, pairs):
            vals = pair_values(M.rows[i], M.rows[j], used)
            subs = {_SYMBOLS[k]: v for k, v in vals.items()}
            if e is not None:
                subs[EPS] = e
            a, b = left.xreplace(subs), right.xreplace(subs)
            if a.has(sympy.nan, sympy.zoo) or b.has(sympy.nan, sympy.zoo):
                undecided = undecided or Decision.undecided("pair", f"a side is undefined at the pair "
                                                                    f"{M.inputs.points[i]!r}, {M.inputs.points[j]!r}")
                continue
            d = compare(a, op, b)
            checked += 1
            if d.is_false:
                pair = [M.inputs.points[i], M.inputs.points[j]]
                out = Outcome(Decision.false(d.method, f"at the pair x = {pair[0]!r}, x' = {pair[1]!r}: "
                                                       f"{sympy.sstr(a)} {op} {sympy.sstr(b)} fails ({d.reason})"),
                              {"pair": pair, "lhs": a, "rhs": b, **{k: v for k, v in vals.items()}})
                # the sides named as the claim states them, at this pair (a witness reads "KL > …", not "lhs = …")
                return name_values(out, {"lhs": f"{lhs} at the pair", "rhs": f"{rhs} at the pair"},
                                   ("lhs", op, "rhs"))
            if d.is_undecided:
                undecided = undecided or d
        if undecided is not None:
            return Outcome(undecided, {"pairs_checked": checked})
        return Outcome(Decision.true("exact", f"{lhs} {op} {rhs} on all {checked} ordered pairs"),
                       {"pairs_checked": checked})

    def symbolic(inst: Instance) -> Outcome:
        from exactpriv.claims.symbolic import family_symbol
        from exactpriv.measures.symbolic.divergences import pair_divergence_symbolic

        M = inst.mechanism
        var = family_symbol(inst)
        eps_expr = var
        if g is not None:
            from exactpriv.claims.symbolic import closed_form

        for i, j in _pairs(M.inputs, pairs):
            x, x2 = M.inputs.points[i], M.inputs.points[j]

            def side(expr, dom, x=x, x2=x2):
                subs, valids = {}, []
                for k in used:
                    a, b = (x2, x) if k.endswith("_rev") else (x, x2)
                    base = k.removesuffix("_rev")
                    kind = {"kl": "kl", "tv": "tv", "maxdiv": "max", "d2": "renyi", "chi2": "renyi"}[base]
                    m = pair_divergence_symbolic(M, a, b, kind, alpha=2 if kind == "renyi" else None,
                                                 domain=(dom.lo, dom.hi), closed=(dom.lo_closed, dom.hi_closed),
                                                 variable=var, seconds=seconds)
                    subs[_SYMBOLS[k]] = sympy.exp(m.value) - 1 if base == "chi2" else m.value
                    valids.append(m.witness.get("valid_on"))
                if g is not None:
                    A = closed_form(g, inst, dom)
                    subs[EPS] = A.value
                    valids.append(A.witness.get("valid_on"))
                else:
                    subs[EPS] = eps_expr
                valid = next((v for v in valids if v is not None), None)
                return expr.xreplace(subs), valid

            def member_check(mem: Instance, i=i, j=j) -> Outcome:
                return numeric(mem)

            out, _fv = decide_on_family(inst, lambda dom: side(left, dom), op, lambda dom: side(right, dom),
                                        member_check, statement=f"{lhs} {op} {rhs} at the pair {x!r}, {x2!r}",
                                        seconds=seconds)
            if not out.decision.is_true:
                return out
        return Outcome(Decision.true("certifier", f"{lhs} {op} {rhs} on every ordered pair, for every member"),
                       universal=True)

    def check(inst: Instance) -> Outcome:
        try:
            if is_symbolic_instance(inst):
                return symbolic(inst)
        except ExactPrivError as exc:
            return Outcome(Decision.undecided("closed-form", f"the pair closed forms could not be derived: {exc}"))
        return numeric(inst)

    which = "neighbouring pair" if pairs == "neighbours" else "pair of inputs"
    eps_text = f", ε = {g.label()}(M)" if g is not None else ""
    statement = f"for every mechanism M and every ordered {which} (x, x'){eps_text}: {lhs} {op} {rhs} " \
                f"with P = P(·|x), Q = P(·|x')" + scope_clause(families, ())
    search = (not all_symbolic(families)) if open_search is None else open_search
    form = None if (g is not None or hypotheses) else _pair_form(families, pairs, used, left, op, right)
    r = Reading(reading, statement, check, tuple(families), notes=notes, hypotheses=tuple(hypotheses),
                open_search=search, form=form, **reading_kwargs(expected, finding, why))
    return Claim(id, title or f"{lhs} {op} {rhs} for every pair", source, quote or statement, "inequality", [r])


#: the checker's measure of each pair quantity (docs/certificates.md, "forall-family", per-pair statements)
_PAIR_SPECS = {"kl": {"notion": "kl_dp"}, "chi2": {"notion": "chi2"}, "tv": {"notion": "tv_dp"},
               "maxdiv": {"notion": "pure_dp"}, "d2": {"notion": "renyi_dp", "alpha": "2"}}


def _pair_form(families: Sequence[Family], pairs: str, used: Sequence[str], left, op: str, right) -> dict | None:
    """The per-pair statement over symbolic families as data: a ``forall-family`` statement with ``"pairs"``,
    each pair quantity a measure of the pair ("this") or of the reversed pair; None when it cannot be written."""
    from exactpriv.certify.checker_format import grammar_text
    from exactpriv.claims.declare import family_form

    lhs, rhs = grammar_text(left), grammar_text(right)
    if lhs is None or rhs is None:
        return None
    form = family_form(families, {}, f"{lhs} {op} {rhs}")
    if form is None:
        return None
    measures = {k: dict(_PAIR_SPECS[k.removesuffix("_rev")], pair="reversed" if k.endswith("_rev") else "this")
                for k in used}
    return dict(form, pairs=pairs, measures=measures)


class _Undecided(Exception):
    pass
