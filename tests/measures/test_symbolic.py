"""Closed forms on symbolic families (exactpriv.measures.symbolic).

(a) hand-derived closed forms of textbook families, each compared with the computed closed form by
    an exact for-all identity (Cuff–Yu (11), Ex. 3.3; Wang–Ying–Zhang Lemma 5; Zhao Def. 1);
(b) brute-force agreement: the closed form at ε = ln q equals the exact numeric measure of
    M.subs(eps=ln q) (kernel compare, no float) for rational q, on zoo families and seeded random
    symbolic mechanisms;
(c) bad input -> typed errors.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

import pytest
import sympy

from exactpriv.errors import InvalidArgument, NotExactError
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import EPS
from exactpriv.forall import equality_for_all
from exactpriv.measures import divergence, information, semantic
from exactpriv.measures.approx import approx_dp
from exactpriv.measures.symbolic import (
    Domain,
    capacity_symbolic,
    hockey_stick_symbolic,
    kl_dp_symbolic,
    mi_dp_symbolic,
    pair_divergence_symbolic,
    pure_dp_symbolic,
    renyi_dp_symbolic,
    semantic_privacy_symbolic,
    symbolic_measure,
    tv_dp_symbolic,
)
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import GraphSpace, Hamming

T = sympy.exp(EPS)
LOG = sympy.log
DELTA = sympy.Symbol("delta", nonnegative=True)


def h(x):
    return -x * LOG(x) - (1 - x) * LOG(1 - x)


@functools.lru_cache(maxsize=None)
def rr(k):
    return zoo.randomized_response(k, eps=EPS)


@functools.lru_cache(maxsize=None)
def geo(n):
    return zoo.truncated_geometric(n, eps=EPS)


@functools.lru_cache(maxsize=None)
def ed(m, n):
    return zoo.exponential_mechanism_hamming(list(range(m)), n, eps=EPS)


def erasure(N):
    rows = [[1 - DELTA] + [DELTA if y == x else 0 for y in range(1, N + 1)] for x in range(1, N + 1)]
    return Mechanism(Hamming(range(1, N + 1), 1), [0] + list(range(1, N + 1)), rows, symbols=(DELTA,))


def proved(m, expected, **kw):
    d = equality_for_all(m, expected, **kw)
    assert d.is_true, d.reason
    return d


# ----------------------------------------------------------------------------- (a) textbook values
def test_rr2_closed_forms_seed001_eq11():
    """Cuff–Yu (11): binary RR(ε) is (ε,0)-close with ε tight and D = ε tanh(ε/2); TV = tanh(ε/2);
    by hand D_2 = ln Σ a²/b = ln((t² − t + 1)/t); E_{e^{ε/2}} = (t − √t)/(1 + t)."""
    M = rr(2)
    assert pure_dp_symbolic(M).value == EPS
    proved(kl_dp_symbolic(M), EPS * sympy.tanh(EPS / 2))
    proved(tv_dp_symbolic(M), sympy.tanh(EPS / 2))
    proved(renyi_dp_symbolic(M, 2), LOG(T - 1 + 1 / T))
    proved(hockey_stick_symbolic(M, EPS / 2), (T - sympy.exp(EPS / 2)) / (1 + T))
    assert kl_dp_symbolic(M).witness["valid_on"] == Domain(EPS, sympy.Integer(0), sympy.oo, True, False)


def test_rr2_both_directions_equal_and_one_class():
    """D(P‖Q) = D(Q‖P) on the binary pair ('for which D(P||Q) = D(Q||P)', Cuff–Yu §2.2)."""
    M = rr(2)
    a = pair_divergence_symbolic(M, (0,), (1,), "kl")
    b = pair_divergence_symbolic(M, (1,), (0,), "kl")
    proved(a, b.value)
    assert "1 pair class" in kl_dp_symbolic(M).note


@pytest.mark.parametrize("k", [3, 4])
def test_rr_k_closed_forms(k):
    """k-ary RR, pair (x, x'): only y = x (ratio e^ε) and y = x' (ratio e^-ε) contribute, so
    D = (a − b)ε and TV = a − b with a − b = (e^ε − 1)/(e^ε + k − 1); capacity log k − H(row)."""
    M = rr(k)
    ab = (T - 1) / (T + k - 1)
    proved(kl_dp_symbolic(M), EPS * ab)
    proved(tv_dp_symbolic(M), ab)
    a, b = T / (T + k - 1), 1 / (T + k - 1)
    proved(capacity_symbolic(M), LOG(k) + a * LOG(a) + (k - 1) * b * LOG(b))
    proved(mi_dp_symbolic(M), LOG(k) + a * LOG(a) + (k - 1) * b * LOG(b))


def test_bsc_capacity_and_semantic_privacy():
    """BSC(1/(1+e^ε)): capacity ln 2 − h(p) (Cuff–Yu App. C); SP = H(e^ε) = tanh(ε/4) by the
    two-point reduction (u = (a, b), v = (a, a) at y = 0 with default 0: cross-ratio a/b = e^ε)."""
    M = rr(2)
    proved(capacity_symbolic(M), LOG(2) - h(1 / (1 + T)))
    proved(semantic_privacy_symbolic(M), sympy.tanh(EPS / 4))


@pytest.mark.parametrize("m,n", [(2, 1), (3, 1), (2, 2)])
def test_exponential_mechanism_seed000_lemma5(m, n):
    """E_d is exactly ε-DP (Wang–Ying–Zhang Lemma 5); capacity n log m − H(row) (rows/columns permutations)."""
    E = ed(m, n)
    assert pure_dp_symbolic(E).value == EPS
    row = [sympy.sympify(v) for v in E.rows[0]]
    proved(capacity_symbolic(E), n * LOG(m) + sympy.Add(*[v * LOG(v) for v in row]))


@pytest.mark.parametrize("N", [2, 3, 5])
def test_erasure_capacity_seed001_ex33(N):
    """Cuff–Yu Ex. 3.3: capacity δ log N, attained by the uniform input, for every δ ∈ (0, 1)."""
    m = capacity_symbolic(erasure(N), domain=(0, 1), closed=(True, True))
    assert m.witness["valid_on"] == Domain(DELTA, sympy.Integer(0), sympy.Integer(1), False, False)
    proved(m, DELTA * LOG(N), domain=(0, 1), closed=(False, False))
    proved(mi_dp_symbolic(erasure(N), domain=(0, 1)), DELTA * LOG(N), domain=(0, 1), closed=(False, False))


def test_truncated_geometric_validity_excludes_zero():
    """At ε = 0 the inner entries (1 − e^-ε)/(1 + e^-ε) vanish: the closed form is claimed on (0, oo)."""
    m = pure_dp_symbolic(geo(3))
    assert m.value == EPS
    assert m.witness["valid_on"].lo_closed is False


def test_group_privacy_of_count_query_is_two_eps():
    """Wu–Xia–He Ex. 2 / Cuff–Yu Property 7: two records change the count by 2: ln ratio 2ε."""
    M = zoo.count_query_geometric(2, eps=EPS)
    assert pure_dp_symbolic(M).value == EPS
    assert pure_dp_symbolic(M, within=2).value == 2 * EPS


def test_agrees_with_divergence_pure_dp_and_information_capacity():
    """The existing symbolic paths (divergence.pure_dp, information.capacity) give the same closed forms."""
    for M in (rr(2), rr(3), geo(2), ed(2, 2)):
        assert sympy.simplify(divergence.pure_dp(M).value - pure_dp_symbolic(M).value) == 0
    for M in (rr(2), rr(3), ed(2, 2)):
        proved(capacity_symbolic(M), sympy.sympify(information.capacity(M).value))


def test_maximiser_changes_inside_domain_gives_exact_max():
    """Rows (1/2,1/2), (3/4,1/4), (t,1)/(t+1) on a triangle: the largest ratio is 2 for t <= 3 and
    (1+t)/2 beyond (by hand), so no single pair dominates: value Max(ln 2, ln((1+e^ε)/2))."""
    t1 = 1 / (1 + T)
    M = Mechanism(Hamming(range(3), 1), [0, 1], [[Fraction(1, 2)] * 2, [Fraction(3, 4), Fraction(1, 4)],
                                                 [1 - t1, t1]])
    m = pure_dp_symbolic(M)
    assert isinstance(m.value, sympy.Max) and len(m.value.args) == 2
    assert "no proved dominance" in m.note
    for q, want in ((2, LOG(2)), (5, LOG(3))):
        assert compare(m.value.subs(EPS, LOG(q)), "==", want).is_true


# ----------------------------------------------------------------------------- (b) brute-force agreement
def _random_family(rng: random.Random, space, k):
    rows = []
    for _ in space.points:
        w = [rng.randint(1, 4) * T ** rng.randint(0, 2) for _ in range(k)]
        s = sympy.Add(*w)
        rows.append([sympy.cancel(x / s) for x in w])
    return Mechanism(space, list(range(k)), rows)


@functools.lru_cache(maxsize=None)
def _families():
    rng = random.Random(7)
    fams = [("rr2", rr(2)), ("rr3", rr(3)), ("geo2", geo(2)), ("ed22", ed(2, 2)),
            ("count2", zoo.count_query_geometric(2, eps=EPS))]
    for j, (space, k) in enumerate([(Hamming(range(2), 1), 3), (Hamming(range(3), 1), 2), (Hamming(range(2), 2), 2)]):
        fams.append((f"random{j}", _random_family(rng, space, k)))
    return fams


def _agree(closed, numeric, q):
    """closed(ε = ln q) == numeric exactly; an exact Max must equal one argument and dominate all."""
    c = sympy.sympify(closed)
    if c == sympy.oo or numeric == sympy.oo:
        return c == numeric
    if isinstance(c, sympy.Max):  # never let sympy evaluate Max of numbers (it compares floats)
        args = [a.subs(EPS, LOG(q)) for a in c.args]
        return (any(compare(numeric, "==", a).is_true for a in args)
                and all(compare(numeric, ">=", a).is_true for a in args))
    return compare(c.subs(EPS, LOG(q)), "==", numeric).is_true


_MEASURES = {
    "pure_dp": (lambda M: pure_dp_symbolic(M), lambda N: divergence.pure_dp(N).value),
    "kl_dp": (lambda M: kl_dp_symbolic(M), lambda N: divergence.kl_dp(N).value),
    "tv_dp": (lambda M: tv_dp_symbolic(M), lambda N: divergence.tv_dp(N).value),
    "renyi2": (lambda M: renyi_dp_symbolic(M, 2), lambda N: divergence.renyi_dp(N, 2).value),
    "hockey3/2": (lambda M: hockey_stick_symbolic(M, LOG(Fraction(3, 2))),
                  lambda N: approx_dp(N).value.delta(exp_eps=Fraction(3, 2))),
    # semantic privacy is H(R) = (sqrt R - 1)/(sqrt R + 1) with H increasing: compare the maximal
    # cross-ratio R (rational at e^eps = q) exactly, and the value's form separately
    "sp": (lambda M: semantic_privacy_symbolic(M), lambda N: semantic.semantic_privacy(N).witness["cross_ratio"]),
}


@functools.lru_cache(maxsize=None)
def _closed(fname, mname):
    M = dict(_families())[fname]
    if mname == "sp" and not isinstance(M.inputs, Hamming):
        return None
    m = _MEASURES[mname][0](M)
    if mname == "sp":
        R = m.witness["cross_ratio"]
        Rs = R.args if isinstance(R, sympy.Max) else (R,)
        vs = m.value.args if isinstance(m.value, sympy.Max) else (m.value,)
        assert set(vs) == {(sympy.sqrt(r) - 1) / (sympy.sqrt(r) + 1) for r in Rs}  # value = H(R), H increasing
        return R
    return m.value


def _check_agreement(fname, mname):
    closed = _closed(fname, mname)
    if closed is None:
        pytest.skip("semantic privacy needs a product space")
    M = dict(_families())[fname]
    for q in (2, Fraction(7, 2), 10):
        N = M.subs(eps=LOG(q))
        assert N.is_rational
        assert _agree(closed, _MEASURES[mname][1](N), q), (fname, mname, q, closed)


_ZOO = ["rr2", "rr3", "geo2", "ed22", "count2"]
_RANDOM = ["random0", "random1", "random2"]


@pytest.mark.parametrize("mname", list(_MEASURES))
@pytest.mark.parametrize("fname", _ZOO)
def test_closed_form_equals_exact_measure_at_rational_points(fname, mname):
    _check_agreement(fname, mname)


@pytest.mark.parametrize("mname", ["pure_dp", "tv_dp", "renyi2", "hockey3/2", "sp"])
@pytest.mark.parametrize("fname", _RANDOM)
def test_closed_form_equals_exact_measure_random_families(fname, mname):
    _check_agreement(fname, mname)


@pytest.mark.slow
@pytest.mark.parametrize("fname", _RANDOM)
def test_kl_closed_form_random_families(fname):
    """KL maxima of random families need certifier proofs (or end as an exact Max): slow."""
    _check_agreement(fname, "kl_dp")


@pytest.mark.parametrize("fname", ["rr2", "rr3", "ed22"])
def test_capacity_and_mi_dp_agree_at_rational_points(fname):
    M = dict(_families())[fname]
    cap, mi = capacity_symbolic(M).value, mi_dp_symbolic(M).value
    for q in (2, 5):
        N = M.subs(eps=LOG(q))
        assert _agree(cap, information.capacity(N).value, q)
        assert _agree(mi, information.mi_dp(N).value, q)


def test_hockey_stick_at_two_eps_agrees_on_random_family():
    M = dict(_families())["random0"]
    closed = hockey_stick_symbolic(M, 2 * EPS).value
    for q in (2, 3):
        N = M.subs(eps=LOG(q))
        assert _agree(closed, approx_dp(N).value.delta(exp_eps=Fraction(q) ** 2), q)


# ----------------------------------------------------------------------------- (c) bad input
TWO = Mechanism(Hamming(range(2), 1), [0, 1], [[T / (1 + T), 1 / (1 + T)], [DELTA, 1 - DELTA]],
                symbols=(EPS, DELTA))
BAD = [
    ("rational mechanism", lambda: kl_dp_symbolic(zoo.randomized_response(2, exp_eps=3)), InvalidArgument),
    ("two symbols", lambda: kl_dp_symbolic(TWO), InvalidArgument),
    ("not a mechanism", lambda: kl_dp_symbolic([[1]]), InvalidArgument),
    ("float domain", lambda: kl_dp_symbolic(rr(2), domain=(0.5, sympy.oo)), NotExactError),
    ("empty domain", lambda: kl_dp_symbolic(rr(2), domain=(2, 1)), InvalidArgument),
    ("negative eps", lambda: kl_dp_symbolic(rr(2), domain=(-1, 1)), InvalidArgument),
    ("string domain", lambda: kl_dp_symbolic(rr(2), domain=("0", "1")), InvalidArgument),
    ("entry negative on domain", lambda: capacity_symbolic(erasure(2)), InvalidArgument),
    ("no closed-form capacity", lambda: capacity_symbolic(geo(3)), InvalidArgument),
    ("mi_dp without records", lambda: mi_dp_symbolic(geo(2)), InvalidArgument),
    ("sp without records", lambda: semantic_privacy_symbolic(geo(2)), InvalidArgument),
    ("sp default not in alphabet", lambda: semantic_privacy_symbolic(rr(2), default=7), InvalidArgument),
    ("alpha zero", lambda: renyi_dp_symbolic(rr(2), 0), InvalidArgument),
    ("alpha float", lambda: renyi_dp_symbolic(rr(2), 2.0), NotExactError),
    ("within zero", lambda: pure_dp_symbolic(rr(2), within=0), InvalidArgument),
    ("eps_prime float", lambda: hockey_stick_symbolic(rr(2), 0.5), NotExactError),
    ("eps_prime other symbol", lambda: hockey_stick_symbolic(rr(2), DELTA), InvalidArgument),
    ("eps_prime negative", lambda: hockey_stick_symbolic(rr(2), -1), InvalidArgument),
    ("unknown divergence", lambda: pair_divergence_symbolic(rr(2), (0,), (1,), "js"), InvalidArgument),
    ("unknown measure name", lambda: symbolic_measure("free_lunch", rr(2)), InvalidArgument),
    ("renyi without alpha", lambda: symbolic_measure("renyi_dp", rr(2)), InvalidArgument),
    ("negative seconds", lambda: kl_dp_symbolic(rr(2), seconds=-1), InvalidArgument),
    ("variable not a symbol", lambda: kl_dp_symbolic(rr(2), variable="eps"), InvalidArgument),
    ("graph space without records", lambda: mi_dp_symbolic(
        Mechanism(GraphSpace.from_edges([0, 1], [(0, 1)]), [0, 1], [[T / (1 + T), 1 / (1 + T)],
                                                                   [1 / (1 + T), T / (1 + T)]])), InvalidArgument),
]


@pytest.mark.parametrize("what,call,exc", BAD, ids=[b[0] for b in BAD])
def test_bad_input_raises_typed_error(what, call, exc):
    with pytest.raises(exc):
        call()
