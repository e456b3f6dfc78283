"""Lemma 1 of Zhao (membership privacy ⟺ A ≤ g(P_D[x_i])), the shape of g, and Corollary 1.

Jun Zhao, "Relations Among Different Privacy Notions" (arXiv:1911.00761), Sec. III-B.  These are
statements about numbers: e^ε, P_D[x_i] ∈ [0, 1] and the likelihoods P[Y|x_i], P[Y|x̄_i] of an output
set Y, with the paper's conventions 0/0 = 1, c/0 = ∞ (footnote 4) for A = P[Y|x_i]/P[Y|x̄_i].  They
are checked on exhaustive exact grids (the break point 1/(1+e^ε), e^{-ε}, the endpoints 0 and 1, and
the equality cases A = g(P_D[x_i])); the shape of g is PROVED for every ε > 0.

Main claims
-----------
* ``zhao2019.lemma1`` — <D, ε>-MP ⟺ A ≤ g(P_D[x_i]) with the steps (28)-(30).  Fails at the boundary
  P_D[x_i] ∈ {0, 1}, where MP holds vacuously but the proof divides by P_D[x_i] ((31)-(32)); holds for
  0 < P_D[x_i] < 1, which is all Corollary 1 needs;
* ``zhao2019.g_mono`` — g increases on [0, 1/(1+e^ε)], decreases after, min g = g(0) = g(1) = e^ε;
* ``zhao2019.cor1`` — A ≤ e^ε for every D ∈ D ⇒ <D, ε>-MP (also on Zhao's D* by brute force).
"""

from __future__ import annotations

import functools
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Finding, Hypothesis, Instance, Outcome, Reading, Verdict, param_domain
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS, OO
from theorems.zhao2019.brute_force import brute_mp_of
from theorems.zhao2019.steps import exact_text, le
from theorems.zhao2019.instances import DEF_FAMILIES, make_family, make_instance

__all__ = ["CLAIMS", "FINITE_A", "INTERIOR", "LEMMA1_GRID", "check_cor1", "check_lemma1", "cor1_hypothesis"]

_C, _P, _X = Verdict.CHECKED, Verdict.PROVED, Verdict.REFUTED
_F = Fraction


def _g_of(gamma: Fraction, b: Fraction):
    """g(b) of (26) with e^ε = gamma."""
    if b <= 1 / (1 + gamma):
        return (1 - b) / (1 / gamma - b)
    return (gamma - 1 + b) / b


def _lemma1_grid() -> tuple:
    """Exact (γ = e^ε, p = P_D[x_i], a = P[Y|x_i], b = P[Y|x̄_i]) with P[Y] > 0 (Y possible).

    p includes 0, 1, the break point 1/(1+γ) and e^-ε = 1/γ; (a, b) a grid with zeros plus the
    equality cases a = g(p)·b."""
    out = []
    base = [_F(0), _F(1, 6), _F(1, 3), _F(1, 2), _F(5, 6), _F(1)]
    for gamma in (_F(2), _F(1), _F(3, 2), _F(3)):
        ps = sorted({_F(0), _F(1), 1 / (1 + gamma), 1 / gamma, _F(1, 7), _F(1, 3), _F(1, 2), _F(5, 6)})
        for p in ps:
            pairs = [(a, b) for a in base for b in base]
            for b in base[1:]:
                a = _g_of(gamma, p) * b
                if a <= 1:
                    pairs.append((a, b))
                    if a + _F(1, 100) <= 1:
                        pairs.append((a + _F(1, 100), b))
            pairs.sort(key=lambda ab: ab[1] == 0)  # finite A first (A = +oo needs the cleared form)
            for a, b in dict.fromkeys(pairs):
                if p * a + (1 - p) * b == 0:
                    continue
                out.append(make_instance(f"gamma={gamma},p={p},a={a},b={b}", None, gamma=gamma, p=p, a=a, b=b))
    return tuple(out)


LEMMA1_GRID = make_family("lemma1-grid", functools.lru_cache(maxsize=None)(_lemma1_grid),
                   "e^eps in {1, 3/2, 2, 3}; P[x_i] in {0, 1/7, 1/3, 1/(1+e^eps), 1/2, e^-eps, 5/6, 1}; "
                   "P[Y|x_i], P[Y|x̄_i] on a grid with zeros and the equality cases A = g(P[x_i])")


def _mp_conditions(gamma, p, a, b):
    """((21), (22)) by Bayes: P[x_i|Y] ≤ γ P[x_i] and P[x̄_i|Y] ≥ P[x̄_i]/γ (P[Y] > 0)."""
    pe = p * a + (1 - p) * b
    c21 = p * a / pe <= gamma * p
    c22 = (1 - p) * b / pe >= (1 - p) / gamma
    return c21, c22


def _A(a, b):
    """A = a/b with the paper's conventions 0/0 = 1, c/0 = +oo (footnote 4)."""
    if b == 0:
        return Fraction(1) if a == 0 else OO
    return a / b


def check_lemma1(part: str, *, g=None):
    """Lemma 1 and its steps on one (γ, p, a, b).  part: "lemma" ((21)∧(22) ⟺ A ≤ g(p)),
    "eq28" ((21) ⟺ 1 − p ≥ A(e^-ε − p)), "eq29" ((22) ⟺ Ap + 1 − p ≤ e^ε), "eq30" (the algebra).

    In (28), (29) A = a/b appears multiplied by a number that may vanish; they are read with the
    denominator b cleared (the natural reading of A = +oo, i.e. 0·oo = 0), which is equivalent to
    the displayed form whenever b > 0."""
    g = g or _g_of

    def check(inst: Instance) -> Outcome:
        P = inst.params
        gamma, p, a, b = P["gamma"], P["p"], P["a"], P["b"]
        c21, c22 = _mp_conditions(gamma, p, a, b)
        A = _A(a, b)
        if part == "lemma":
            lhs, rhs = c21 and c22, le(A, g(gamma, p))
            what = f"(21)&(22) = {lhs} vs A = {exact_text(A)} <= g(p) = {g(gamma, p)}: {rhs}"
        elif part == "eq28":  # A(e^-eps - p) <= 1 - p, denominators cleared: a(e^-eps - p) <= b(1 - p)
            lhs = c21
            rhs = a * (1 / gamma - p) <= b * (1 - p)
            what = f"(21) = {lhs} vs 1-p >= A(e^-eps - p): {rhs} (A = {exact_text(A)})"
        elif part == "eq29":  # A p + 1 - p <= e^eps, denominators cleared: a p + b(1 - p) <= e^eps b
            lhs = c22
            rhs = a * p + b * (1 - p) <= gamma * b
            what = f"(22) = {lhs} vs A p + 1 - p <= e^eps: {rhs} (A = {exact_text(A)})"
        else:  # eq30: x = p, A finite real >= 0
            if A == OO:
                return Outcome(Decision.true("vacuous", "eq30 is about finite A"))
            lhs = (1 - p >= A * (1 / gamma - p)) and (A * p + 1 - p <= gamma)
            rhs = A <= g(gamma, p)
            what = f"conjunction = {lhs} vs A <= g(x) = {rhs} (x = {p}, A = {A})"
        return Outcome(Decision.of(lhs == rhs, "exact", what))

    return check


def _interior_form(part: str) -> dict:
    """:func:`_lemma1_form` restricted to 0 < P_D[x_i] < 1 (the hypothesis INTERIOR as a range)."""
    form = _lemma1_form(part)
    return dict(form, hypotheses=[form["hypotheses"][0] + " and 0 < p and p < 1"])


def _lemma1_form(part: str) -> dict:
    """The statement of :func:`check_lemma1`'s ``part`` as data for the independent checker: (21), (22) with
    P[Y] = p a + (1 − p) b > 0 multiplied out, A ≤ g(p) with b cleared (A = a/b, +oo when b = 0; g's two
    branches have positive denominators), and "⟺" written as (L and R) or (not L and not R).  Its degenerate
    points (a zero probability) are what a ``boundary`` finding needs."""
    c21 = "p*a <= gamma*p*(p*a + (1 - p)*b)"
    c22 = "gamma*(1 - p)*b >= (1 - p)*(p*a + (1 - p)*b)"
    lhs, rhs = {
        "lemma": (f"({c21}) and ({c22})",
                  "(p <= 1/(1 + gamma) and a*(1/gamma - p) <= b*(1 - p)) or "
                  "(p > 1/(1 + gamma) and a*p <= b*(gamma - 1 + p))"),
        "eq28": (c21, "a*(1/gamma - p) <= b*(1 - p)"),
        "eq29": (c22, "a*p + b*(1 - p) <= gamma*b"),
    }[part]
    return {"quantifier": "forall-instances", "measures": {},
            "hypotheses": ["range:gamma >= 1 and 0 <= p and p <= 1 and 0 <= a and a <= 1 and 0 <= b and b <= 1 "
                           "and p*a + (1 - p)*b > 0"],
            "degenerate": "p == 0 or p == 1 or a == 0 or b == 0",
            "claim": f"(({lhs}) and ({rhs})) or (not ({lhs}) and not ({rhs}))"}


#: P_D[x_i] strictly inside (0, 1): both membership events have positive probability
INTERIOR = Hypothesis("interior-membership-probability", "0 < P_D[x_i] < 1", lambda inst: 0 < inst.params["p"] < 1)
#: the likelihood ratio A is finite (P[Y | x̄_i] > 0), as (30)/(38) treat it as a real number
FINITE_A = Hypothesis("finite-likelihood-ratio", "A = P[Y|x_i]/P[Y|x̄_i] is finite (P[Y|x̄_i] > 0)",
                      lambda inst: inst.params["b"] != 0)


#: the domain of Lemma 1's parameters, as its statement gives it ("for every e^ε, P_D[x_i] ∈ [0, 1] and P[Y|x_i],
#: P[Y|x̄_i]"): declared, so a search may draw them (issue 23)
LEMMA1_DOMAIN = (param_domain("a", "b", "p", lo=0, hi=1, text="P[Y|x_i], P[Y|x̄_i] and P_D[x_i] are probabilities"),
                 param_domain("gamma", lo=1, text="γ = e^ε >= 1"))


LEMMA1 = Claim(
    "zhao2019.lemma1", "Lemma 1 (g-characterisation of <D, ε>-MP) with steps (28)-(30)",
    "Lemma 1, eqs. (23a)-(23b), (27)-(38)",
    "Lemma 1. A mechanism Y achieves ε-membership privacy under a family D of distributions, i.e., <D, ε>-MP, if "
    "and only if it holds for any distribution D ∈ D that P_{D,Y}[Y | x_i]/P_{D,Y}[Y | x̄_i] ≤ (1 − P_D[x_i])/"
    "(e^{-ε} − P_D[x_i]) if 0 ≤ P_D[x_i] ≤ 1/(1+e^ε) (23a), (e^ε − 1 + P_D[x_i])/P_D[x_i] if 1/(1+e^ε) < "
    "P_D[x_i] ≤ 1 (23b).  [Footnote 4: We let 0/0 = 1 and non-zero/0 = ∞.]  Steps: (21) ⟺ 1 − P_D[x_i] ≥ "
    "A(e^{-ε} − P_D[x_i]) (28); (22) ⟺ A × P_D[x_i] + 1 − P_D[x_i] ≤ e^ε (29); their conjunction ⟺ A ≤ "
    "g(P_D[x_i]) (30), shown for real x ∈ [0, 1] (38).",
    "equivalence",
    [Reading("literal", "for every e^ε, P_D[x_i] ∈ [0, 1] and P[Y|x_i], P[Y|x̄_i] with P[Y] > 0: (21)∧(22) ⟺ "
             "A ≤ g(P_D[x_i])", check_lemma1("lemma"), (LEMMA1_GRID,), expected=_X, finding=Finding.BOUNDARY,
             form=_lemma1_form("lemma"),
             why="at P_D[x_i] = 0 membership privacy holds vacuously while A ≤ g(0) = e^ε fails (e^ε = 2, "
                 "A = 3): (31)-(32) divide by P_D[x_i]; 'interior' (0 < P_D[x_i] < 1) holds",
             notes="Per-output check is faithful: at P_D[x_i] ∈ {0, 1} every output set satisfies (21)-(22)"),
     Reading("interior", "the same for 0 < P_D[x_i] < 1", check_lemma1("lemma"), (LEMMA1_GRID,), expected=_C,
             hypotheses=(INTERIOR, *LEMMA1_DOMAIN), form=_interior_form("lemma")),
     Reading("eq28-literal", "(21) ⟺ 1 − P_D[x_i] ≥ A(e^{-ε} − P_D[x_i]) on [0, 1]", check_lemma1("eq28"),
             (LEMMA1_GRID,), expected=_X, finding=Finding.BOUNDARY, form=_lemma1_form("eq28"),
             why="fails at the endpoint P_D[x_i] = 0 (the step divides by P_D[x_i] in (32)); 'eq28-interior' "
                 "holds"),
     Reading("eq28-interior", "(28) for 0 < P_D[x_i] < 1", check_lemma1("eq28"), (LEMMA1_GRID,), expected=_C,
             hypotheses=(INTERIOR, *LEMMA1_DOMAIN), form=_interior_form("eq28")),
     Reading("eq29-literal", "(22) ⟺ A P_D[x_i] + 1 − P_D[x_i] ≤ e^ε on [0, 1]", check_lemma1("eq29"),
             (LEMMA1_GRID,), expected=_X, finding=Finding.BOUNDARY, form=_lemma1_form("eq29"),
             why="fails at the endpoint P_D[x_i] = 1: (22) is vacuous (P_D[x̄_i] = 0) but A ≤ e^ε is required; "
                 "'eq29-interior' holds"),
     Reading("eq29-interior", "(29) for 0 < P_D[x_i] < 1", check_lemma1("eq29"), (LEMMA1_GRID,), expected=_C,
             hypotheses=(INTERIOR, *LEMMA1_DOMAIN), form=_interior_form("eq29")),
     Reading("eq30", "(30)/(38): for x ∈ [0, 1] and finite A ≥ 0: [1 − x ≥ A(e^{-ε} − x) and Ax + 1 − x ≤ e^ε] "
             "⟺ A ≤ g(x)", check_lemma1("eq30"), (LEMMA1_GRID,), expected=_C,
             hypotheses=(FINITE_A, *LEMMA1_DOMAIN))],
)


def _g_grid() -> tuple:
    return tuple(make_instance(f"gamma={g}", None, gamma=_F(g)) for g in (_F(11, 10), _F(3, 2), 2, 3, 7))


G_GRID = make_family("g-grid", functools.lru_cache(maxsize=None)(_g_grid), "e^eps in {11/10, 3/2, 2, 3, 7}, b on a grid of "
                                                                     "step 1/240 plus the break points")


def check_g_mono(inst: Instance) -> Outcome:
    """On a grid of b: g strictly increasing on [0, 1/(1+e^ε)], strictly decreasing on (1/(1+e^ε), 1],
    g(0) = g(1) = e^ε = min g, g1 ≤ g2 on (0, 1/(1+e^ε)] and g1 ≥ g2 on (1/(1+e^ε), e^-ε)."""
    gamma = inst.params["gamma"]
    brk, einv = 1 / (1 + gamma), 1 / gamma
    bs = sorted({_F(k, 240) for k in range(241)} | {brk, einv})
    g1 = lambda b: (1 - b) / (einv - b)  # noqa: E731
    g2 = lambda b: (gamma - 1 + b) / b  # noqa: E731
    up = [b for b in bs if b <= brk]
    down = [b for b in bs if b > brk]
    ok = all(_g_of(gamma, x) < _g_of(gamma, y) for x, y in zip(up, up[1:]))
    ok &= all(_g_of(gamma, x) > _g_of(gamma, y) for x, y in zip(down, down[1:]))
    ok &= _g_of(gamma, _F(0)) == gamma == _g_of(gamma, _F(1))
    ok &= all(_g_of(gamma, b) > gamma for b in bs if 0 < b < 1)
    ok &= all(g1(b) <= g2(b) for b in bs if 0 < b <= brk)
    ok &= all(g1(b) >= g2(b) for b in bs if brk < b < einv)
    return Outcome(Decision.of(ok, "exact grid", f"monotonicity, minimum and g1/g2 order of g at e^eps = {gamma}"))


def prove_g_mono() -> Decision:
    """All ε > 0, by exact algebra in t = e^ε > 1 and the certifier for the sign facts in ε.

    Difference identities (sympy ``cancel`` to 0), for b < b':
      g1(b') − g1(b) = (1 − 1/t)(b' − b)/((1/t − b)(1/t − b')),
      g2(b') − g2(b) = −(t − 1)(b' − b)/(b b'),
      g2(b) − g1(b) = (t − 1/t)(1/(1 + t) − b)/(b(1/t − b)),
      g1(0) = t = g2(1),  1/t − 1/(1+t) = 1/(t(1+t)).
    Signs: 1 − e^-ε > 0, e^ε − 1 > 0, e^ε − e^-ε > 0 for ε > 0 (certifier); on [0, 1/(1+t)] both
    1/t − b and 1/t − b' are positive (1/(1+t) < 1/t), and b b' > 0 on (1/(1+t), 1].  So g = g1 is
    strictly increasing on [0, 1/(1+t)], g = g2 strictly decreasing on (1/(1+t), 1] — every sign is a
    product of the certified or displayed positive factors, no calculus step is left — hence
    min g = g(0) = g(1) = e^ε, and the g1/g2 order flips at 1/(1+t) (by the third identity)."""
    from exactpriv.certify import prove_inequality

    t, b, b2 = sympy.symbols("t b b2", positive=True)
    g1 = lambda x: (1 - x) / (1 / t - x)  # noqa: E731
    g2 = lambda x: (t - 1 + x) / x  # noqa: E731
    ids = {
        "g1(b') - g1(b) = (1-1/t)(b'-b)/((1/t-b)(1/t-b'))":
            g1(b2) - g1(b) - (1 - 1 / t) * (b2 - b) / ((1 / t - b) * (1 / t - b2)),
        "g2(b') - g2(b) = -(t-1)(b'-b)/(b b')": g2(b2) - g2(b) + (t - 1) * (b2 - b) / (b * b2),
        "g1(0) = t": g1(sympy.Integer(0)) - t,
        "g2(1) = t": g2(sympy.Integer(1)) - t,
        "g2 - g1 = (t-1/t)(1/(1+t)-b)/(b(1/t-b))": g2(b) - g1(b) - (t - 1 / t) * (1 / (1 + t) - b) / (b * (1 / t - b)),
        "1/t - 1/(1+t) = 1/(t(1+t))": 1 / t - 1 / (1 + t) - 1 / (t * (1 + t)),
    }
    cert = {}
    for name, expr in ids.items():
        if sympy.cancel(expr) != 0:
            return Decision.undecided("exact-algebra", f"identity {name} not verified by cancel")
        cert[name] = "cancel -> 0"
    for lhs in (1 - sympy.exp(-EPS), sympy.exp(EPS) - 1, sympy.exp(EPS) - sympy.exp(-EPS)):
        r = prove_inequality(lhs, ">", 0, domain=(0, sympy.oo), closed=(False, False))
        if r.verdict != "PROVED":
            return Decision.undecided("certify", f"{lhs} > 0 on (0, oo): {r.verdict} ({r.reason})")
        cert[f"{lhs} > 0 on (0, oo)"] = r.method
    return Decision.true("exact-algebra + certify", "g increases then decreases, min g = e^eps at b = 0, 1; "
                                                    "g1/g2 order flips at 1/(1+e^eps)", certificate=cert)


def _g_mono_form() -> dict:
    """'literal' as data for the independent checker (docs/certificates.md, "all-of", "Monotonicity",
    "factor-signs"), in t = e^ε ∈ (1, oo) (ε > 0), with g1(x) = (1 − x)/(e^{−ε} − x) and g2(x) = (e^ε − 1 + x)/x
    written out (g = g1 on [0, 1/(1+e^ε)], g2 after, (26)).  Each interval of b depends on t, so b is written as an
    increasing affine image of s over a fixed interval: b = s/(1+t) on [0, 1/(1+t)] (s ∈ [0, 1]), b = (1 + st)/(1+t)
    on (1/(1+t), 1] (s ∈ (0, 1]), b = 1/(1+t) + s(1/t − 1/(1+t)) on (1/(1+t), 1/t) (s ∈ (0, 1)): monotone in b ⟺
    monotone in s for each t."""
    g1 = lambda b: f"((1 - {b})/(1/t - {b}))"  # noqa: E731
    g2 = lambda b: f"((t - 1 + {b})/{b})"  # noqa: E731
    low, high, mid = "(s/(1 + t))", "((1 + s*t)/(1 + t))", "(1/(1 + t) + s*(1/t - 1/(1 + t)))"
    t = {"t": "(1, oo)"}

    def params(name, dom, claim):
        return {"name": name, "statement": {"quantifier": "forall-params", "domain": dom, "claim": claim}}

    return {"quantifier": "all-of", "parts": [
        {"name": "g increases on [0, 1/(1+e^eps)]", "statement": {
            "quantifier": "monotone", "variable": "s", "direction": "increasing",
            "cases": [{"name": "g1, b = s/(1+t)", "function": g1(low)[1:-1], "domain": dict(t, s="[0, 1]")}]}},
        {"name": "g decreases on (1/(1+e^eps), 1]", "statement": {
            "quantifier": "monotone", "variable": "s", "direction": "decreasing",
            "cases": [{"name": "g2, b = (1+st)/(1+t)", "function": g2(high)[1:-1], "domain": dict(t, s="(0, 1]")}]}},
        params("g(0) = g(1) = e^eps", t, f"{g1('0')} == t and {g2('1')} == t"),
        params("min g = e^eps on [0, 1/(1+e^eps)]", dict(t, s="[0, 1]"), f"{g1(low)} >= t"),
        params("min g = e^eps on (1/(1+e^eps), 1]", dict(t, s="(0, 1]"), f"{g2(high)} >= t"),
        params("g1 <= g2 on (0, 1/(1+e^eps)]", dict(t, s="(0, 1]"), f"{g1(low)} <= {g2(low)}"),
        params("g1 >= g2 on (1/(1+e^eps), e^-eps)", dict(t, s="(0, 1)"), f"{g1(mid)} >= {g2(mid)}")]}


#: the domain of the reading's parameters, as its statement gives it (declared, so a search may draw
#: them — issue 23)
G_MONO_DOMAIN = param_domain("gamma", lo=1, open_lo=True, text="γ = e^ε > 1: the claim is stated for ε > 0")


G_MONO = Claim(
    "zhao2019.g_mono", "Claim in the proof of Corollary 1 (shape of g)",
    "proof of Corollary 1, eq. (26); proof of Lemma 1 (g1, g2)",
    "The function g(b) increases as b increases for 0 ≤ b ≤ 1/(1+e^ε) and decreases as b increases for "
    "1/(1+e^ε) < b ≤ 1. Hence, at b = 0 or b = 1, g(b) takes its minimum g(0) = g(1) = e^ε. [...] It is "
    "straightforward to show g1(x) ≤ g2(x) if 0 < x ≤ 1/(1+e^ε), and g1(x) ≥ g2(x) if 1/(1+e^ε) < x < e^{-ε}.",
    "inequality",
    [Reading("literal", "for every ε > 0: the monotonicity, minimum and g1/g2 order stated", check_g_mono,
             (G_GRID,), prove=prove_g_mono, hypotheses=(G_MONO_DOMAIN,), expected=_P, form=_g_mono_form(),
             notes="for ε = 0, g ≡ 1 (constant, not increasing); the claim's objects have ε > 0")],
)


def cor1_hypothesis(*, level=None) -> Hypothesis:
    """Corollary 1's hypothesis on one (γ, p, a, b): A ≤ e^ε (``level``: variant γ -> bound on A)."""
    level = level or (lambda gamma: gamma)
    return Hypothesis("likelihood-ratio-at-most-e^eps", "A = P[Y|x_i]/P[Y|x̄_i] ≤ e^ε (Corollary 1's hypothesis)",
                      lambda inst: le(_A(inst.params["a"], inst.params["b"]), level(inst.params["gamma"])))


def check_cor1(*, level=None):
    """Corollary 1 on one (γ, p, a, b): A ≤ e^ε ⇒ (21) and (22)  (``level``: variant γ -> bound on A)."""
    level = level or (lambda gamma: gamma)

    def check(inst: Instance) -> Outcome:
        P = inst.params
        gamma, p, a, b = P["gamma"], P["p"], P["a"], P["b"]
        A = _A(a, b)
        if not le(A, level(gamma)):
            return Outcome(Decision.true("vacuous", f"hypothesis A = {exact_text(A)} <= {level(gamma)} fails"))
        c21, c22 = _mp_conditions(gamma, p, a, b)
        return Outcome(Decision.of(c21 and c22, "exact", f"A = {exact_text(A)} <= e^eps = {gamma} gives (21) {c21}, (22) {c22}"))

    return check


def check_cor1_two_point(inst: Instance) -> Outcome:
    """Corollary 1 on D*: with e^ε = max_{D ∈ D*} A (brute force), every D_p on the grid satisfies
    (21), (22) for every output event (computed by Bayes)."""
    a_max, g_max = brute_mp_of(inst.mechanism, inst.prior, "conditional")
    return Outcome(Decision.of(le(g_max, a_max), "brute-force D*", f"max_D A = {exact_text(a_max)}; level needed on the grid "
                                                              f"{exact_text(g_max)}"))


def _output_possible(inst) -> bool:
    P = inst.params
    try:
        return P["p"] * P["a"] + (1 - P["p"]) * P["b"] > 0
    except (KeyError, TypeError):  # a parameter missing or no number: not shown
        return False


#: the corollary's "with P[Y] > 0" (Bayes' rule needs it); with LEMMA1_DOMAIN it declares every parameter
OUTPUT_POSSIBLE = Hypothesis("P[Y]>0", "P[Y] = P_D[x_i] P[Y|x_i] + (1 - P_D[x_i]) P[Y|x̄_i] > 0", _output_possible,
                             params=("p", "a", "b"))


COR1 = Claim(
    "zhao2019.cor1", "Corollary 1", "Corollary 1",
    "Corollary 1. A mechanism Y achieves ε-membership privacy under a family D of distributions, i.e., <D, ε>-MP, "
    "if it holds for any distribution D ∈ D that P_{D,Y}[Y|x_i]/P_{D,Y}[Y|x̄_i] ≤ e^ε.",
    "implication",
    [Reading("per-distribution", "for every e^ε, P_D[x_i] ∈ [0, 1], P[Y|x_i], P[Y|x̄_i] with P[Y] > 0: "
             "A ≤ e^ε ⇒ (21) and (22)", check_cor1(), (LEMMA1_GRID,), expected=_C,
             hypotheses=(cor1_hypothesis(), *LEMMA1_DOMAIN, OUTPUT_POSSIBLE),
             notes="holds at the boundary too (MP is vacuous there), so Lemma 1's boundary failure does not "
                   "affect it"),
     Reading("two-point-family", "on D*: with e^ε = max over D_{i,K} and output events of A (brute force), every "
             "D_{i,K} with p ∈ {1/2, 1/100} satisfies (21)-(22) for every output event",
             check_cor1_two_point, DEF_FAMILIES, expected=_C)],
)


CLAIMS: list[Claim] = [LEMMA1, G_MONO, COR1]
