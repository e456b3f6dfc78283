"""The checker's flint sums of rational functions (exactpriv.checker.flint_rf), which a family's measures use, against
their coefficient-list twins in polys — the same lists, not only equal functions, since derived statements print
them — and the measures of symbolic families against their definitions evaluated at rational points u.  The
remembered family reads (SymbolicFamily) against fresh ones."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest

from exactpriv.checker import flint_rf, polys
from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.family_measures import measure
from exactpriv.checker.families import RR2
from exactpriv.checker.grammar import parse
from exactpriv.checker.expressions import evaluate
from exactpriv.checker.symbolic_family import SymbolicFamily, _remembered_read

from .test_compiled_families import _random_poly
from .test_families import RR3, TG2


def _outcome(f, *args):
    try:
        return "ok", f(*args)
    except (Failed, NotCheckable) as exc:
        return type(exc), str(exc)


def _random_rf(rng, shared=None):
    n = _random_poly(rng, rng.randint(0, 5)) if rng.random() < 0.85 else []
    d = _random_poly(rng, rng.randint(0, 4))
    if shared is not None:
        d = polys.pmul(d, shared)
    return n, d


def test_sums_reductions_and_quotients_are_the_list_operations_own_lists():
    rng = random.Random(9)
    for _ in range(400):
        shared = _random_poly(rng, rng.randint(1, 2)) if rng.random() < 0.5 else None
        a, b = _random_rf(rng, shared), _random_rf(rng, shared)
        if rng.random() < 0.2:
            b = (b[0], list(a[1]))  # one denominator: kept as it is
        fa, fb = flint_rf.to_pair(a), flint_rf.to_pair(b)
        assert flint_rf.back(flint_rf.add(fa, fb)) == polys.rf_add(a, b)
        assert flint_rf.back(flint_rf.add(fa, flint_rf.neg(fb))) == polys.rf_sub(a, b)
        s = polys.rf_add(a, b)  # a sum's lists (trimmed), reduced both ways
        assert flint_rf.back(flint_rf.reduce(flint_rf.to_pair(s))) == polys.rf_reduce(*s)
        if b[0]:
            assert flint_rf.back(flint_rf.quotient(fa, fb)) == polys.rf_quotient(a, b)
        k = rng.randint(0, 4)
        assert polys.from_flint(flint_rf.power(fa[1], k)) == polys.ppow(a[1], k)


def test_the_degree_bound_is_refused_where_the_list_operations_refuse_it():
    big = [Fraction(0)] * 300 + [Fraction(1)]
    small = [Fraction(1), Fraction(1)]
    cases = [((big, small), ([Fraction(1)], big)),   # coprime denominators: D_a·D_b of degree 301 ≤ 400
             ((small, big), ([Fraction(2)], [Fraction(3)] + [Fraction(0)] * 199 + [Fraction(1)]))]  # degree 500
    for a, b in cases:
        want = _outcome(polys.rf_add, a, b)
        got = _outcome(lambda x, y: flint_rf.back(flint_rf.add(flint_rf.to_pair(x), flint_rf.to_pair(y))), a, b)
        assert got == want
    assert _outcome(polys.rf_add, *cases[1])[0] is NotCheckable
    q = (big, small)
    for a, b in ((q, (big, small)), (q, (small, big))):
        want = _outcome(polys.rf_quotient, a, b)
        got = _outcome(lambda x, y: flint_rf.back(flint_rf.quotient(flint_rf.to_pair(x), flint_rf.to_pair(y))), a, b)
        assert got == want
    f = flint_rf.to_pair((big, small))[0]
    assert _outcome(flint_rf.power, f, 2)[0] is NotCheckable and _outcome(polys.ppow, big, 2)[0] is NotCheckable
    assert polys.from_flint(flint_rf.power(flint_rf.to_pair(([], small))[0], 9)) == []


# ----------------------------------------------------------------------------- measures from their definitions

GARBLE = [["3/4", "1/4"], ["1/4", "3/4"]]


def _rows_at(fam: dict, u: Fraction, m: int):
    """The family's matrix at u = exp(var/m) = u (every entry rational there), from the entries' own texts."""
    sub = {"eps": None}
    rows = []
    for row in fam["mechanism"]:
        out = []
        for text in row:
            n, d = polys.rational_function(text, fam.get("variable", "eps"), f"u = exp(eps/{m})")
            out.append(polys.peval(n, u) / polys.peval(d, u))
        rows.append(out)
    del sub
    return rows


def _pairs(fam):
    f = SymbolicFamily(fam)
    return sorted(set(f.pairs))


def _at(text: str, f: SymbolicFamily, u: Fraction) -> Fraction:
    """A derived measure (a rational function of u written in var) at u, read back through the checker's own
    rational_function."""
    n, d = polys.rational_function(parse(text), f.var, f.sub)
    return polys.peval(n, u) / polys.peval(d, u)


@pytest.mark.parametrize("fam", [RR2, RR3, TG2], ids=["RR2", "RR3", "TG2"])
@pytest.mark.parametrize("u", [Fraction(3, 2), Fraction(5), Fraction(11, 10)])
def test_measures_equal_their_definitions_at_rational_points(fam, u):
    f = SymbolicFamily(fam)
    assert f.m is not None
    P = _rows_at(fam, u, f.m)
    pairs = _pairs(fam)
    tv = max(sum(abs(a - b) for a, b in zip(P[i], P[j])) / 2 for i, j in pairs)
    assert _at(measure(f, {"notion": "tv_dp"}), f, u) == tv
    chi2 = max(sum(a * a / b for a, b in zip(P[i], P[j]) if a) - 1 for i, j in pairs)
    assert _at(measure(f, {"notion": "chi2"}), f, u) == chi2
    # δ at ε' = 0 (e^{ε'} = 1; P − g·Q of one sign on the domain only for such g on these families)
    delta = max(sum(max(a - b, 0) for a, b in zip(P[i], P[j])) for i, j in pairs)
    assert _at(measure(f, {"notion": "approx_dp", "epsilon": "0"}), f, u) == delta
    with pytest.raises(NotCheckable, match="changes sign"):  # P − (3/2)·Q crosses 0 on [0, oo)
        measure(f, {"notion": "approx_dp", "epsilon": "log(3/2)"})
    # δ at ε' = (k/m)·var: e^{ε'} = u^k
    for k in (1, 2):
        delta = max(sum(max(a - u ** k * b, 0) for a, b in zip(P[i], P[j])) for i, j in pairs)
        text = measure(f, {"notion": "approx_dp", "epsilon": f"{Fraction(k, f.m)}*eps"})
        assert _at(text, f, u) == delta
    # Rényi of order 3: exp(2·D_3) = Σ P³ Q^-2, the largest pair's
    renyi = max(sum(a ** 3 / b ** 2 for a, b in zip(P[i], P[j]) if a) for i, j in pairs)
    text = measure(f, {"notion": "renyi_dp", "alpha": "3"})
    assert text.startswith("(log(") and text.endswith(")/2)")
    assert _at(text[len("(log("):-len(")/2)")], f, u) == renyi


def test_kl_and_pure_dp_with_powers_and_after_post_processing():
    f = SymbolicFamily(RR3)
    u = Fraction(7, 3)
    P = _rows_at(RR3, u, f.m)
    # with power ratios KL = var·Σ_y P_y·k_y/m (k_y/m the exponent of P_y/Q_y in u): checked through the sum
    text = measure(f, {"notion": "kl_dp"})
    assert text.endswith(f"*{f.var})")
    assert _at(text[1:-len(f"*{f.var})")], f, u) == max(
        sum(a * (Fraction(1) if a > b else Fraction(-1) if a < b else 0) for a, b in zip(P[i], P[j]))
        for i, j in _pairs(RR3))
    assert measure(f, {"notion": "pure_dp"}) == f"(1*{f.var})"
    # post-processed RR(2): ratios no power of u — pure DP is the log of the largest ratio, KL log-linear
    g = SymbolicFamily(RR2)
    on = {"operator": "post-process", "kernel": GARBLE}
    text = measure(g, {"notion": "pure_dp", "on": on})
    assert text.startswith("log(")
    Q = [[sum(Fraction(a) * Fraction(k) for a, k in zip(row, col)) for col in zip(*GARBLE)]
         for row in _rows_at(RR2, u, g.m)]
    assert _at(text[len("log("):-1], g, u) == max(Q[i][y] / Q[j][y] for i, j in _pairs(RR2) for y in range(2))
    kl = measure(g, {"notion": "kl_dp", "on": on})
    assert "log(" in kl and not kl.endswith(f"*{g.var})")


def test_infinite_divergences_stay_apart_from_the_log_linear_fallback():
    zeroed = {"name": "Z", "variable": "eps", "domain": "[0, oo)",
              "space": {"type": "explicit", "inputs": ["0", "1"], "neighbours": [[0, 1]]}, "outputs": [0, 1],
              "mechanism": [["1", "0"], ["exp(-eps)", "1 - exp(-eps)"]]}
    f = SymbolicFamily(zeroed)
    for notion in ("chi2", "renyi_dp"):
        spec = {"notion": notion, "pair": [1, 0]} if notion == "chi2" else {"notion": notion, "alpha": "2",
                                                                              "pair": [1, 0]}
        with pytest.raises(NotCheckable, match="infinite"):
            measure(f, spec)
    with pytest.raises(NotCheckable, match="infinite"):
        measure(f, {"notion": "kl_dp", "pair": [1, 0]})


# ----------------------------------------------------------------------------- remembered family reads

def _fresh(fam):
    f = object.__new__(SymbolicFamily)
    f._read(fam)
    return f


FAMILIES = [RR2, RR3, TG2, dict(RR2, mechanism=[["1/2", "1/2"], ["1/3", "1/3"]]),  # a row not summing to 1
            dict(RR2, mechanism=[["x(", "1"], ["1", "0"]]), dict(RR2, variable="1eps"),
            dict(RR2, prior=["1/3", "2/3"])]


def test_remembered_family_reads_equal_fresh_reads():
    _remembered_read.cache_clear()
    for fam in FAMILIES + FAMILIES:
        try:
            want = _fresh(copy.deepcopy(fam)).__dict__
        except Exception as exc:  # noqa: BLE001 - the same error, whichever way the family is read
            with pytest.raises(type(exc), match=None) as got:
                SymbolicFamily(fam)
            assert str(got.value) == str(exc)
            continue
        got = SymbolicFamily(fam).__dict__
        assert got == want
        assert got["fam"] is fam and got["outputs"] is fam.get("outputs")


def test_each_family_instance_has_its_own_lists():
    a, b = SymbolicFamily(RR3), SymbolicFamily(RR3)
    a.R[0][0][0].append(Fraction(5))
    a.R[1].pop()
    a.pairs.clear()
    assert b.__dict__ == SymbolicFamily(RR3).__dict__ == _fresh(RR3).__dict__


def test_a_family_that_is_not_plain_json_is_read_as_given():
    as_tuples = dict(RR2, mechanism=tuple(RR2["mechanism"]))
    with pytest.raises(Failed, match="rows of expressions"):
        SymbolicFamily(as_tuples)
    assert SymbolicFamily(RR2).__dict__ == _fresh(RR2).__dict__


# ----------------------------------------------------------------------------- signs shown by the coefficients

def _chart_sign(f: SymbolicFamily, rf):
    """The plain path: the sign set of the chart's gaps (root isolation), or its refusal."""
    try:
        return {sg for _, sg in f.chart(rf)[1]}
    except (Failed, NotCheckable) as exc:
        return type(exc)


@pytest.mark.parametrize("domain", ["[0, oo)", "(0, oo)", "[1/2, oo)", "[-3, oo)", "(-1, oo)", "[0, 2]"])
@pytest.mark.parametrize("variable_sub", ["eps", "exp"])
def test_a_sign_shown_by_the_coefficients_is_the_charts(domain, variable_sub):
    rng = random.Random(f"{domain} {variable_sub}")
    fam = dict(RR2, domain=domain) if variable_sub == "exp" else \
        dict(RR2, domain=domain, mechanism=[["1/2", "1/2"], ["1/3", "2/3"]])
    f = SymbolicFamily(fam)
    assert (f.sub == "u = eps") == (variable_sub == "eps")
    shown = 0
    for _ in range(60):
        n = _random_poly(rng, rng.randint(0, 4))
        d = _random_poly(rng, rng.randint(0, 3))
        if rng.random() < 0.4:  # one-signed on u > 0 (or u > 1) more often than a random polynomial is
            n, d = [abs(c) for c in n], [abs(c) for c in d]
        if rng.random() < 0.2:  # a factor (u - 1) or u: zero, or a pole, at the lower end of some domains
            n = polys.pmul(n, [Fraction(-1), Fraction(1)] if rng.random() < 0.5 else [Fraction(0), Fraction(1)])
        if rng.random() < 0.1:
            d = polys.pmul(d, [Fraction(-1), Fraction(1)])
        got, plain = f.one_sign((n, d)), _chart_sign(f, (n, d))
        if got is not None:
            shown += 1
            assert plain == {got}, (n, d, domain)
            assert f.sign((n, d)) == got and f.nonneg((n, d)) == (got > 0)
        elif plain in (Failed, NotCheckable):
            with pytest.raises(plain):
                f.sign((n, d))
    rational_end = variable_sub == "eps" or domain[1:].startswith("0,")  # u = exp(eps) at eps = 0 is 1
    if domain.endswith("oo)") and rational_end:
        assert shown  # the coefficients decided some (an irrational u-domain end or a bounded one: none)
    else:
        assert not shown


def test_a_pole_at_a_closed_lower_end_is_left_to_the_chart():
    f = SymbolicFamily(dict(RR2, domain="[0, oo)"))  # u = exp(eps) in [1, oo)
    rf = ([Fraction(1)], [Fraction(-1), Fraction(1)])  # 1/(u - 1): one-signed for u > 1, a pole at u = 1
    assert f.one_sign(rf) is None
    with pytest.raises(Failed, match="denominator vanishes"):
        f.sign(rf)
    g = SymbolicFamily(dict(RR2, domain="(0, oo)"))  # the open end may be a pole
    assert g.one_sign(rf) == 1 == g.sign(rf) and _chart_sign(g, rf) == {1}


def test_a_pair_with_no_term_gets_a_start_of_its_own():
    from exactpriv.checker.family_measures import _pair_sums

    f = SymbolicFamily(RR3)
    pairs = sorted(set(f.pairs))
    for reduce_each in (False, True):
        cands = _pair_sums(f.R, pairs, lambda p, q: None, reduce_each=reduce_each)
        assert all(c == ([Fraction(0)], [Fraction(1)]) for c in cands)  # as the list path leaves an empty sum
        cands[0][0].append(Fraction(9))
        assert cands[1] == ([Fraction(0)], [Fraction(1)])
        assert _pair_sums(f.R, pairs, lambda p, q: None, reduce_each=reduce_each)[0] == ([Fraction(0)], [Fraction(1)])


def test_the_coefficients_answer_no_sign_the_chart_refuses_for_its_degree():
    """deg N + deg D above the polynomials' limit: the chart refuses, so the shortcut must not answer (review:
    (1 + u^250)/(1 + u^200) got a sign that the plain path refuses)."""
    f = SymbolicFamily(RR2)
    rf = ([Fraction(1)] + [Fraction(0)] * 249 + [Fraction(1)], [Fraction(1)] + [Fraction(0)] * 199 + [Fraction(1)])
    assert _chart_sign(f, rf) is NotCheckable
    assert f.one_sign(rf) is None
    with pytest.raises(NotCheckable):
        f.sign(rf)
    with pytest.raises(NotCheckable):
        f.nonneg(rf)
    small = ([Fraction(1)] + [Fraction(0)] * 199 + [Fraction(1)], [Fraction(1)] + [Fraction(0)] * 199 + [Fraction(1)])
    assert f.one_sign(small) == 1 == f.sign(small)  # at the limit, both answer
