"""Closed forms of the divergence-based DP notions on a symbolic family (pure, KL, TV, Rényi, hockey-stick).

Step 5 of :mod:`exactpriv.measures.symbolic`: the maximum over symmetry classes for all s of the
domain.  Ratios are rational functions, so dominance is decided exactly on the chart; other closed
forms are compared through the log-linear normal form, then the certifier.  When no candidate is
proved dominant the value is the exact ``Max`` of the undominated forms, and the note says so.
"""

from __future__ import annotations

from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.numbers import OO, as_rational
from exactpriv.measures.result import Measured
from .chart import sympy_rational, RationalFunction
from exactpriv.measures.symbolic.domain import DEFAULT_SECONDS, ProofBudget, family_variable
from exactpriv.measures.arguments import check_mechanism
from .family import (
    check_eps_prime, check_within, analysed_family, gamma_of, hockey_of_class, kl_of_class, ratios_of_class,
)

__all__ = [
    "pure_dp_symbolic",
    "kl_dp_symbolic",
    "hockey_stick_symbolic",
    "tv_dp_symbolic",
    "renyi_dp_symbolic",
    "pair_divergence_symbolic",
]


# ======================================================================================
# public measures
# ======================================================================================
def pure_dp_symbolic(M, *, within: int = 1, domain=(0, OO), closed=(True, False), variable=None,
                     seconds: float | None = DEFAULT_SECONDS) -> Measured:
    """Closed form of pure DP for every value of the family's symbol: max over ordered pairs at
    graph distance 1..``within`` (``within=1``: neighbours, Cuff–Yu Def. 5; ``within=k``: group
    privacy, Cuff–Yu Property 7) and outputs y of ln P(y|x)/P(y|x').

    The dominant ratio function is found exactly on the chart; e.g. ``randomized_response(k,
    eps=EPS)`` and ``truncated_geometric(n, eps=EPS)`` give ``eps``, E_d on D^n gives ``eps``
    (Wang–Ying–Zhang Lemma 5).  Witness: "pair", "output", "valid_on".
    """
    within = check_within(within)
    fam = analysed_family(M, variable, domain, closed, "pure_dp_symbolic")
    budget = ProofBudget(seconds)
    cands = []
    for key, _, pair in fam.classes(fam.pairs(within)):
        rs = ratios_of_class(fam, key)
        if rs == OO:
            cands.append((OO, fam.pair_witness(pair)))
            continue
        for r in rs:
            cands.append((r, fam.pair_witness(pair)))
    if not cands:
        return Measured("pure_dp", Fraction(0), method="vacuous", note="no pairs",
                        witness={"valid_on": fam.valid, "variable": str(fam.var)})
    und, how = fam.dominant(cands, budget, rational=True)

    def to_value(r):
        if r == OO:
            return OO
        terms: dict = {}
        fam.add_log(terms, sympy.Integer(1), r, budget)
        return fam.assemble(terms)

    return fam.result("pure_dp" if within == 1 else "group_privacy", und, how,
                      "symbolic: dominant likelihood ratio by exact sign charts on the chart",
                      to_value=to_value, note="" if within == 1 else f"pairs at distance <= {within}")


def kl_dp_symbolic(M, *, domain=(0, OO), closed=(True, False), variable=None,
                   seconds: float | None = DEFAULT_SECONDS) -> Measured:
    """Closed form of KL-DP (Cuff–Yu Def. 7, (14)): max over ordered neighbour pairs of
    D(P_x‖P_x') = Σ_y P(y|x) ln(P(y|x)/P(y|x')), for every value of the family's symbol.

    ``kl_dp_symbolic(randomized_response(2, eps=EPS)).value`` is ε(e^ε − 1)/(e^ε + 1) = ε tanh(ε/2)
    (Cuff–Yu (11), attained with binary distributions); k-ary: ε(e^ε − 1)/(e^ε + k − 1).
    """
    fam = analysed_family(M, variable, domain, closed, "kl_dp_symbolic")
    budget = ProofBudget(seconds)
    cands = [(kl_of_class(fam, key, budget), fam.pair_witness(pair)) for key, _, pair in fam.classes(fam.pairs())]
    if not cands:
        return Measured("kl_dp", Fraction(0), method="vacuous", note="no neighbour pairs",
                        witness={"valid_on": fam.valid, "variable": str(fam.var)})
    und, how = fam.dominant(cands, budget, rational=False)
    return fam.result("kl_dp", und, how, "symbolic: pair classes by exact column-pair multisets; logs split over "
                                         "a basis; maximum by the certifier", to_value=lambda v: v,
                      note=f"{len(cands)} pair class(es)")


def hockey_stick_symbolic(M, eps_prime, *, within: int = 1, domain=(0, OO), closed=(True, False), variable=None,
                          seconds: float | None = DEFAULT_SECONDS) -> Measured:
    """Closed form of δ(ε') = max over ordered pairs at distance 1..``within`` of the hockey-stick
    divergence E_{e^{ε'}}(P_x‖P_x') = Σ_y max(0, P(y|x) − e^{ε'}P(y|x')) (Cuff–Yu Def. 4 and the
    E_γ remark after (8)): M is (ε', δ)-DP iff δ(ε') <= δ.  ``eps_prime`` is an exact constant or
    an expression in the family's symbol (e.g. ``EPS``, ``EPS/2``, ``log(2)``).

    Terms whose sign is the same on the whole domain are kept or dropped exactly; others stay as
    ``Max(0, .)`` (still exact).  Witness: "pair", "eps_prime", "valid_on".
    """
    within = check_within(within)
    Mf = check_mechanism(M, "hockey_stick_symbolic")
    var = family_variable(Mf, variable, "hockey_stick_symbolic")
    ep = check_eps_prime(eps_prime, var)
    fam = analysed_family(Mf, var, domain, closed, "hockey_stick_symbolic", extra=(sympy.exp(ep),))
    budget = ProofBudget(seconds)
    gamma = gamma_of(fam, ep)
    cands, kinds = [], set()
    for key, _, pair in fam.classes(fam.pairs(within)):
        kind, vals = hockey_of_class(fam, key, gamma, budget)
        kinds.add(kind)
        cands.extend((v, fam.pair_witness(pair, eps_prime=str(ep))) for v in vals)
    if not cands:
        return Measured("hockey_stick", Fraction(0), method="vacuous", note="no pairs",
                        witness={"valid_on": fam.valid, "variable": str(fam.var)})
    rational = kinds == {"rational"}
    und, how = fam.dominant(cands, budget, rational=rational)
    return fam.result("hockey_stick", und, how, "symbolic: per-output signs of P(y|x) - e^eps' P(y|x') decided "
                                                "on the domain; max over output sets S by exact sign charts",
                      to_value=(lambda v: fam.expr(v)) if rational else (lambda v: v),
                      note=f"eps' = {ep}")


def tv_dp_symbolic(M, *, domain=(0, OO), closed=(True, False), variable=None,
                   seconds: float | None = DEFAULT_SECONDS) -> Measured:
    """Closed form of (δ)-DP, i.e. max over neighbour pairs of the total variation
    ‖P_x − P_x'‖_TV = Σ_y max(0, P(y|x) − P(y|x')) (Cuff–Yu Def. 6, (8)) for every value of the
    symbol; ``randomized_response(2, eps=EPS)`` gives (e^ε − 1)/(e^ε + 1)."""
    m = hockey_stick_symbolic(M, 0, domain=domain, closed=closed, variable=variable, seconds=seconds)
    wit = {k: v for k, v in m.witness.items() if k != "eps_prime"}
    return Measured("tv_dp", m.value, witness=wit, method=m.method.replace("e^eps' ", ""),
                    note=m.note.replace("eps' = 0", "total variation = E_1"))


def _renyi_alpha(alpha):
    if alpha == OO:
        return OO
    a = as_rational(alpha, "alpha")
    if a <= 0:
        raise InvalidArgument(f"alpha={alpha!r} must be > 0 (or sympy.oo)")
    return a


def renyi_dp_symbolic(M, alpha, *, domain=(0, OO), closed=(True, False), variable=None,
                      seconds: float | None = DEFAULT_SECONDS) -> Measured:
    """Closed form of (α, ε)-Rényi DP: max over ordered neighbour pairs of
    D_α(P_x‖P_x') = 1/(α − 1) ln Σ_y P(y|x)^α P(y|x')^{1−α} (α = 1: KL, α = oo: pure DP).

    Integer α >= 2: the sum is a rational function of the chart, its log split over the basis
    (RR(ε): D_2 = ln(e^ε − 1 + e^{−ε})).  Other rational α: the exact expression with fractional
    powers; maxima by the certifier (an exact Max when undecided).
    """
    a = _renyi_alpha(alpha)
    if a == OO:
        m = pure_dp_symbolic(M, domain=domain, closed=closed, variable=variable, seconds=seconds)
        return Measured("renyi_dp", m.value, witness=m.witness, method=m.method, note="alpha = oo: " + m.note)
    if a == 1:
        m = kl_dp_symbolic(M, domain=domain, closed=closed, variable=variable, seconds=seconds)
        return Measured("renyi_dp", m.value, witness=m.witness, method=m.method, note="alpha = 1: " + m.note)
    fam = analysed_family(M, variable, domain, closed, "renyi_dp_symbolic")
    budget = ProofBudget(seconds)
    A = sympy_rational(a)
    cands = []
    for key, _, pair in fam.classes(fam.pairs()):
        wit = fam.pair_witness(pair, alpha=str(a))
        gap = any(not fam.zero[x] and fam.zero[y] for x, y in key)
        if a > 1 and gap:
            cands.append((OO, wit))
            continue
        live = [(x, y) for x, y in key if not fam.zero[x] and not fam.zero[y]]
        if not live:  # alpha < 1 and disjoint supports
            cands.append((OO, wit))
            continue
        if a.denominator == 1 and fam.chart.kind:
            # integer alpha >= 2: D_alpha = ln(S)/(alpha - 1) is increasing in the rational power sum S
            S = RationalFunction.const(0)
            for x, y in live:
                S = S + fam.f[x] ** int(a) * fam.f[y] ** (1 - int(a))
            cands.append((S, wit))
        else:
            S = sympy.Add(*[fam.e[x] ** A * fam.e[y] ** (1 - A) for x, y in live])
            cands.append((sympy.log(S) / (A - 1), wit))
    if not cands:
        return Measured("renyi_dp", Fraction(0), method="vacuous", note="no neighbour pairs",
                        witness={"valid_on": fam.valid, "variable": str(fam.var)})
    integer = a.denominator == 1 and fam.chart.kind is not None
    und, how = fam.dominant(cands, budget, rational=integer)

    def to_value(v):
        if v == OO or not integer:
            return v
        terms: dict = {}
        fam.add_log(terms, Fraction(1) / (a - 1), v, budget)
        return fam.assemble(terms)

    return fam.result("renyi_dp", und, how, "symbolic: pair classes; power sums (exact sign charts for integer "
                                            "alpha); maximum by the certifier otherwise", to_value=to_value,
                      note=f"alpha={a}")


def pair_divergence_symbolic(M, x, x2, divergence: str = "kl", *, alpha=None, eps_prime=None, domain=(0, OO),
                             closed=(True, False), variable=None, seconds: float | None = DEFAULT_SECONDS) -> Measured:
    """One ordered pair's divergence D(P(.|x) ‖ P(.|x')) in closed form: ``divergence`` is "kl",
    "max" (ln max_y ratio), "tv", "hockey" (needs ``eps_prime``) or "renyi" (needs ``alpha``,
    integer >= 2).  Cuff–Yu Def. 4 and (7)-(8), (10)."""
    kinds = ("kl", "max", "tv", "hockey", "renyi")
    if divergence not in kinds:
        raise InvalidArgument(f"divergence={divergence!r} must be one of {kinds}")
    Mf = check_mechanism(M, "pair_divergence_symbolic")
    var = family_variable(Mf, variable, "pair_divergence_symbolic")
    extra = ()
    if divergence == "hockey":
        if eps_prime is None:
            raise InvalidArgument("divergence='hockey' needs eps_prime=...")
        ep = check_eps_prime(eps_prime, var)
        extra = (sympy.exp(ep),)
    fam = analysed_family(Mf, var, domain, closed, "pair_divergence_symbolic", extra=extra)
    budget = ProofBudget(seconds)
    i, j = Mf.inputs.index(x), Mf.inputs.index(x2)
    key = tuple(sorted(zip(fam.codes[i].tolist(), fam.codes[j].tolist())))
    wit = fam.pair_witness((i, j))
    if divergence == "kl":
        v = kl_of_class(fam, key, budget)
    elif divergence == "max":
        rs = ratios_of_class(fam, key)
        if rs == OO:
            v = OO
        else:
            und, _ = fam.dominant([(r, wit) for r in rs], budget, rational=True)
            vals = []
            for r, _w in und:
                terms: dict = {}
                fam.add_log(terms, sympy.Integer(1), r, budget)
                vals.append(fam.assemble(terms))
            v = vals[0] if len(vals) == 1 else sympy.Max(*vals, evaluate=False)
    elif divergence in ("tv", "hockey"):
        # TV is E_1 (ε' = 0): γ goes through the chart like any other level, so on a chart family it is the
        # chart's rational function 1, never a bare sympy 1 multiplied into the chart's rational functions
        gamma = gamma_of(fam, ep if divergence == "hockey" else Fraction(0))
        kind, vals = hockey_of_class(fam, key, gamma, budget)
        if kind == "rational":
            und, _ = fam.dominant([(r, wit) for r in vals], budget, rational=True)
            rs = [fam.expr(r) for r, _w in und]
            v = rs[0] if len(rs) == 1 else sympy.Max(*rs, evaluate=False)
        else:
            v = vals[0]
    else:
        if alpha is None or _renyi_alpha(alpha) == OO or _renyi_alpha(alpha).denominator != 1 \
                or _renyi_alpha(alpha) < 2:
            raise InvalidArgument(f"divergence='renyi' needs an integer alpha >= 2, got alpha={alpha!r}")
        m = renyi_dp_symbolic(Mf.restrict([Mf.inputs.points[i], Mf.inputs.points[j]]), alpha, domain=domain,
                              closed=closed, variable=var, seconds=seconds)
        v = m.value
    return Measured(f"pair_{divergence}", v, witness={**wit, "valid_on": fam.valid, "variable": str(fam.var)},
                    method="symbolic closed form of one ordered pair", note=f"closed form valid for {fam.valid}")
