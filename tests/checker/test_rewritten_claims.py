"""The checker's rewriting kinds for claims the one-variable kinds cannot reach directly (docs/certificates.md):
``square`` (Pinsker's √), ``coefficients`` (several variables on a product domain), ``cases`` (a domain cut),
``derivative`` from the upper end, ``constant`` and the ``tight`` log bounds of ``powers``.  Each true claim is
accepted, and a false claim of the same shape is refused by the same certificate."""

import pytest

from exactpriv.checker.certificates import check_certificate
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.families import family_statements

RR2 = {"name": "RR(2, eps)", "variable": "eps", "domain": "[0, oo)",
       "space": {"type": "hamming", "values": [0, 1], "n": 1}, "outputs": [0, 1],
       "mechanism": [["exp(eps)/(exp(eps) + 1)", "1/(exp(eps) + 1)"],
                     ["1/(exp(eps) + 1)", "exp(eps)/(exp(eps) + 1)"]]}


def _params(domain: dict, claim: str) -> dict:
    return {"quantifier": "forall-params", "domain": domain, "claim": claim}


def _proves(cert, statement) -> bool:
    try:
        check_certificate(cert, statement, proves=True, max_prec=2048)
    except (Failed, NotCheckable):
        return False
    return True


TIGHT = {"kind": "powers", "substitution": "u = exp(eps)", "bounds": "tight"}
SQUARE = {"kind": "square", "radicands": [{"kind": "powers", "substitution": "u = exp(eps)"}], "then": TIGHT}


@pytest.mark.parametrize("factor, holds", [("2", True), ("3", False)])
def test_pinsker_on_binary_rr_by_squaring(factor, holds):
    """TV ≤ √(KL/2) on RR(2, ε) (the checker derives TV and KL from the matrix); with √(KL/3) it is false
    (TV ~ ε/2 and √(KL/3) ~ ε/√12 near 0), and the same certificate is refused."""
    statement = {"quantifier": "forall-family", "families": [RR2],
                 "measures": {"A": {"notion": "kl_dp"}, "B": {"notion": "tv_dp"}},
                 "claim": f"B <= sqrt(A/{factor})"}
    (_, derived), = family_statements(statement)
    assert _proves(SQUARE, derived) is holds


def test_square_needs_its_radicands_and_the_tight_bounds():
    (_, derived), = family_statements({"quantifier": "forall-family", "families": [RR2],
                                       "measures": {"A": {"notion": "kl_dp"}, "B": {"notion": "tv_dp"}},
                                       "claim": "B <= sqrt(A/2)"})
    assert not _proves(dict(SQUARE, radicands=[]), derived)  # sqrt(KL/2) is defined only where KL ≥ 0
    basic = dict(SQUARE, then={"kind": "powers", "substitution": "u = exp(eps)"})
    assert not _proves(basic, derived)  # log u ≥ 1 − 1/u is too weak here; 2(u − 1)/(u + 1) is not


def test_square_refuses_a_negative_right_side():
    """L ≤ R from L² ≤ R² needs R ≥ 0: −1 ≤ −2 squares to 1 ≤ 4, which is true."""
    statement = _params({"eps": "[0, 1]"}, "-1 <= -2*sqrt(1 + eps)")
    cert = {"kind": "square", "radicands": [{"kind": "sign-chart", "substitution": "u = eps"}],
            "nonneg": {"kind": "sign-chart", "substitution": "u = eps"},
            "then": {"kind": "sign-chart", "substitution": "u = eps"}}
    assert not _proves(cert, statement)


DELTA0 = "1 - 2*(1 - delta)/(exp(eps) + 1) <= eps/{c} + delta"
COEFFS = {"kind": "coefficients", "variable": "delta",
          "parts": [TIGHT, {"kind": "sign-chart", "substitution": "u = exp(eps)"}]}


@pytest.mark.parametrize("c, holds", [("2", True), ("3", False)])
def test_two_variables_by_coefficients(c, holds):
    """Cuff–Yu Example 1: δ₀ = 1 − 2(1 − δ)/(e^ε + 1) ≤ ε/2 + δ for all ε, δ ≥ 0 (tanh(ε/2) ≤ ε/2 and
    2/(e^ε + 1) ≤ 1); with ε/3 it fails near ε = 0."""
    statement = _params({"eps": "[0, oo)", "delta": "[0, oo)"}, DELTA0.format(c=c))
    assert _proves(COEFFS, statement) is holds


def test_coefficients_need_a_nonnegative_variable():
    statement = _params({"eps": "[0, oo)", "delta": "[-1, oo)"}, DELTA0.format(c="2"))
    assert not _proves(COEFFS, statement)


H = "-x*log(x) - (1 - x)*log(1 - x)"


@pytest.mark.parametrize("c, holds", [("2", True), ("5/2", False)])
def test_eq99_by_cases_and_derivatives_from_both_ends(c, holds):
    """Cuff–Yu (99): h(x) ≤ ln 2 − 2(x − ½)² on (0, 1), touching at x = ½: cut there, each half from its end
    at ½ (from the upper end on (0, ½]).  With 5/2 in place of 2 it fails near ½."""
    d2 = {"kind": "sign-chart", "substitution": "u = x"}
    cert = {"kind": "cases", "at": ["1/2"], "parts": [
        {"kind": "derivative", "from": "upper", "then": {"kind": "derivative", "from": "upper", "then": d2}},
        {"kind": "derivative", "then": {"kind": "derivative", "then": d2}}]}
    assert _proves(cert, _params({"x": "(0, 1)"}, f"{H} <= log(2) - {c}*(x - 1/2)**2")) is holds


def test_cases_cut_inside_the_domain():
    cert = {"kind": "cases", "at": ["2"], "parts": [{"kind": "constant"}, {"kind": "constant"}]}
    assert not _proves(cert, _params({"x": "(0, 1)"}, "0 <= 1"))


def test_constant_claims_are_evaluated():
    assert _proves({"kind": "constant"}, _params({"d": "[0, 1)"}, "1/2 <= log(2)"))
    assert not _proves({"kind": "constant"}, _params({"d": "[0, 1)"}, "1 <= log(2)"))
    assert not _proves({"kind": "constant"}, _params({"d": "[0, 1)"}, "d <= 2"))


def test_a_pole_at_an_open_end_is_allowed_and_a_closed_one_is_not():
    """g'' = 1/(1 − d²) − 1 ≥ 0 on [0, 1): the pole at d = 1 is outside the domain; on [0, 1] it is not."""
    cert = {"kind": "sign-chart", "substitution": "u = d"}
    assert _proves(cert, _params({"d": "[0, 1)"}, "1/(1 - d**2) - 1 >= 0"))
    assert not _proves(cert, _params({"d": "[0, 1]"}, "1/(1 - d**2) - 1 >= 0"))


RR3 = {"name": "RR(3, eps)", "variable": "eps", "domain": "[0, oo)",
       "space": {"type": "hamming", "values": [0, 1, 2], "n": 1}, "outputs": [0, 1, 2],
       "mechanism": [[f"{'exp(eps)' if i == j else '1'}/(exp(eps) + 2)" for j in range(3)] for i in range(3)]}


@pytest.mark.parametrize("claim, holds", [("kl <= chi2", True), ("kl + kl_rev <= 4*(exp(eps) - 1)**2", True),
                                          ("chi2 <= kl", False), ("kl + kl_rev <= (exp(eps) - 1)**2/2", False)])
def test_per_pair_statements(claim, holds):
    """"For every ordered pair (x, x')": one conjunct per pair, each measure the pair's own divergence
    (van Erven–Harremoës KL ≤ χ², Duchi–Jordan–Wainwright's symmetrised KL)."""
    from exactpriv.claims.certificate_search import _family_certificate

    statement = {"quantifier": "forall-family", "families": [RR2, RR3], "pairs": "all",
                 "measures": {"kl": {"notion": "kl_dp", "pair": "this"}, "kl_rev": {"notion": "kl_dp", "pair": "reversed"},
                              "chi2": {"notion": "chi2", "pair": "this"}}, "claim": claim}
    derived = family_statements(statement)
    assert all(" and " not in s["claim"] for _, s in derived)  # one derived statement per distinct pair claim
    assert {n.split(" [")[0] for n, _ in derived} == {"RR(2, eps)", "RR(3, eps)"}
    cert = _family_certificate(statement)
    assert (cert is not None) is holds
    if holds:
        check_certificate(cert, statement, proves=True, max_prec=2048)


def test_pair_measures_need_a_per_pair_statement():
    statement = {"quantifier": "forall-family", "families": [RR2], "claim": "kl <= 1",
                 "measures": {"kl": {"notion": "kl_dp", "pair": "this"}}}
    with pytest.raises(Failed):
        family_statements(statement)
    # a measure without "pair" in a per-pair statement is the family's own (its maximum over pairs)
    (_, derived), = family_statements(dict(statement, pairs="all", measures={"kl": {"notion": "kl_dp"}}))
    assert " and " not in derived["claim"]


def _count_family(prior):
    """The truncated geometric count of value 1 in two binary records, symbolic in ε, with a prior."""
    a, b = "exp(eps)", "(exp(2*eps) + exp(eps))"
    low = [f"{a}/({a} + 1)", f"({a} - 1)/{b}", f"1/{b}"]
    mid = [f"1/({a} + 1)", f"({a} - 1)/({a} + 1)", f"1/({a} + 1)"]
    high = [f"1/{b}", f"({a} - 1)/{b}", f"{a}/({a} + 1)"]
    return {"name": "count + TG", "variable": "eps", "domain": "[0, oo)",
            "space": {"type": "hamming", "values": [0, 1], "n": 2}, "outputs": [0, 1, 2],
            "mechanism": [low, mid, mid, high], "prior": prior}


ODDS = {"notion": "posterior_odds", "record": 0, "value": 1, "other": 0, "output": 2}


@pytest.mark.parametrize("prior, claim, holds", [
    (["9/10", "0", "0", "1/10"], "ODDS == exp(2*eps)", True),   # Wu–Xia–He Example 2, X1 = X2
    (["9/10", "0", "0", "1/10"], "ODDS <= exp(eps)", False),
    (["81/100", "9/100", "9/100", "1/100"], "ODDS <= exp(eps)", True)])  # independent records
def test_posterior_odds_on_a_family_with_a_prior(prior, claim, holds):
    from exactpriv.claims.certificate_search import _family_certificate

    statement = {"quantifier": "forall-family", "families": [_count_family(prior)], "measures": {"ODDS": ODDS},
                 "claim": claim}
    assert (_family_certificate(statement) is not None) is holds


def test_a_family_prior_must_be_a_distribution():
    statement = {"quantifier": "forall-family", "families": [_count_family(["1/2", "0", "0", "1/10"])],
                 "measures": {"ODDS": ODDS}, "claim": "ODDS <= 1"}
    with pytest.raises(Failed):
        family_statements(statement)


DELTA_PRIME = "1 - (gamma_prime + 1)*(1 - delta)/(gamma_prime + s + 1)"
SHIFTS = {"kind": "signed-coefficients", "shifts": {"delta": "upper", "gamma_prime": "lower", "s": "lower"}}


@pytest.mark.parametrize("domain, holds", [
    ({"delta": "[0, 1)", "gamma_prime": "[1, oo)", "s": "(0, oo)"}, True),
    ({"delta": "[0, 1]", "gamma_prime": "[1, oo)", "s": "(0, oo)"}, False),   # δ' = δ = 1 at δ = 1
    ({"delta": "[0, 1)", "gamma_prime": "[1, oo)", "s": "[0, oo)"}, False)])  # δ' = δ at ε' = ε
def test_signed_coefficients_cuff_yu_property3(domain, holds):
    """δ' > δ for δ < 1 and ε' < ε (γ' = e^ε', s = e^ε − e^ε'): δ' − δ = (1 − δ)·s/(γ' + s + 1)."""
    statement = _params(domain, f"{DELTA_PRIME} > delta")
    assert _proves(SHIFTS, statement) is holds


def test_signed_coefficients_refuse_mixed_signs():
    statement = _params({"x": "[0, oo)", "y": "[0, oo)"}, "x**2 - x*y + y**2 >= 0")  # true, but not by this kind
    assert not _proves({"kind": "signed-coefficients", "shifts": {"x": "lower", "y": "lower"}}, statement)


def test_resolve_a_hockey_stick_written_out():
    """E_γ'(P‖Q) of Cuff–Yu's four-output pair is δ': each max(P_y − γ'Q_y, 0) resolved by signed
    coefficients; keeping the wrong argument of a max is refused."""
    from exactpriv.claims.certificate_search import _params_certificate

    G = "(gamma_prime + s)"
    P = ["delta", f"(1 - delta)*{G}/(1 + {G})", f"(1 - delta)/(1 + {G})", "0"]
    E = " + ".join(f"max({a} - gamma_prime*{b}, 0)" for a, b in zip(P, P[::-1]))
    statement = _params({"delta": "[0, 1]", "gamma_prime": "[1, oo)", "s": "[0, oo)"}, f"{E} == {DELTA_PRIME}")
    cert = _params_certificate(statement)
    assert cert["kind"] == "resolve" and [c["keep"] for c in cert["choices"]] == [0, 0, 1, 1]
    wrong = dict(cert, choices=[dict(cert["choices"][0], keep=1)] + cert["choices"][1:])
    assert not _proves(wrong, statement)
    assert _params_certificate(dict(statement, claim=f"{E} == {DELTA_PRIME} + delta/100")) is None


PROP3_FORM = {"quantifier": "forall-instances", "hypotheses": ["range:0 <= eps_prime and eps_prime <= eps"],
              "measures": {"D": {"notion": "approx_dp", "epsilon": "eps"},
                           "D2": {"notion": "approx_dp", "epsilon": "eps_prime"}},
              "claim": "D2 <= 1 - (exp(eps_prime) + 1)*(1 - D)/(exp(eps) + 1)"}
APPROX_CHAIN = ["approx-dominance", "data-processing-f", "pairwise-maximum"]
PAIR = {"space": {"type": "explicit", "inputs": [0, 1], "neighbours": [[0, 1]]}, "outputs": [0, 1, 2],
        "mechanism": [["1/2", "1/3", "1/6"], ["1/10", "3/10", "3/5"]], "params": {"eps": "log(2)", "eps_prime": "0"}}


def _approx_reduction(statement, chain=APPROX_CHAIN):
    from exactpriv.certify.checker_format import reduction_steps
    from exactpriv.checker.reductions import approx_family_statement
    from exactpriv.claims.certificate_search import _params_certificate

    family = approx_family_statement(statement)
    proof = _params_certificate(family)
    return family, {"kind": "reduction", "steps": reduction_steps(family, statement, chain, [""] * len(chain)),
                    "family_proof": proof, "confirm": [PAIR]}


def test_the_approx_dominance_chain_is_checked_link_by_link():
    """Cuff–Yu Property 3 for every pair: the checker builds the four-output pair's statement from the row's
    claim, checks the family proof against it, and builds the (ε, δ) dominance kernel of the listed pair."""
    _, cert = _approx_reduction(PROP3_FORM)
    assert check_certificate(cert, PROP3_FORM, proves=True, max_prec=2048) == APPROX_CHAIN
    assert not _proves(dict(cert, steps=cert["steps"][:2]), PROP3_FORM)  # a link missing


def test_a_wrong_bound_has_no_family_proof():
    wrong = dict(PROP3_FORM, claim="D2 <= 1 - (exp(eps_prime) + 2)*(1 - D)/(exp(eps) + 1)")
    family, cert = _approx_reduction(wrong)
    assert cert["family_proof"] is None and not _proves(cert, wrong)
    _, right = _approx_reduction(PROP3_FORM)
    assert not _proves(dict(right, steps=cert["steps"]), wrong)  # the right family proof, another statement


def test_the_chain_takes_only_its_own_hypotheses():
    from exactpriv.checker.reductions import approx_family_statement

    with pytest.raises(NotCheckable):
        approx_family_statement(dict(PROP3_FORM, hypotheses=["range:0 <= eps_prime and eps_prime <= 2*eps"]))
    with pytest.raises(NotCheckable):  # the bound may not use ε outside exp(ε)
        approx_family_statement(dict(PROP3_FORM, claim="D2 <= 1 - (exp(eps_prime) + 1)*(1 - D)/(exp(eps) + eps)"))


def test_approx_kernels_of_random_pairs_reproduce_them():
    """The checker's closed-form (ε, δ) kernel is stochastic and maps the four-output pair onto each pair, at
    δ = the pair's own approx_dp: 200 seeded random pairs with zeros, at e^ε in {1, 3/2, 2, 5}."""
    import random
    from fractions import Fraction

    from exactpriv.checker.reductions import _confirm_approx
    from exactpriv.checker.witness import read_instance

    rng = random.Random(7)
    for _ in range(200):
        m = rng.choice([2, 3, 4])
        rows = []
        for _ in range(2):
            w = [rng.choice([0, 0, 1, 2, 3, 5, 7]) for _ in range(m)]
            w[0] += 0 if sum(w) else 1
            rows.append([str(Fraction(x, sum(w))) for x in w])
        eps = rng.choice(["log(1)", "log(3/2)", "log(2)", "log(5)"])
        _confirm_approx(read_instance(dict(PAIR, outputs=list(range(m)), mechanism=rows, params={"eps": eps})), "eps")


@pytest.mark.parametrize("fam, t", [(RR2, 4), (RR3, 9), (RR3, 16)])
def test_semantic_privacy_on_a_family_agrees_with_the_finite_notion(fam, t):
    """The family's SP (tanh of a quarter of its largest log-ratio) at e^ε = t equals the checker's finite
    semantic_privacy (Zhao Def. 1 from the definition) on the member with rational entries."""
    from fractions import Fraction

    from exactpriv.checker import values as V
    from exactpriv.checker.expressions import evaluate
    from exactpriv.checker.grammar import parse
    from exactpriv.checker.notions import evaluate_notion
    from exactpriv.checker.witness import read_instance

    fam = dict(fam, space={"type": "hamming", "values": list(range(len(fam["outputs"]))), "n": 1})
    (_, derived), = family_statements({"quantifier": "forall-family", "families": [fam], "claim": "SP >= 0",
                                       "measures": {"SP": {"notion": "semantic_privacy"}}})
    sp = parse(derived["claim"])[2]
    rows = [[str(evaluate(parse(e), {"eps": evaluate(parse(f"log({t})"), {})})) for e in r] for r in fam["mechanism"]]
    member = read_instance({"space": fam["space"], "outputs": fam["outputs"], "mechanism": rows})
    finite = evaluate_notion(member, {"notion": "semantic_privacy"})
    assert V.compare(evaluate(sp, {"eps": evaluate(parse(f"log({t})"), {})}), "==", finite)
    assert isinstance(finite, Fraction)


def test_semantic_privacy_on_a_family_of_two_records_is_not_checkable():
    statement = {"quantifier": "forall-family", "families": [_count_family(["1/4"] * 4)], "claim": "SP >= 0",
                 "measures": {"SP": {"notion": "semantic_privacy"}}}
    with pytest.raises(NotCheckable):
        family_statements(statement)


def _e_d_family(m):
    """Wang–Ying–Zhang's E_d on one record with m values: p(y|x) = e^{−ε d(x,y)}/(1 + (m − 1)e^{−ε})."""
    rows = [[("exp(eps)" if x == y else "1") + f"/(exp(eps) + {m - 1})" for y in range(m)] for x in range(m)]
    return {"name": f"E_d, m = {m}", "variable": "eps", "domain": "[0, oo)",
            "space": {"type": "hamming", "values": list(range(m)), "n": 1},
            "outputs": [[y] for y in range(m)], "mechanism": rows, "params": {"m": str(m)}}


@pytest.mark.parametrize("claim, holds", [("DIST == 1/(1 + exp(eps)/(m - 1))", True),
                                          ("DIST == 1/(1 + exp(eps)/m)", False)])
def test_distortion_of_each_input(claim, holds):
    """Wang–Ying–Zhang Lemma 5 on D^1: every row of E_d has distortion h(ε) = n/(1 + e^ε/(m − 1))."""
    from exactpriv.claims.certificate_search import _family_certificate

    statement = {"quantifier": "forall-family", "families": [_e_d_family(2), _e_d_family(3)], "inputs": "each",
                 "measures": {"DIST": {"notion": "distortion", "input": "this"}}, "claim": claim}
    assert len(family_statements(statement)) == 2  # every row of a family has the same distortion claim
    assert (_family_certificate(statement) is not None) is holds


def test_an_input_measure_needs_a_per_input_statement():
    statement = {"quantifier": "forall-family", "families": [_e_d_family(2)], "claim": "DIST >= 0",
                 "measures": {"DIST": {"notion": "distortion", "input": "this"}}}
    with pytest.raises(Failed):
        family_statements(statement)


def test_symmetric_matrix_by_entries_of_each_pair():
    """E_d is a symmetric matrix (Wang–Ying–Zhang's posterior (61) is E_d transposed): E(x → x') = E(x' → x)
    for every ordered pair; RR with one row skewed is not."""
    statement = {"quantifier": "forall-family", "families": [_e_d_family(3)], "pairs": "all", "claim": "E == E_rev",
                 "measures": {"E": {"notion": "entry", "pair": "this"}, "E_rev": {"notion": "entry", "pair": "reversed"}}}
    from exactpriv.claims.certificate_search import _family_certificate

    assert _family_certificate(statement) is not None
    skewed = _e_d_family(3)
    skewed["mechanism"] = skewed["mechanism"][:2] + [skewed["mechanism"][0]]  # row 2 = row 0: E(2 → 0) ≠ E(0 → 2)
    assert _family_certificate(dict(statement, families=[skewed])) is None


BSC_CAPACITY = "log(2) + exp(eps)*log(exp(eps)/(exp(eps) + 1))/(exp(eps) + 1) + log(1/(exp(eps) + 1))/(exp(eps) + 1)"


@pytest.mark.parametrize("claim, holds", [(f"C == {BSC_CAPACITY}", True), (f"C == {BSC_CAPACITY} + log(2)/100", False),
                                          ("C == log(2) - log(exp(eps) + 1) + eps*exp(eps)/(exp(eps) + 1)", True)])
def test_capacity_of_a_symmetric_family_by_log_identity(claim, holds):
    """Cover–Thomas: the capacity of BSC(1/(1 + e^ε)) is ln 2 − h(p); the checker finds the uniform input
    optimal (every row's divergence from the output law is the same function) and compares log-linear forms."""
    from exactpriv.claims.certificate_search import _family_certificate

    statement = {"quantifier": "forall-family", "families": [RR2], "measures": {"C": {"notion": "capacity"}},
                 "claim": claim}
    assert (_family_certificate(statement) is not None) is holds


def test_capacity_needs_the_kuhn_tucker_conditions():
    """A Z-channel's rows have different divergences from the uniform input's output law: not checkable."""
    z = dict(RR2, mechanism=[["1", "0"], ["1/(exp(eps) + 1)", "exp(eps)/(exp(eps) + 1)"]])
    with pytest.raises(NotCheckable):
        family_statements({"quantifier": "forall-family", "families": [z], "measures": {"C": {"notion": "capacity"}},
                           "claim": "C >= 0"})


def _erasure(n, dom="[0, 1]"):
    rows = [["1 - delta"] + ["delta" if y == x else "0" for y in range(n)] for x in range(n)]
    return {"name": f"erasure({n})", "variable": "delta", "domain": dom, "outputs": list(range(n + 1)),
            "space": {"type": "hamming", "values": list(range(n)), "n": 1}, "mechanism": rows, "params": {"N": str(n)}}


def test_entries_vanishing_at_an_end_are_read_by_capacity_and_signed_sums_only():
    """Capacity, and TV (a sum of differences whose signs are fixed on the closed domain, continuous up to its
    ends) read an erasure family whose entries vanish at δ = 0 and δ = 1; notions with ratios or logs of entries
    (pure DP, KL) do not."""
    from exactpriv.claims.certificate_search import _family_certificate

    statement = {"quantifier": "forall-family", "families": [_erasure(2), _erasure(3)],
                 "measures": {"C": {"notion": "capacity"}}, "claim": "C == delta*log(N)"}
    assert _family_certificate(statement) is not None
    assert _family_certificate(dict(statement, claim="C == delta*log(N + 1)")) is None
    tv = dict(statement, measures={"C": {"notion": "tv_dp"}}, claim="C == delta")  # rows differ only by δ vs 0
    assert _family_certificate(tv) is not None
    assert _family_certificate(dict(tv, claim="C == delta/2")) is None
    for notion in ("pure_dp", "kl_dp"):
        with pytest.raises(NotCheckable):
            family_statements(dict(statement, measures={"C": {"notion": notion}}))


@pytest.mark.parametrize("hypotheses, ok", [(["range:eps_prime == 0 or eps_prime == log(2)"], True),
                                            (["range:eps_prime == 0 or eps_prime == log(4)"], False),  # ε' > ε
                                            (["range:eps_prime == -1"], False)])
def test_the_approx_chain_at_a_fixed_epsilon_with_listed_epsilon_primes(hypotheses, ok):
    """ε fixed (e^ε = 3), ε' a parameter whose listed values must lie in [0, ε] (Kairouz–Oh–Viswanath's
    δ-curve): the four-output pair's statement is over δ ∈ [0, 1] and γ' ∈ [1, 3]."""
    from exactpriv.checker.reductions import approx_family_statement

    statement = {"quantifier": "forall-instances", "hypotheses": hypotheses,
                 "measures": {"G": {"notion": "approx_dp", "epsilon": "log(3)"},
                              "X": {"notion": "approx_dp", "epsilon": "eps_prime"}},
                 "claim": "X <= (G) + (1 - (G))*(3 - exp(eps_prime))/4"}
    if not ok:
        with pytest.raises(NotCheckable):
            approx_family_statement(statement)
        return
    assert approx_family_statement(statement)["domain"] == {"delta": "[0, 1]", "gamma_prime": "[1, 3]"}
    _, cert = _approx_reduction(statement)
    assert check_certificate(cert, statement, proves=True, max_prec=2048) == APPROX_CHAIN


def _example_5_1(n):
    """Cuff–Yu Example 5.1 on two records with n values: Y = X_1 w.p. e when X_1 = X_2, else e_2 w.p. e; e_1
    w.p. 1 − e."""
    rows = []
    for x1 in range(n):
        for x2 in range(n):
            row = ["0"] * (n + 2)
            row[n] = "1 - e"
            row[x1 if x1 == x2 else n + 1] = "e"
            rows.append(row)
    return {"name": f"Example 5.1, N = {n}", "variable": "e", "domain": "[0, 1]", "params": {"N": str(n)},
            "space": {"type": "hamming", "values": list(range(n)), "n": 2}, "outputs": list(range(n + 2)),
            "mechanism": rows}


@pytest.mark.parametrize("claim, holds", [("MI == e*log(2) and C == e*log(N + 1)", True),
                                          ("MI == e*log(N + 1)", False), ("C == e*log(N)", False)])
def test_mi_dp_and_capacity_with_duplicate_rows(claim, holds):
    """MI-DP is the largest capacity of x_i ↦ P(·| x_i, x_(i)) (here e ln 2, two distinct rows); the capacity
    merges the N(N − 1) identical off-diagonal rows (e ln(N + 1))."""
    from exactpriv.claims.certificate_search import _family_certificate

    statement = {"quantifier": "forall-family", "families": [_example_5_1(2), _example_5_1(3)],
                 "measures": {"MI": {"notion": "mi_dp"}, "C": {"notion": "capacity"}}, "claim": claim}
    assert (_family_certificate(statement) is not None) is holds


def test_measures_of_other_mechanisms_of_a_family():
    """Cuff–Yu Corollary 5 attained: the pair of BSC bits has the sum of their MI-DP levels ("mechanisms" of a
    family share its space, variable and domain); a name the family does not list is refused."""
    from exactpriv.claims.certificate_search import _family_certificate
    from theorems.cuff2016.sec4_composition import _cor5_form

    form = _cor5_form()
    assert _family_certificate(form) is not None
    assert _family_certificate(dict(form, claim="J == A + 2*B")) is None
    with pytest.raises(Failed):
        family_statements(dict(form, measures={"A": {"notion": "mi_dp", "mechanism": "Y3"}}, claim="A >= 0"))


# ----------------------------------------------------------------------------- logarithm (Bretagnolle–Huber)
LOG = {"kind": "logarithm", "positive": {"kind": "sign-chart", "substitution": "u = exp(eps)"},
       "then": {"kind": "derivative", "from": "lower", "then": {"kind": "powers", "substitution": "u = exp(eps)"}}}
BH = {"kind": "square", "radicands": [LOG], "then": LOG}


@pytest.mark.parametrize("scale, holds", [("1", True), ("1/2", False)])
def test_bretagnolle_huber_on_binary_rr_by_squares_and_logarithms(scale, holds):
    """TV ≤ √(1 − e^{−KL}) on RR(2, ε): squared, t² ≤ 1 − e^{−εt}; then −εt ≤ log(1 − t²) (1 − t² > 0), whose
    difference is 0 at ε = 0 with derivative ε(1 − t²)/2 ≥ 0.  With e^{−KL/2} it is false for large ε (TV is
    1 − O(e^{−ε}), the bound 1 − O(e^{−ε/2})): the same certificate is refused."""
    statement = {"quantifier": "forall-family", "families": [RR2],
                 "measures": {"A": {"notion": "kl_dp"}, "B": {"notion": "tv_dp"}},
                 "claim": f"B <= sqrt(1 - exp(-A*{scale}))"}
    (_, derived), = family_statements(statement)
    assert _proves(BH, derived) is holds


@pytest.mark.parametrize("claim, holds", [
    ("eps**2 <= 1 - exp(-eps**2)", False),   # the exp term is there, the rewritten claim false
    ("exp(-eps) <= 1", True),                # big − small = 1 − exp(−eps): −eps ≤ log(1)
    ("0 <= 2*exp(-eps**2) - 1", False),      # the exp term has the wrong sign: not a logarithm claim
    ("0 <= 1 - exp(-eps) - exp(-2*eps)", False),  # two exp terms: not one
])
def test_logarithm_finds_one_negative_exponential(claim, holds):
    cert = {"kind": "logarithm", "positive": {"kind": "constant"},
            "then": {"kind": "derivative", "from": "lower", "then": {"kind": "sign-chart", "substitution": "u = eps"}}}
    assert _proves(cert, _params({"eps": "[0, 3]"}, claim)) is holds


def test_logarithm_needs_its_positive_part():
    """c·e^X ≤ P read as X ≤ log(P/c) needs P > 0: on [2, 3], 1 − eps² < 0 and −eps² ≤ log(1 − eps²) is
    undefined; a certificate whose positive part does not prove P > 0 is refused."""
    cert = {"kind": "logarithm", "positive": {"kind": "sign-chart", "substitution": "u = eps"},
            "then": {"kind": "sign-chart", "substitution": "u = eps"}}
    assert not _proves(cert, _params({"eps": "[2, 3]"}, "eps**2 <= 1 - exp(-eps**2)"))
