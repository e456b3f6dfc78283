"""Wang–Ying–Zhang (seed 000): every reading of theorems.wang2016 has its recorded verdict.

Deliberately broken variants (built with the same checks and families; each must be REFUTED):

* Theorem 1 (21) with the lower bound h(ε + ε_X/2) instead of h(ε + ε_X) (priors whose neighbour
  ratios are squares, so e^{ε_X/2} is rational);
* Theorem 1 (20) with its hypothesis weakened from ε >= ε̃_X to ε >= ε_X;
* Theorem 1 (20) with h(ε) replaced by (99/100) h(ε);
* Lemma 1 with h(2ε) instead of h(ε);
* Lemma 3 with 2ε_X instead of ε_X;
* Lemma 4 with identifiability level ε/2;
* Lemma 5 with distortion h(ε)/2;
* the KKT stationarity (94) with λ = 2ε.
"""

from fractions import Fraction

import pytest
import sympy

import theorems.wang2016 as W
from counterexamples.archive import replay, witness_path
from exactpriv.claims import Family, Instance, Reading, Verdict, check_reading
from exactpriv.distributions import Prior
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.bayesian import identifiability
from exactpriv.measures.distortion import exp_h_inverse, expected_distortion, h, relaxed_distortion
from exactpriv.mechanisms import zoo
from exactpriv.spaces import Hamming

F = Fraction
LOG = LogForm.log
CASES = [(c, r) for c in W.CLAIMS for r in c.readings]
IDS = ["model", "def1", "def2", "def3", "def4", "def_pd", "def_epsX", "def_epstilde", "def_h", "thm1", "thm1.gap",
       "uniform", "relaxation", "lemma1", "lemma1.claim_lb", "lemma1.claim_ub", "lemma2", "lemma3", "lemma4",
       "lemma5", "pdmip", "thm2", "kkt", "consistency", "informal"]


def test_ids_are_the_assigned_ones_in_order():
    assert [c.id for c in W.CLAIMS] == [f"wang2016.{i}" for i in IDS]


def test_every_reading_records_an_expected_verdict_and_quotes_the_seed():
    for c, r in CASES:
        assert r.expected is not None, (c.id, r.name)
        assert c.source.startswith("seed 000_ac51e572e2d31a77.txt"), c.id
        assert len(c.quote) > 40, c.id
    assert [r.name for r in W.CLAIMS[0].readings][0] == "literal"


@pytest.mark.parametrize("claim,reading", CASES, ids=[f"{c.id}/{r.name}" for c, r in CASES])
def test_reading_has_expected_verdict(claim, reading):
    res = check_reading(claim, reading)
    assert res.verdict == reading.expected, res.to_json()
    if res.verdict == Verdict.REFUTED and reading.prove is None:
        path = witness_path(claim.id, reading.name)
        assert path.exists()
        _, decision = replay(path)
        assert decision.is_false


# ----------------------------------------------------------------------------- broken variants
def _refuted(check, families, name="broken"):
    reading = Reading(name, "deliberately broken variant", check=check, families=tuple(families))
    return check_reading(W.CLAIMS[0], reading).verdict == Verdict.REFUTED


def _square_ratio_priors():
    S1, S2 = Hamming(range(2), 1), Hamming(range(2), 2)
    for label, p in [("(1/5,4/5)", Prior(S1, [F(1, 5), F(4, 5)])),
                     ("(1/5,4/5)^2", Prior.product(S2, [[F(1, 5), F(4, 5)]] * 2))]:
        for t in (F(1), F(3, 2), F(2)):
            yield Instance(f"{label}, e^eps={t}", prior=p, params={"t": t})


def _sqrt_rational(q):
    a, b = sympy.integer_nthroot(q.numerator, 2), sympy.integer_nthroot(q.denominator, 2)
    assert a[1] and b[1], q
    return F(int(a[0]), int(b[0]))


def test_broken_theorem1_half_eps_X_lower_bound_is_refuted():
    """With e^{ε_X} = 4, (1/5, 4/5) on D^1 at ε = 0: D*_d(0) = 1/5 = h(ε_X) < h(ε_X/2) = 1/3."""
    fam = Family("square-ratio priors", _square_ratio_priors)
    assert _refuted(W.dp_bounds_check(lambda p: _sqrt_rational(W._tx(p))), [fam])
    assert not _refuted(W.dp_bounds_check(lambda p: W._tx(p)), [fam])  # the true bound survives


def test_broken_theorem1_hypothesis_eps_X_instead_of_eps_tilde_is_refuted():
    """Between ε_X and ε̃_X the PD-I optimum exceeds h (e.g. (1/2,1/3,1/6)^2 at e^ε = 7/2)."""
    assert _refuted(W.thm1_equality_check, [W.FAM_BETWEEN])


def test_broken_theorem1_shrunk_h_is_refuted():
    def check(inst):
        n, m = W._nm(inst.prior)
        return W._cmp(W._Di(inst.prior, W._t(inst)).value, "==", F(99, 100) * h(None, n, m, exp_eps=W._t(inst)))

    assert _refuted(check, [W.FAM_ABOVE])


def test_broken_lemma1_h_of_2eps_is_refuted():
    def check(inst):
        n, m, t = int(inst.params["n"]), int(inst.params["m"]), W._t(inst)
        return W._cmp(W._Dr(n, m, t).value, "==", h(None, n, m, exp_eps=t * t))

    assert _refuted(check, [W.FAM_NMT])


def test_broken_lemma3_twice_eps_X_is_refuted():
    """'PD-I is infeasible for e^ε < e^{2ε_X}' fails at e^ε = e^{ε_X}, where the constant mechanism works."""
    def check(inst):
        p = inst.prior
        tx = W._tx(p)
        if tx == 1:
            return Decision.true("vacuous", "eps_X = 0")
        return W._fact(W._Di(p, tx).value == sympy.oo, f"PD-I infeasible at e^eps = {tx} < e^(2 eps_X)")

    assert _refuted(check, [W.FAM_PRIORS_FULL])


def test_broken_lemma4_half_level_is_refuted():
    assert _refuted(lambda inst: W.lemma4_check(inst, level=lambda t: LOG(t) / 2), [W.FAM_ABOVE_STRICT])


def test_broken_lemma5_half_distortion_is_refuted():
    assert _refuted(lambda inst: W.lemma5_check(inst, distortion=lambda n, m, t: h(None, n, m, exp_eps=t) / 2),
                    [W.FAM_GRID])


def test_broken_kkt_twice_lambda_is_refuted():
    assert _refuted(W._kkt_check("literal", lam_factor=2), [W.FAM_ABOVE_STRICT])


# ----------------------------------------------------------------------------- hand-worked values
def test_eq57_as_printed_by_hand():
    """n = 1, m = 2, e^ε = 2: N_1 = 1, (57) as printed gives 1·e^{0}/(1 + 1/2) = 2/3, but h = 1/(1+2) = 1/3;
    with e^{-lε}: (1/2)/(3/2) = 1/3."""
    inst = Instance("n=1, m=2, e^eps=2", params={"n": 1, "m": 2, "t": F(2)})
    assert W._eq57_check(True)(inst).values["middle"] == F(2, 3)
    assert W._eq57_check(False)(inst).values["middle"] == F(1, 3) == h(None, 1, 2, exp_eps=2)


def test_kkt_witness_by_hand():
    """p = (1/3, 2/3), e^ε = 2 = t̃: p_Y = K^{-1}p_X = ((3·1/3 - 1), (3·2/3 - 1)) = (0, 1), so E_i is the
    constant mechanism Y = 1 (E[d] = 1/3 = h) and (94) is ln(0/0) at y = 0."""
    p = Prior(Hamming(range(2), 1), [F(1, 3), F(2, 3)])
    E = zoo.wang_E_i(p, exp_eps=2)
    assert E.rows == ((F(0), F(1)), (F(0), F(1)))
    assert expected_distortion(E, p) == F(1, 3) == h(None, 1, 2, exp_eps=2)


def test_consistency_witness_by_hand():
    """The archived refutation of consistency/all-D: W tilted with e^s = 2 and q = (1/2, 1/6, 1/3, 0) on
    (00, 01, 10, 11); for p = (5/16, 1/4, 5/16, 1/8): D = 31/48, c(11) = 15/16 < 1, identifiability ln 3,
    and PD-I already reaches D = 31/48 at e^ε = 35/12."""
    inst = W._consistency_all_D_build()
    first = next(iter(inst))
    p, Wm = first.prior, first.mechanism
    assert expected_distortion(Wm, p) == F(31, 48)
    assert identifiability(Wm, prior=p).value == LOG(3)
    assert W._Di(p, F(35, 12)).value <= F(31, 48) < W._Di(p, F(11, 4)).value
    t_D = exp_h_inverse(F(31, 48), 2, 2)
    assert t_D == F(65, 31) and W._tilde(p).exp_compare(t_D) < 0  # D > h(eps~_X): outside Theorem 2's range


def test_relaxed_optimum_is_attained_by_posterior_61():
    """Lemma 1 tightness: the optimal posterior of the one-output R-PD at n = 1, m = 3, e^ε = 2 is
    (61): 2/(2+2) at y, 1/4 elsewhere — distortion 1/2 = h."""
    r = relaxed_distortion(1, 3, 2, method="posterior")
    assert r.value == F(1, 2) and r.posterior == {(0,): F(1, 2), (1,): F(1, 4), (2,): F(1, 4)}


# ----------------------------------------------------------------------------- slow families
SLOW = [(c, r) for c, r in CASES if any(f.slow for f in r.families)]


@pytest.mark.slow
@pytest.mark.parametrize("claim,reading", SLOW, ids=[f"{c.id}/{r.name}" for c, r in SLOW])
def test_reading_on_slow_families(claim, reading):
    res = check_reading(claim, reading, include_slow=True)
    assert res.verdict == reading.expected, res.to_json()
