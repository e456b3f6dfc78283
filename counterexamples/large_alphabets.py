"""Structured extremal families beyond exact matrices: the symmetric channel on m values, m up to 10^30.

Some false statements fail only on alphabets far larger than any matrix a search can hold: Cuff–Yu's (22)
tightened by 10%, mi_dp ≤ (9/10)·kl_dp, is true for records of at most 10 values (KL is convex in its second
argument, so I ≤ (1 − 1/m)·max KL) and false for the symmetric channel on about 10^6 values at e^ε ≈ 10^5; the
tightened (23), (61) and (58) (≤ (9/10)·ε) fail near m = 10^20, e^ε ≈ 10^22.  Randomized response on m values,

    RR(m, t): P(y | x) = t/Z if y = x, 1/Z otherwise, Z = t + m − 1, t = e^ε,

has closed forms for the notions below whose cost does not grow with m (``t`` and ``m`` are exact integers or
Fractions; the values are exact sympy numbers, logs of rationals):

* ``pure_dp``, ``free_lunch`` = log t (every pair of inputs differs by the ratio t on two outputs);
* ``bayesian_dp`` at the uniform prior = log t (one record: (60) is ε-DP between inputs of positive mass);
* ``kl_dp`` = (t − 1)·log t / Z, ``tv_dp`` = (t − 1)/Z;
* I(X; Y) at the uniform prior = t·log t / Z − log(Z/m) (the output is uniform by symmetry, H(Y|X) is the entropy
  of one row): ``conditional_mi`` at the uniform prior (one record, S = ∅) is exactly this; ``mi_dp`` and
  ``capacity`` are suprema over priors, so it is their *lower* bound (it is their value — the capacity of a
  symmetric channel is attained at the uniform input, Cover–Thomas 2006, Thm. 7.2.1 — but only the lower side is
  used, which needs no theorem).

These are a fast path: :mod:`tests.counterexamples.test_large_alphabets` differential-tests every closed form
against the registry's evaluation from the definition on the materialised channel (m = 2..6, several t), and
:func:`replay` re-decides a witness from its JSON, with the materialised matrix as a second computation when m is
small enough to build.

The stage (:func:`relation_witness`) runs in the hunt (:mod:`counterexamples.hunt`) for a check that states a
relation "B op g(A)" between registry notions (``check.relation = (A, B, g, op)``, op ``<=`` or ``>=``: the
mutation run's tighten/swap mutants), when the
reading's declared search space holds one-record spaces with positive mechanisms (and full-support priors when
its instances carry priors) and the reading has no hypothesis (none can be checked on an unbuilt matrix): it is
that search space taken to larger alphabets along one structured family.  Floats only order the candidates of a
fixed grid (a guide); each candidate is decided exactly by the kernel, so the result is a function of the grid.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument

__all__ = ["EXP_EPS_LADDER", "M_LADDER", "SymmetricChannel", "applies", "closed_form", "relation_witness",
           "replay"]

#: alphabet sizes of the stage (one record of m values)
M_LADDER = tuple(10 ** k for k in (3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30))
#: e^ε levels: 10^j and 3·10^j, 10 … 3·10^32
EXP_EPS_LADDER = tuple(c * 10 ** j for j in range(1, 33) for c in (1, 3))
#: candidates decided exactly per search (the best by the float guide)
DECIDED = 8
#: the largest alphabet :func:`replay` also materialises as a matrix (a second computation)
MATERIALISE_UP_TO = 64

#: notion -> which side the closed form gives: "value" (exact), "lower" (a lower bound)
SIDES = {"pure_dp": "value", "free_lunch": "value", "bayesian_dp": "value", "kl_dp": "value", "tv_dp": "value",
         "conditional_mi": "value", "mi_dp": "lower", "capacity": "lower"}
#: notions whose value depends on the prior (the closed form is at the uniform prior)
WITH_PRIOR = {"bayesian_dp", "conditional_mi"}


@dataclass(frozen=True)
class SymmetricChannel:
    """Randomized response on one record of ``m`` values with e^ε = ``exp_eps`` (see the module head)."""

    m: int
    exp_eps: Fraction

    def __post_init__(self):
        if isinstance(self.m, bool) or not isinstance(self.m, int) or self.m < 2:
            raise InvalidArgument(f"m={self.m!r} must be an integer >= 2")
        if not isinstance(self.exp_eps, (int, Fraction)) or isinstance(self.exp_eps, bool) or self.exp_eps < 1:
            raise InvalidArgument(f"exp_eps={self.exp_eps!r} must be an exact number >= 1")

    @property
    def label(self) -> str:
        return f"symmetric channel RR(m = {self.m}, e^eps = {self.exp_eps}), uniform prior"

    def to_json(self) -> dict:
        return {"family": "symmetric-channel", "m": str(self.m), "exp_eps": str(self.exp_eps), "prior": "uniform",
                "label": self.label}

    def materialised(self):
        """(mechanism, uniform prior) as exact matrices (only for small m: the matrix has m² entries)."""
        from exactpriv.distributions import Prior
        from exactpriv.mechanisms import zoo

        if self.m > MATERIALISE_UP_TO:
            raise InvalidArgument(f"m = {self.m} is too large to build as a matrix (at most {MATERIALISE_UP_TO})")
        M = zoo.randomized_response(self.m, eps=sympy.log(sympy.Rational(self.exp_eps)))
        return M, Prior.uniform(M.inputs)


def closed_form(name: str, ch: SymmetricChannel):
    """The exact closed form of notion ``name`` on ``ch`` (see :data:`SIDES` for which side it is)."""
    t, m = sympy.Rational(ch.exp_eps), sympy.Integer(ch.m)
    Z = t + m - 1
    eps = sympy.log(t)
    if name in ("pure_dp", "free_lunch", "bayesian_dp"):
        return eps
    if name == "kl_dp":
        return (t - 1) * eps / Z
    if name == "tv_dp":
        return (t - 1) / Z
    if name in ("conditional_mi", "mi_dp", "capacity"):
        return t * eps / Z - sympy.log(Z / m)
    raise InvalidArgument(f"no closed form of {name!r} on the symmetric channel")


def _decidable(relation) -> str:
    """Why the relation "B op g(A)" cannot be decided from the closed forms ("" when it can)."""
    source, target, _bound, op = relation
    if op not in ("<=", ">="):
        return f"the relation's comparison {op!r} is not <= or >="
    if source not in SIDES or SIDES[source] != "value" or target not in SIDES:
        return f"no closed form of {source} and {target} on the symmetric channel"
    if op == ">=" and SIDES[target] != "value":
        return f"only a lower bound of {target}: it cannot refute {target} >= bound"
    return ""


def applies(relation, space, hypotheses) -> str:
    """Why the stage does not apply ("" when it does): the relation's notions need closed forms, the declared
    search space one-record spaces with positive mechanisms (and full-support priors for a prior's notion), and
    the reading no hypothesis."""
    source, target = relation[0], relation[1]
    if hypotheses:
        return "the reading has hypotheses, which cannot be checked on an unbuilt matrix"
    why = _decidable(relation)
    if why:
        return why
    if space is None or not any(n == 1 for _m, n in space.shapes) or "positive" not in space.mechanism_kinds:
        return "the declared search space holds no one-record space with positive mechanisms"
    if (source in WITH_PRIOR or target in WITH_PRIOR) and not set(space.prior_kinds) & {"independent", "correlated"}:
        return "the declared search space draws no full-support prior"
    return ""


def _decide(relation, ch: SymmetricChannel):
    """(decision, values) of the relation "B op g(A)" on ``ch``, decided exactly by the kernel; None for a
    decision a lower bound of B cannot make (B <= g(A) shown true)."""
    from exactpriv.exact.kernel import compare
    from exactpriv.exact.numbers import EPS

    source, target, bound_map, op = relation
    a, b = closed_form(source, ch), closed_form(target, ch)
    bound = sympy.sympify(bound_map).xreplace({EPS: a})
    values = {"A": a, "B" if SIDES[target] == "value" else "lower end of B": b, "limit": bound}
    d = compare(b, op, bound)
    # B <= limit is violated when B, or a lower bound of it, is above the limit
    return (d if d.is_false or SIDES[target] == "value" else None), values


def _float_form(name: str, m, t):
    """:func:`closed_form` in mpmath floats (the guide's mirror of it; never decides)."""
    import mpmath

    Z = t + m - 1
    eps = mpmath.log(t)
    if name in ("pure_dp", "free_lunch", "bayesian_dp"):
        return eps
    if name == "kl_dp":
        return (t - 1) * eps / Z
    if name == "tv_dp":
        return (t - 1) / Z
    return t * eps / Z - mpmath.log1p((t - 1) / m)  # log(Z/m) = log(1 + (t − 1)/m), without cancellation


def _guides(relation) -> list:
    """(guide, m, t) over the grid: how far B exceeds the limit (<=) or falls below it (>=), relative — mpmath
    floats at 50 digits, a guide only."""
    import mpmath

    from exactpriv.exact.numbers import EPS

    source, target, bound_map, op = relation
    f = sympy.lambdify(EPS, sympy.sympify(bound_map), modules="mpmath")
    out = []
    with mpmath.workdps(50):
        for m in M_LADDER:
            for t in EXP_EPS_LADDER:
                a, b = _float_form(source, mpmath.mpf(m), mpmath.mpf(t)), _float_form(target, mpmath.mpf(m),
                                                                                       mpmath.mpf(t))
                fa = f(a)
                if fa <= 0:
                    continue
                ratio = float(b / fa)
                out.append((ratio - 1 if op == "<=" else 1 - ratio, m, t))
    return out


@dataclass
class StructuredWitness:
    """A violation of a relation on a symmetric channel: the channel, the exact values, the kernel's decision."""

    channel: SymmetricChannel
    relation: tuple
    values: dict
    decision: object

    def to_json(self) -> dict:
        source, target, bound_map, op = self.relation
        return {**self.channel.to_json(), "relation": {"source": source, "target": target,
                                                       "bound": sympy.sstr(bound_map), "op": op},
                "values": {k: sympy.sstr(v) for k, v in self.values.items()},
                "decision": {"truth": self.decision.truth.value, "method": self.decision.method,
                             "reason": self.decision.reason}}


def relation_witness(relation, space, hypotheses=()) -> tuple[StructuredWitness | None, str]:
    """(witness or None, note): the first channel of the fixed grid M_LADDER × EXP_EPS_LADDER on which the kernel
    decides the relation false, trying the smallest alphabet first and, for each, the e^ε the float guide ranks
    best (only candidates the guide puts past the limit; :data:`DECIDED` at most)."""
    why = applies(relation, space, hypotheses)
    if why:
        return None, f"large alphabets: not applied ({why})"
    grid = _guides(relation)
    ranked = sorted((x for x in grid if x[0] > 0), key=lambda x: (x[1], -x[0], x[2]))
    tried = 0
    for g, m, t in ranked[:DECIDED]:
        tried += 1
        ch = SymmetricChannel(m, Fraction(t))
        decision, values = _decide(relation, ch)
        if decision is not None and decision.is_false:
            return StructuredWitness(ch, tuple(relation), values, decision), \
                f"large alphabets: refuted on the {ch.label} (grid of {len(grid)} channels, {tried} decided)"
    return None, (f"large alphabets: no violation on a grid of {len(grid)} symmetric channels (m up to "
                  f"{M_LADDER[-1]:.0e}; {tried} candidates decided exactly)")


def replay(doc: dict) -> dict:
    """Re-decide a witness from its JSON (:meth:`StructuredWitness.to_json`): the closed forms again and, when
    m ≤ :data:`MATERIALISE_UP_TO`, the registry's evaluation on the materialised matrix (a second computation).
    Returns ``{"refutes": bool, "values": ..., "materialised": bool}``; raises InvalidArgument on bad data."""
    if not isinstance(doc, dict) or doc.get("family") != "symmetric-channel" or doc.get("prior") != "uniform":
        raise InvalidArgument("not a symmetric-channel witness")
    try:
        m = int(doc["m"])
        t = Fraction(doc["exp_eps"])
        rel = doc["relation"]
        relation = (rel["source"], rel["target"], _map_of(rel["bound"]), rel["op"])
    except (KeyError, ValueError, TypeError, ZeroDivisionError) as exc:
        raise InvalidArgument(f"bad symmetric-channel witness: {type(exc).__name__}: {exc}") from None
    why = _decidable(relation)
    if why:
        raise InvalidArgument(f"the witness's relation cannot be decided here: {why}")
    ch = SymmetricChannel(m, t)
    decision, values = _decide(relation, ch)
    refutes = decision is not None and decision.is_false
    materialised = False
    if m <= MATERIALISE_UP_TO:
        from exactpriv.exact.kernel import compare
        from exactpriv.exact.numbers import EPS
        from exactpriv.measures import compute
        from exactpriv.measures.result import value_to_sympy

        M, P = ch.materialised()
        a, b = compute(relation[0], M, prior=P), compute(relation[1], M, prior=P)
        bound = sympy.sympify(relation[2]).xreplace({EPS: value_to_sympy(a.value)})
        side = b.value if b.value is not None else b.lower
        d = compare(side, relation[3], bound)
        refutes = refutes and d.is_false
        materialised = True
    return {"refutes": refutes, "values": {k: sympy.sstr(v) for k, v in values.items()}, "materialised": materialised}


def _map_of(text: str):
    """The relation's map, text in ε, parsed by the safe grammar (never sympify on data)."""
    from exactpriv.exact.expressions import parse_expression
    from exactpriv.exact.numbers import EPS

    return parse_expression(text, symbols={"eps": EPS}, name="map")
