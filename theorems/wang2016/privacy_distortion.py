"""Wang–Ying–Zhang §2.3, §3: the privacy–distortion functions and the constants ε_X, ε̃_X, h.

Wang, Ying and Zhang, "On the Relation Between Identifiability, Differential Privacy, and
Mutual-Information Privacy" (IEEE Trans. Inf. Theory 62(9), 2016): §2.3 and §3, the privacy–distortion
functions and the constants ε_X, ε̃_X and h.

Main claims
-----------
* ``wang2016.def_pd`` — the privacy–distortion functions (6), (7) as certified LP optima;
* ``wang2016.def_epsX`` — ε_X (18);
* ``wang2016.def_epstilde`` — ε̃_X: finite for full-support priors (not for every prior), and the
  posterior family (61) stays feasible above it (proved for every n, m and prior);
* ``wang2016.def_h`` — h (36) and h^{-1} (19) (proved symbolically).

ε̃_X is computed exactly (real-root isolation of the numerators of p_Y = K_t^{-1} p_X); the checks solve
K_t p_Y = p_X independently with python-flint's exact rational matrices.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy

from exactpriv.claims import Claim, Finding, Instance, Outcome, Reading, Verdict, full_support_prior, param_domain
from exactpriv.distributions import Prior
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, OO
from exactpriv.forall import prove_nonnegative_orthant
from exactpriv.measures.bayesian import eps_X, identifiability
from exactpriv.measures.distortion import expected_distortion, h, h_inverse
from exactpriv.measures.divergence import pure_dp
from exactpriv.spaces import Hamming

from theorems.wang2016.instances import (
    FAM_PRIORS_FULL,
    FAM_PRIORS_RANDOM,
    FAM_PRIORS_ZEROS_FIRST,
    cached_family,
    prior_t_instance,
    priors,
)
from theorems.wang2016.measured import eps_tilde, pd_dp, pd_i, uncertified
from theorems.wang2016.steps import F, compare_step, exp_eps_of, shape, symbolic_zero
from theorems.wang2016.hypotheses import T_DOMAIN


__all__ = [
    "DEF_EPS_TILDE",
    "DEF_EPS_X",
    "DEF_H",
    "DEF_PD",
    "FAM_DEF_PD",
    "FAM_NM",
    "def_epsX_check",
    "def_epstilde_check",
    "def_h_check",
    "epstilde_finite_check",
    "epstilde_upward_check",
    "prove_h",
    "prove_upward_closed",
]


def def_epsX_check(inst):
    p = inst.prior
    S = p.space
    best = F(1)
    for x, y in itertools.permutations(range(S.size), 2):
        if sum(a != b for a, b in zip(S.points[x], S.points[y])) != 1:
            continue
        px, py_ = p.pmf[x], p.pmf[y]
        if py_ == 0:
            if px > 0:
                best = OO
                break
            continue
        best = max(best, px / py_)
    bv = OO if best == OO else LogForm.log(best)
    m = eps_X(p)
    parts = [compare_step(m.value, "==", bv, "eps_X == max over all pairs at distance 1 of ln p(x)/p(x') (18)"),
             Decision.of((bv != OO) == p.has_full_support, "exact", "eps_X finite iff p_X has full support")]
    return Outcome(Decision.all_of(parts, "def of eps_X"), {"eps_X": m})


DEF_EPS_X = Claim(
    "wang2016.def_epsX", "Definition of ε_X (18)",
    "§3, eq. (18)",
    "ε_X = max_{x,x'∈D^n: x∼x'} ln p_X(x)/p_X(x'), (18) which is the maximum prior probability difference between "
    "two neighboring databases. For ε_X to be finite, the distribution p_X needs to have full support on D^n.",
    "definition",
    [Reading("literal", "eps_X == max over all pairs at Hamming distance 1 of ln p(x)/p(x') (brute force), and it "
                        "is finite iff p_X has full support",
             def_epsX_check, [FAM_PRIORS_RANDOM, FAM_PRIORS_ZEROS_FIRST], expected=Verdict.CHECKED)],
)


def _def_pd_check(kind):
    """The certified LP optimum is attained by an ε-private mechanism and no grid mechanism beats it."""

    def check(inst):
        p, t = inst.prior, exp_eps_of(inst)
        r = (pd_dp if kind == "dp" else pd_i)(p, t)
        und = uncertified((r, "LP"))
        if und is not None:
            return und
        if r.value == OO:
            return Decision.true("farkas", "infeasible: D* = inf of the empty set = +oo")
        M = r.mechanism
        lvl = pure_dp(M).value if kind == "dp" else identifiability(M, prior=p).value
        parts = [compare_step(lvl, "<=", LogForm.log(t), "the optimal mechanism is eps-private"),
                 compare_step(expected_distortion(M, p), "==", r.value, "its distortion equals D*")]
        S = p.space
        if S.size == 2:  # every eps-private mechanism [[1-a, a], [b, 1-b]] with a, b in {k/12} (direct arithmetic)
            grid = [F(k, 12) for k in range(13)]
            p0, p1 = p.pmf
            best = None
            for a, b in itertools.product(grid, repeat=2):
                rows = ((1 - a, a), (b, 1 - b))
                w = (F(1), F(1)) if kind == "dp" else (p0, p1)
                ok = all(w[i] * rows[i][y] <= t * w[1 - i] * rows[1 - i][y] for i in (0, 1) for y in (0, 1))
                if ok:
                    d = p0 * a + p1 * b
                    best = d if best is None or d < best else best
            parts.append(Decision.of(best is None or best >= r.value, "exact", f"every eps-private grid mechanism (entries k/12) has distortion >= D* = {r.value} "
                               f"(min over the grid: {best})"))
        return Outcome(Decision.all_of(parts, f"D*_{kind} attained"), {"D*": r.value})

    return check


def _def_pd_build():
    S = Hamming(range(2), 1)
    for pm in [(F(1, 3), F(2, 3)), (F(1, 10), F(9, 10)), (F(1, 2), F(1, 2))]:
        p = Prior(S, list(pm))
        for t in (F(1), F(3, 2), F(2), F(3), F(9)):
            yield prior_t_instance(f"D^1,m=2 ({pm[0]},{pm[1]})", p, t)
    for label, p in priors("product")[1:4] + priors("correlated")[1:3]:
        for t in (F(2), F(5)):
            yield prior_t_instance(label, p, t)


FAM_DEF_PD = cached_family("D^1,m=2 grids + larger priors", _def_pd_build)


DEF_PD = Claim(
    "wang2016.def_pd", "Privacy–distortion and distortion–privacy functions (6), (7)",
    "§2.3, eqs. (6), (7); §3, PD-I (8)-(13), PD-DP (14)-(17)",
    "A privacy–distortion pair (ε, D) is said to be achievable if there exists a mechanism M with output Y such "
    "that M satisfies ε-privacy level and E[d(X,Y)] <= D. ... ε*(D) = inf{ε : (ε, D) is achievable}, (6) ... "
    "D*(ε) = inf{D : (ε, D) is achievable}, (7) which is the smallest achievable distortion given privacy level ε.",
    "definition",
    [Reading("pd-dp", "the certified PD-DP optimum D*_d(ε) is attained by an ε-DP mechanism with exactly that "
                      "distortion, and no ε-DP mechanism of a grid (entries k/12, D^1) does better",
             _def_pd_check("dp"), [FAM_DEF_PD], expected=Verdict.CHECKED, hypotheses=(T_DOMAIN,)),
     Reading("pd-i", "the certified PD-I optimum D*_i(ε) is attained by an ε-identifiable mechanism (or is +oo "
                     "when no mechanism is ε-identifiable), and no ε-identifiable grid mechanism does better",
             _def_pd_check("i"), [FAM_DEF_PD], expected=Verdict.CHECKED, hypotheses=(T_DOMAIN,),
             notes="PD-I is linearised in the joint q(x,y) = p_X(x)p(y|x); see optimal_distortion_identifiability.")],
)


# ======================================================================================
# eps~_X and h
# ======================================================================================
def _solve_feasible(prior, t):
    """Independent path: solve K_t p_Y = p_X with python-flint's exact fmpq_mat (no Kronecker)."""
    import flint

    S = prior.space
    n, m = shape(prior)
    z = flint.fmpq(t.numerator + (m - 1) * t.denominator, t.denominator) ** n
    tq = flint.fmpq(t.numerator, t.denominator)
    K = flint.fmpq_mat(S.size, S.size, [tq ** (n - S.distance(x, y)) / z for x in S.points for y in S.points])
    b = flint.fmpq_mat(S.size, 1, [flint.fmpq(v.numerator, v.denominator) for v in prior.pmf])
    py = K.solve(b)
    return all(py[i, 0] >= 0 for i in range(S.size))


def def_epstilde_check(inst):
    p = inst.prior
    e = eps_tilde(p)
    if e.exp_value == OO:
        return Decision.undecided("exact", "eps~_X = oo: no threshold to compare with (see finite-full-support)")
    lo, hi = e.exp_enclosure
    parts = []
    for t in {hi, hi + F(1, 3), 2 * hi + 1}:
        if t > 1:
            parts.append(Decision.of(_solve_feasible(p, t), "exact", f"feasible at e^eps = {t} >= t~ (linear solve)"))
    if lo > 1:
        for t in {(1 + lo) / 2, lo - (lo - 1) / 64}:
            parts.append(Decision.of(not _solve_feasible(p, t), "exact", f"infeasible at e^eps = {t} < t~ (linear solve)"))
    if isinstance(e.exp_value, Fraction) and e.exp_value > 1:
        parts.append(Decision.of(_solve_feasible(p, e.exp_value), "exact", "feasible at t~ itself (the smallest eps is attained)"))
    return Outcome(Decision.all_of(parts, f"eps~_X = ln {e.exp_value}"), {"eps_tilde": e})


def epstilde_finite_check(inst):
    e = eps_tilde(inst.prior)
    if e.exp_value == OO:
        return Outcome(Decision.false("exact", "eps~_X = +oo: the posterior family (61) is infeasible for every finite "
                                               f"eps ({e.witness.get('negative_at_large_t')})"), {"eps_tilde": e})
    return Decision.true("exact", f"eps~_X = ln {e.exp_value} is finite")


def epstilde_upward_check(inst):
    e = eps_tilde(inst.prior)
    return Decision.of(e.upward_closed, "exact-root-isolation", f"feasible set of (61) in t: {e.feasible_pieces}")


def prove_upward_closed() -> Decision:
    """K_{t'}^{-1} K_t >= 0 entrywise for t' >= t >= 1, so p_Y(t') = K_{t'}^{-1}K_t p_Y(t) >= 0.

    In the commutative algebra span{I, J} (J^2 = mJ): ((t'+m-1)I - J)((t-1)I + J) =
    (t'+m-1)(t-1) I + (t'-t) J, and k_t^{-1} = ((t+m-1)I - J)/(t-1), k_t = ((t-1)I + J)/(t+m-1);
    K = k^{⊗n} and a Kronecker power of a nonnegative matrix is nonnegative.  At t = 1 (uniform
    prior, K_1 = J^{⊗n}/m^n) the same product is (t'-1)J, also nonnegative."""
    m, t, s = sympy.symbols("m t s", positive=True)  # s = t'

    def mul(a, b):  # (a0 I + a1 J)(b0 I + b1 J)
        return (sympy.expand(a[0] * b[0]), sympy.expand(a[0] * b[1] + a[1] * b[0] + m * a[1] * b[1]))

    prod = mul((s + m - 1, -1), (t - 1, 1))
    ok = sympy.expand(prod[0] - (s + m - 1) * (t - 1)) == 0 and sympy.expand(prod[1] - (s - t)) == 0
    # inverse check: k_t^{-1} k_t = I
    inv = mul((t + m - 1, -1), (t - 1, 1))
    ok = ok and sympy.expand(inv[0] - (t + m - 1) * (t - 1)) == 0 and sympy.expand(inv[1]) == 0
    if not ok:
        return Decision.false("sympy-algebra", "the I/J product did not simplify as claimed")
    # both coefficients are >= 0 for t' >= t >= 1, m >= 2: with t = 1 + b, t' = t + a, m = 2 + c (a, b, c >= 0)
    # they are polynomials with non-negative coefficients (certified, not argued)
    a, b, c = sympy.symbols("a b c", nonnegative=True)
    shift = {s: 1 + b + a, t: 1 + b, m: 2 + c}
    signs = [prove_nonnegative_orthant(sympy.expand(coef.subs(shift)), (a, b, c)) for coef in prod]
    if not all(d.is_true for d in signs):
        return Decision.undecided("orthant-coefficients", "sign of the I/J coefficients not certified")
    return Decision.true(
        "sympy-algebra",
        "((t'+m-1)I - J)((t-1)I + J) = (t'+m-1)(t-1) I + (t'-t) J (expanded exactly in span{I, J}, J^2 = mJ); "
        "both coefficients are >= 0 for t' >= t >= 1, so K_{t'}^{-1}K_t = [..]^{⊗n}/((t'-1)(t+m-1))^n >= 0 and "
        "feasibility at t implies feasibility at every t' >= t (all n, m, priors)",
        certificate={"product": [str(prod[0]), str(prod[1])], "inverse": [str(inv[0]), str(inv[1])]})


#: "eps~_X < oo" as data for the independent checker (its notion eps_tilde, from the definition after (18))
_FINITE_FORM = {"quantifier": "forall-instances", "hypotheses": ["has_prior"],
                "measures": {"ET": {"notion": "eps_tilde"}}, "claim": "ET < oo"}

DEF_EPS_TILDE = Claim(
    "wang2016.def_epstilde", "Definition of ε̃_X, its finiteness, and (implicitly) upward closedness",
    "§3, after (18); used in Lemma 4",
    "We say {p_{X|Y}(x|y)} is feasible if there exists a pmf p_Y such that it is the marginal pmf of Y. Let ε̃_X "
    "be the smallest ε such that the following posterior probabilities are feasible: p_{X|Y}(x|y) = "
    "e^{-εd(x,y)}/(1+(m-1)e^{-ε})^n. For any p_X, ε̃_X is finite since when ε → +∞, the pmf p_Y = p_X is the "
    "marginal pmf of Y.",
    "definition",
    [Reading("definition", "eps_tilde_X (exact root isolation) agrees with independent exact linear solves of "
                           "K_t p_Y = p_X: feasible at rationals above its enclosure (and at t~ when rational), "
                           "infeasible below",
             def_epstilde_check, [FAM_PRIORS_FULL], expected=Verdict.CHECKED, hypotheses=(full_support_prior,),
             notes="Without full support eps~_X = +oo (see finite-any-prior): there is no threshold to compare."),
     Reading("finite-any-prior", "for every prior p_X, eps~_X < oo", epstilde_finite_check,
             [FAM_PRIORS_ZEROS_FIRST], expected=Verdict.REFUTED, finding=Finding.BOUNDARY, form=_FINITE_FORM,
             why="p_X = (0, 1) on D^1, a prior without full support, makes eps~_X = +oo (p_X(0) = Σ_y p(0|y)p_Y(y) "
                 "> 0 for every finite eps); with full support it is finite (reading finite-full-support)",
             notes="The paper writes 'for any p_X', but its argument (p_Y = p_X as eps -> oo) only covers eps = oo, "
                   "and Theorem 1 assumes eps_X < oo (full support), where eps~_X is finite.  Boundary finding: "
                   "the witness disappears on full-support priors (finite-full-support, same families)."),
     Reading("finite-full-support", "for every full-support prior, eps~_X < oo", epstilde_finite_check,
             [FAM_PRIORS_ZEROS_FIRST, FAM_PRIORS_RANDOM], expected=Verdict.CHECKED,
             hypotheses=(full_support_prior,),
             form=dict(_FINITE_FORM, hypotheses=["has_prior", "prior_full_support"]),
             notes="P_y(t) has leading coefficient p_X(y) > 0, so p_Y > 0 for large t.  Checked on the families "
                   "of finite-any-prior: the priors with zeros are outside."),
     Reading("upward-closed", "for every n, m and prior, the posterior family (61) is feasible for every "
                              "eps >= eps~_X (Lemma 4 needs this)",
             epstilde_upward_check, [FAM_PRIORS_FULL, FAM_PRIORS_RANDOM], prove=prove_upward_closed,
             expected=Verdict.PROVED,
             notes="Proof: K_{t'}^{-1}K_t = [((t'+m-1)I - J)((t-1)I + J)]^{⊗n}/(...) >= 0 for t' >= t >= 1: the "
                   "one-record product is expanded exactly in span{I, J} and its two coefficients are certified "
                   ">= 0 (non-negative coefficients after t = 1 + b, t' = t + a, m = 2 + c); K_t = k_t^{⊗n} because "
                   "the Hamming distance adds over records, and Kronecker powers of non-negative matrices are "
                   "non-negative.  Instances report the exact feasible set.")],
)


def prove_h() -> Decision:
    """h(0) = n(m-1)/m, h' < 0, h^{-1}(h(ε)) = ε, h(h^{-1}(D)) = D — symbolically (n > 0, m - 1 = k > 0).

    An identity is proved when sympy simplifies the difference to 0; it is refuted only by an exact nonzero
    value at a point of the domain (:func:`~theorems.wang2016.steps.symbolic_zero`), else UNDECIDED."""
    n, k, D = sympy.symbols("n k D", positive=True)
    e = EPS
    hh = n / (1 + sympy.exp(e) / k)
    hinv = lambda d: sympy.log(n / d - 1) + sympy.log(k)  # noqa: E731
    # D in (0, n): write D = n u/(1+u), u > 0, so n/D - 1 = 1/u > 0
    u = sympy.Symbol("u", positive=True)
    Du = n * u / (1 + u)
    points = [{n: nn, k: kk, e: sympy.log(t), u: uu} for nn in (1, 2) for kk in (1, 2)
              for t, uu in ((2, sympy.Rational(1, 2)), (3, 2))]
    steps = {
        "h(0)": symbolic_zero(hh.subs(e, 0) - n * k / (k + 1), "h(0) = n(m-1)/m", points),
        "hinv(h(eps)) = eps": symbolic_zero(sympy.expand_log(sympy.simplify(hinv(hh)), force=True) - e,
                                            "h^-1(h(eps)) = eps", points),
        "h(hinv(D)) = D": symbolic_zero(hh.subs(e, hinv(Du)) - Du, "h(h^-1(D)) = D", points),
    }
    der = sympy.simplify(sympy.diff(hh, e))
    # h' = -n k e^eps/(k + e^eps)^2: sympy's sign facts are exact (n, k > 0 and e^eps > 0 are assumptions)
    steps["h' < 0"] = (Decision.true("sympy-assumptions", f"h'(eps) = {der} < 0") if der.is_negative is True
                       else Decision.undecided("sympy-assumptions", f"the sign of h'(eps) = {der} is not shown"))
    # cross-check with the certifier (exact algebra in t = e^eps) on fixed spaces
    from exactpriv.certify import prove_inequality

    for nn, mm in [(1, 2), (2, 3), (3, 3)]:
        hx = h(EPS, nn, mm)
        results = [prove_inequality(sympy.diff(hx, e), "<", 0),
                   prove_inequality(hx, "<=", sympy.Rational(nn * (mm - 1), mm))]
        what = f"certify D^{nn},m={mm}: h' < 0 and h <= n(m-1)/m on [0, oo)"
        if all(r.verdict == "PROVED" for r in results):
            steps[what] = Decision.true("certify", what)
        elif any(r.verdict == "REFUTED" for r in results):
            steps[what] = Decision.false("certify", f"{what}: {[str(r) for r in results]}")
        else:
            steps[what] = Decision.undecided("certify", f"{what}: {[r.verdict for r in results]}")
    d = Decision.all_of(list(steps.values()), "h = n/(1+e^eps/(m-1)) and its inverse")
    cert = {k_: v.truth.value for k_, v in steps.items()}
    return Decision(d.truth, "sympy-simplify + certify", f"{d.reason}; h'(eps) = {der}", d.precision,
                    {**d.certificate, "steps": cert})


def _def_h_form() -> dict:
    """'literal' as data for the independent checker (docs/certificates.md, "all-of", "atom-identity",
    "Monotonicity"), with h(ε) = n/(1 + e^ε/(m − 1)) (36) and h^{-1}(D) = ln(n/D − 1) + ln(m − 1) (19) written out,
    over real n >= 1, m >= 2 (which contain the integer n, m; the engine's proof is symbolic in them as well) and
    ε >= 0; h^{-1} is defined for D ∈ (0, n), written D = n·s with s ∈ (0, 1)."""
    h = "(n/(1 + exp(eps)/(m - 1)))"
    nm = {"n": "[1, oo)", "m": "[2, oo)"}
    return {"quantifier": "all-of", "parts": [
        {"name": "h(0) = n(m-1)/m", "statement": {
            "quantifier": "forall-params", "domain": nm, "claim": "n/(1 + exp(0)/(m - 1)) == n*(m - 1)/m"}},
        {"name": "h is decreasing", "statement": {
            "quantifier": "monotone", "variable": "eps", "direction": "decreasing",
            "cases": [{"name": "h", "function": h[1:-1], "domain": dict(nm, eps="[0, oo)")}]}},
        {"name": "h^-1(h(eps)) = eps", "statement": {
            "quantifier": "forall-params", "domain": dict(nm, eps="[0, oo)"),
            "claim": f"log(n/{h} - 1) + log(m - 1) == eps"}},
        {"name": "h(h^-1(D)) = D, D = n*s in (0, n)", "statement": {
            "quantifier": "forall-params", "domain": dict(nm, s="(0, 1)"),
            "claim": "n/(1 + exp(log(n/(n*s) - 1) + log(m - 1))/(m - 1)) == n*s"}}]}


def def_h_check(inst):
    n, m = int(inst.params["n"]), int(inst.params["m"])
    ts = [F(1), F(3, 2), F(2), F(3), F(10)]
    vals = [h(None, n, m, exp_eps=t) for t in ts]
    parts = [compare_step(vals[0], "==", F(n * (m - 1), m), "h(0) = n(m-1)/m"),
             Decision.of(all(a > b for a, b in zip(vals, vals[1:])), "exact", "h strictly decreasing on the grid")]
    for t, v in zip(ts, vals):
        parts.append(compare_step(h_inverse(v, n, m), "==", LogForm.log(t), f"h^-1(h(ln {t})) = ln {t}"))
    return Decision.all_of(parts, f"h on D^{n}, m={m}")


def _nm_build():
    for n, m in [(1, 2), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3), (4, 2)]:
        yield Instance(f"n={n}, m={m}", params={"n": n, "m": m})


FAM_NM = cached_family("(n, m) grid", _nm_build)


#: the domain of the reading's parameters, as its statement gives it (declared, so a search may draw
#: them — issue 23)
DEF_H_DOMAIN = (param_domain("n", lo=1, integer=True, text="n >= 1 records"),
                param_domain("m", lo=2, integer=True, text="m >= 2 values per record"))


DEF_H = Claim(
    "wang2016.def_h", "The function h and its inverse (19), (36)",
    "§3, eq. (19); Appendix A, eq. (36)",
    "h^{-1}(D) = ln(n/D - 1) + ln(m - 1). (19) ... h(ε) = n/(1 + e^ε/(m-1)). (36) ... Since h is a decreasing "
    "function ...",
    "identity",
    [Reading("literal", "for all n >= 1, m >= 2 (symbolic): h(0) = n(m-1)/m, h is decreasing, h^-1(h(eps)) = eps "
                        "and h(h^-1(D)) = D",
             def_h_check, [FAM_NM], prove=prove_h, hypotheses=DEF_H_DOMAIN, expected=Verdict.PROVED,
             form=_def_h_form())],
)
