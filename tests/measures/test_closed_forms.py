"""Closed forms (issue 24): pure ε and δ(ε') of the truncated geometric mechanism, randomized response, the
exponential mechanism E_d and RAPPOR from their formulas, each against the scans of the built mechanism (the
shift-structure / product engines, and the dense matrix scan of an untagged copy) in every regime: ε = 0, small and
large e^ε, γ below, at and above e^ε, the smallest sizes, zero probabilities (RAPPOR's ∞)."""

import copy
import random
from fractions import Fraction as F

import pytest
import sympy

from exactpriv.measures.approx import approx_dp
from exactpriv.measures.closed_forms import (closed_form_delta, closed_form_pure_dp, rappor_pure_dp,
                                             truncated_geometric_delta, truncated_geometric_pure_dp)
from exactpriv.measures.divergence import group_privacy, pure_dp
from exactpriv.mechanisms.base import Mechanism
from exactpriv.mechanisms.zoo import (count_query_geometric, exponential_mechanism_hamming, randomized_response, rappor,
                                      truncated_geometric)

EXP_EPS = [F(1), F(11, 10), F(2), F(7)]


def _dense(M):
    """An untagged dense copy: the plain matrix scan (a product expanded first)."""
    M = M.expand() if hasattr(M, "factors") else M
    return Mechanism(M.inputs, list(M.outputs), [list(r) for r in M.rows])


def _untagged(M):
    """The same object without its tag: the engines it took before the dispatch (shift structure, product engine,
    matrix scan)."""
    U = copy.copy(M)
    U.__dict__.pop("closed_form", None)
    return U


def _same_log(a, b):
    return a == b or sympy.simplify(sympy.exp(a) - sympy.exp(b)) == 0


def _gammas(t):
    return sorted({F(1), (1 + t) / 2, t, t + 1})


def _check(M, dense_too=True):
    closed = closed_form_pure_dp(M)
    assert closed is not None and "no matrix built" in closed.method
    scans = [pure_dp(_untagged(M))] + ([pure_dp(_dense(M))] if dense_too else [])
    assert all(_same_log(closed.value, s.value) for s in scans), (closed, scans)
    w = closed.witness
    if closed.value != sympy.oo and w.get("output") is not None:  # the witness attains the value
        D = _dense(M)
        x, y = (D.inputs.points.index(v) for v in w["pair"])
        z = list(D.outputs).index(w["output"])
        assert _same_log(closed.value, sympy.log(sympy.Rational(D.rows[x][z]) / sympy.Rational(D.rows[y][z])))
    t = sympy.exp(closed.value)
    if closed.value != sympy.oo and closed_form_delta(M, F(1)) is not None:
        for g in _gammas(F(str(sympy.nsimplify(t)))):
            want = closed_form_delta(M, g)
            for s in [_untagged(M)] + ([_dense(M)] if dense_too else []):
                assert approx_dp(s).value.delta(sympy.log(sympy.Rational(g.numerator, g.denominator))) == want


@pytest.mark.parametrize("n", [1, 2, 7])
@pytest.mark.parametrize("t", EXP_EPS)
def test_truncated_geometric(n, t):
    _check(truncated_geometric(n, exp_eps=t))


@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("t", EXP_EPS)
def test_randomized_response(k, t):
    _check(randomized_response(k, exp_eps=t))


@pytest.mark.parametrize("m,n", [(2, 1), (2, 3), (3, 2)])
@pytest.mark.parametrize("t", [F(1), F(3, 2), F(5)])
def test_exponential_mechanism_on_hamming_spaces(m, n, t):
    _check(exponential_mechanism_hamming(range(m), n, exp_eps=t))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("law", [dict(f=F(1, 2)), dict(p=F(3, 4), q=F(1, 3)), dict(p=F(1), q=F(1, 5)),
                                 dict(p=F(1, 2), q=F(1, 2))])
def test_rappor(seed, law):
    rnd = random.Random(seed)
    items, bits = list(range(6)), 6
    hashes = {x: set(rnd.sample(range(bits), rnd.randint(0, 3))) for x in items}
    M = rappor(items, bits, hashes, **law)
    _check(M, dense_too=True)


def test_the_geometric_on_ten_thousand_counts_needs_no_mechanism():
    m = truncated_geometric_pure_dp(10**4, F(11, 10))
    assert m.value == sympy.log(sympy.Rational(11, 10))
    assert truncated_geometric_delta(10**4, F(11, 10), F(21, 20)) == F(1, 42)


def test_an_untagged_or_respaced_mechanism_has_no_closed_form():
    M = truncated_geometric(3, exp_eps=2)
    assert closed_form_pure_dp(_dense(M)) is None
    M2 = randomized_response(3, exp_eps=2)
    M2.closed_form = dict(M2.closed_form, k=4)  # a tag that does not fit the space is ignored
    assert closed_form_pure_dp(M2) is None and closed_form_delta(M2, F(1)) is None


def test_rappor_with_one_item_or_equal_filters_is_zero():
    assert rappor_pure_dp([{0, 1}], F(3, 4), F(1, 4)).value == 0
    assert rappor_pure_dp([{0, 1}, {0, 1}], F(3, 4), F(1, 4)).value == 0


# ----- the dispatch: pure_dp and approx_dp answer a tagged mechanism from its formula (issue 24, item 3), each
# answer against the engines the untagged mechanism takes (shift structure, product engine) and the dense scan

def _attains(M, w, value):
    """The witness's ratio, read from the dense copy's entries, is e^value."""
    D = _dense(M)
    x, y = (D.inputs.points.index(tuple(v) if isinstance(v, list) else v) for v in w["pair"])
    z = list(D.outputs).index(w["output"])
    return _same_log(value, sympy.log(sympy.Rational(D.rows[x][z]) / sympy.Rational(D.rows[y][z])))


def _tagged_cases():
    out = []
    for t in EXP_EPS:
        out += [truncated_geometric(n, exp_eps=t) for n in (1, 2, 6)]
        out += [randomized_response(k, exp_eps=t) for k in (2, 3, 5)]
        out += [exponential_mechanism_hamming(range(m), n, exp_eps=t) for m, n in ((2, 1), (2, 3), (3, 2))]
        out += [count_query_geometric(1, exp_eps=t), count_query_geometric(4, exp_eps=t),
                count_query_geometric(2, exp_eps=t, values=("a", "b", "c"))]
    return out


@pytest.mark.parametrize("M", _tagged_cases(), ids=repr)
def test_pure_dp_dispatches_to_the_formula_and_agrees_with_the_scans(M):
    fast = pure_dp(M)
    assert fast.method.startswith("closed form") and "re-read from the entries" in fast.method
    for slow in (pure_dp(_untagged(M)), pure_dp(_dense(M))):
        assert not slow.method.startswith("closed form")
        assert _same_log(fast.value, slow.value), (fast, slow)
    assert _attains(M, fast.witness, fast.value)


@pytest.mark.parametrize("M", _tagged_cases(), ids=repr)
def test_approx_dp_dispatches_to_the_formula_and_agrees_with_the_scans(M):
    fast = approx_dp(M)
    assert fast.method.startswith("exact: closed form")
    lines = lambda prof: [(p.gamma_lo, p.gamma_hi, p.A, p.B) for p in prof.pieces]  # noqa: E731
    t = M.closed_form["exp_eps"]
    for slow in (approx_dp(_untagged(M)), approx_dp(_dense(M))):
        assert not slow.method.startswith("exact: closed form")
        assert lines(fast.value) == lines(slow.value)
        for g in _gammas(t) + [F(1) + (t - 1) / 3]:
            assert fast.value.delta(exp_eps=g) == slow.value.delta(exp_eps=g)
        for d in (F(0), F(1, 1000), fast.value.delta(exp_eps=F(1)) / 2, F(1)):
            assert fast.value.epsilon(d) == slow.value.epsilon(d)
    # each piece's witness attains its line on the dense matrix: P_x(S) = A and P_x'(S) = B
    D = _dense(M)
    for p in fast.value.pieces:
        if p.witness:
            x, y = (D.row(v) for v in p.witness["pair"])
            assert sum(x[o] for o in p.witness["event"]) == p.A and sum(y[o] for o in p.witness["event"]) == p.B
    for g in _gammas(t):
        w = fast.value.delta_witness(exp_eps=g)
        x, y = (D.row(v) for v in w["pair"])
        assert sum(x[o] for o in w["event"]) - g * sum(y[o] for o in w["event"]) == w["value"]


def test_a_tag_that_does_not_describe_the_mechanism_sends_the_call_to_the_scans():
    """A tag with the right size but a wrong e^ε: the witness re-read from the entries fails, the scans answer."""
    M = randomized_response(3, exp_eps=F(2))
    M.closed_form = dict(M.closed_form, exp_eps=F(3))
    assert not pure_dp(M).method.startswith("closed form") and pure_dp(M).value == pure_dp(_dense(M)).value
    assert not approx_dp(M).method.startswith("exact: closed form")
    assert approx_dp(M).value.delta(exp_eps=F(1)) == approx_dp(_dense(M)).value.delta(exp_eps=F(1))



def test_a_tag_is_not_trusted_beyond_what_it_was_built_on():
    """Tags that the zoo never writes, each answered before by a wrong formula (review of session 8): a copy moved
    to another neighbour relation on the same points, a wrong e^ε = 1 for the profile, RAPPOR with bit sets that
    are not its factors'.  Each must now go to the scans and give their value."""
    from exactpriv.spaces import GraphSpace

    C = copy.copy(count_query_geometric(3, exp_eps=F(2)))
    pts = C.inputs.points
    C.inputs = GraphSpace.from_edges(pts, [(a, b) for i, a in enumerate(pts) for b in pts[i + 1:]])
    assert pure_dp(C).value == pure_dp(_dense(C)).value == 3 * sympy.log(2)
    assert approx_dp(C).value.delta(exp_eps=F(3)) == approx_dp(_dense(C)).value.delta(exp_eps=F(3)) == F(5, 12)

    M = randomized_response(3, exp_eps=F(2))
    M.closed_form = dict(M.closed_form, exp_eps=F(1))
    assert approx_dp(M).value.delta(exp_eps=F(1)) == approx_dp(_dense(M)).value.delta(exp_eps=F(1)) == F(1, 4)

    R = rappor([0, 1, 2], 3, {0: {0}, 1: {0}, 2: {0, 1, 2}}, p=F(3, 4), q=F(1, 4))
    R.closed_form = dict(R.closed_form, bit_sets=[{0, 1, 2}, {0}, {0}])
    assert approx_dp(R).value.delta(exp_eps=F(1)) == approx_dp(_untagged(R)).value.delta(exp_eps=F(1)) == F(1, 2)
    assert pure_dp(R).value == pure_dp(_untagged(R)).value


@pytest.mark.parametrize("p", [F(0), F(1)])
def test_rappor_with_a_constant_bit_law_has_no_witness_of_probability_zero(p):
    """p = q in {0, 1}: every item has the same report law, ε = 0; a witness output must be possible under both
    inputs (one of probability zero "attains" every ratio), or the scans answer."""
    M = rappor([0, 1, 2], 4, {0: {0, 1}, 1: {1}, 2: {2}}, p=p, q=p)
    m = pure_dp(M)
    assert m.value == 0
    w = m.witness or {}
    if w.get("output") is not None and w.get("pair") is not None:
        x, x2 = w["pair"]
        assert M.prob(w["output"], x2) > 0 and M.prob(w["output"], x) > 0

@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("law", [dict(f=F(1, 2)), dict(p=F(2, 3), q=F(1, 3)), dict(p=F(9, 10), q=F(1, 2)),
                                 dict(p=F(1), q=F(1, 5)), dict(p=F(4, 5), q=F(0)), dict(p=F(1, 2), q=F(1, 2))])
def test_rappor_dispatch_against_the_product_engine(seed, law, monkeypatch):
    """pure_dp of tagged RAPPOR from the counts (both ways of finding the counts present: the table, and the sort
    used beyond _PRESENCE_CELLS) against the product engine of the untagged mechanism."""
    import exactpriv.measures.closed_forms as cf

    rnd = random.Random(100 + seed)
    items, bits = list(range(rnd.randint(2, 12))), rnd.randint(1, 9)
    hashes = {x: set(rnd.sample(range(bits), rnd.randint(0, bits))) for x in items}
    M = rappor(items, bits, hashes, **law)
    slow = pure_dp(_untagged(M))
    for cells in (cf._PRESENCE_CELLS, 0):
        monkeypatch.setattr(cf, "_PRESENCE_CELLS", cells)
        fast = pure_dp(M)
        assert _same_log(fast.value, slow.value), (fast, slow)
        if fast.method.startswith("closed form"):
            assert _attains(M, fast.witness, fast.value)
        else:  # ∞, or no witness (equal filters): the product engine answered
            assert fast.value == sympy.oo or fast.value == 0


def test_a_one_value_exponential_mechanism_is_left_to_the_scans():
    M = exponential_mechanism_hamming([0], 2, exp_eps=2)
    assert closed_form_pure_dp(M) is None
    assert pure_dp(M).value == 0 and not pure_dp(M).method.startswith("closed form")


@pytest.mark.parametrize("M", [M for M in _tagged_cases() if M.inputs.size <= 27], ids=repr)
def test_group_privacy_dispatches_to_the_formula_and_agrees_with_the_scans(M):
    """ε_k = min(k, n)·ε (randomized response: ε) against the shift structure / the scan of the untagged mechanism
    and the dense scan, for k below, at and above the diameter."""
    from exactpriv.measures.divergence import group_privacy

    n = M.closed_form.get("n", 1)
    for k in sorted({1, 2, n, n + 2}):
        fast = group_privacy(M, k)
        assert fast.method.startswith("closed form") and fast.witness["distance"] <= k
        for slow in (group_privacy(_untagged(M), k), group_privacy(_dense(M), k)):
            assert not slow.method.startswith("closed form")
            assert _same_log(fast.value, slow.value), (k, fast, slow)
        assert _attains(M, fast.witness, fast.value)
        D = _dense(M)
        x, y = (D.inputs.index(v) for v in fast.witness["pair"])
        assert D.inputs.distance_matrix()[x][y] == fast.witness["distance"]


# ----- the formulas proved once symbolically: the symbolic families' own closed forms (real-root isolation on
# t = e^ε, the certified clamped family), valid for every ε >= 0, are the formulas the dispatch answers from

@pytest.mark.parametrize("k", [2, 5])
def test_randomized_response_formulas_hold_for_every_eps(k):
    from exactpriv import EPS
    from exactpriv.measures.family_dispatch import delta_at

    M = randomized_response(k, eps=EPS)
    assert pure_dp(M).value == EPS and group_privacy(M, 2).value == EPS
    e = sympy.exp(EPS)
    for eps1 in (F(1, 2),):
        d = delta_at(M, eps1)
        g = sympy.exp(sympy.Rational(eps1.numerator, eps1.denominator))
        assert str(d.witness["valid_on"]) == "eps in [0, oo)"
        assert sympy.simplify(d.value - sympy.Max(0, (e - g) / (e + k - 1))) == 0


@pytest.mark.parametrize("n", [1, 5, 40])
def test_truncated_geometric_and_exponential_mechanism_pure_eps_hold_for_every_eps(n):
    from exactpriv import EPS

    G = truncated_geometric(n, eps=EPS)  # the clamped family, certified once for all ε > 0
    assert pure_dp(G).value == EPS and group_privacy(G, min(3, n)).value == min(3, n) * EPS
    if n <= 5:
        assert pure_dp(exponential_mechanism_hamming(range(2), n, eps=EPS)).value == EPS


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("law", [dict(f=F(1, 2)), dict(p=F(9, 10), q=F(1, 2)), dict(p=F(1), q=F(1, 5)),
                                 dict(p=F(1, 2), q=F(1, 2))])
def test_rappor_approx_dp_from_the_frontier_pairs_equals_all_pairs(seed, law):
    """approx_dp of tagged RAPPOR accounts only one pair per maximal set-difference counts; the profile equals the
    one over every pair (untagged: the composed losses of all pairs), and for the smallest the dense expanded scan."""
    from exactpriv.measures.closed_forms import rappor_frontier_pairs

    rnd = random.Random(200 + seed)
    items, bits = list(range(rnd.randint(2, 9))), rnd.randint(1, 6)
    hashes = {x: set(rnd.sample(range(bits), rnd.randint(0, bits))) for x in items}
    M = rappor(items, bits, hashes, **law)
    fast, slow = approx_dp(M), approx_dp(_untagged(M))
    frontier = rappor_frontier_pairs(M)
    assert ("RAPPOR:" in fast.note) == (frontier is not None and len(M.factors) > 1)
    refs = [slow.value] + ([approx_dp(_dense(M)).value] if bits <= 4 else [])
    lines = lambda prof: [(p.gamma_lo, p.gamma_hi, p.A, p.B) for p in prof.pieces]  # noqa: E731
    for ref in refs:
        assert lines(fast.value) == lines(ref)
        for g in (F(1), F(11, 10), F(2), F(5), F(100)):
            assert fast.value.delta(exp_eps=g) == ref.delta(exp_eps=g)
        for d in (F(0), F(1, 100), F(1, 3)):
            assert fast.value.epsilon(d) == ref.epsilon(d)


def test_rappor_rows_checked_by_identity_equal_the_row_by_row_check(monkeypatch):
    """closed_forms._rappor_rows_by_identity (two shared row objects, numpy) against the row-by-row check it stands
    for, on the zoo's mechanism, a factor with one row of the wrong law, a row equal to its law but another object
    (three objects: the row-by-row check decides), bit sets not matching the rows, and p = q (both objects one law)."""
    import random

    from exactpriv.measures import closed_forms as cf
    from exactpriv.mechanisms.base import Mechanism, ProductMechanism

    def loop(M, tag):
        monkeypatch.setattr(cf, "_rappor_rows_by_identity", lambda *a: None)
        try:
            return cf._rappor_factors_match(M, tag)
        finally:
            monkeypatch.undo()

    rng = random.Random(3)
    items, bits = list(range(12)), 10
    hashes = {x: set(rng.sample(range(bits), 3)) for x in items}
    for law in (dict(f=F(1, 2)), dict(p=F(2, 3), q=F(2, 3))):
        R = rappor(items, bits, hashes, **law)
        tag = R.closed_form
        row_set, row_unset = (1 - tag["p"], tag["p"]), (1 - tag["q"], tag["q"])
        assert cf._rappor_rows_by_identity(R.factors, tag["bit_sets"], row_set, row_unset) is True
        assert cf._rappor_factors_match(R, tag) is loop(R, tag) is True
        wrong = dict(tag, bit_sets=[tag["bit_sets"][1], tag["bit_sets"][0]] + list(tag["bit_sets"][2:]))
        assert cf._rappor_factors_match(R, wrong) is loop(R, wrong)
        for i, swap in ((4, (F(1, 5), F(4, 5))), (5, tuple(R.factors[3].rows[5]))):
            rows = list(R.factors[3].rows)
            rows[i] = swap  # a row of another law, or an equal row that is a third object
            bad = Mechanism(R.inputs, [0, 1], None, _validated=tuple(rows))
            factors = tuple(bad if j == 3 else f for j, f in enumerate(R.factors))
            P = ProductMechanism(factors)
            t2 = dict(tag, factors=factors)
            assert cf._rappor_factors_match(P, t2) is loop(P, t2)
    assert cf._rappor_rows_by_identity(R.factors, [{0, 99}] + list(R.closed_form["bit_sets"][1:]), row_set,
                                       row_unset) is None
