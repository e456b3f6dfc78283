"""Operators on mechanisms (issue 11, item 3), checked against their definitions evaluated
independently here and against published closed forms."""

import itertools
import math
from fractions import Fraction as F

import pytest
import sympy

from exactpriv import EPS, GraphSpace, Hamming, Mechanism, ProductMechanism, Subsets, pure_dp
from exactpriv.errors import InvalidArgument, SpaceMismatchError, SpaceTooLargeError
from exactpriv.exact.kernel import compare
from exactpriv.measures.approx import approx_dp
from exactpriv.measures.divergence import group_privacy, kl_dp
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.operators import (
    compose,
    group,
    k_fold,
    poisson_subsample,
    post_process,
    shuffle,
    subsample_without_replacement,
)


def RR(g=2):
    return zoo.randomized_response(2, exp_eps=g)


@pytest.mark.parametrize("k,g", [(2, 2), (3, 2), (4, 3)])
def test_k_fold_rr_matches_kairouz_oh_viswanath(k, g):
    """Kairouz, Oh, Viswanath (ICML 2015), Theorem 3.3: the k-fold composition of ε0-RR has
    δ((k − 2i)ε0) = Σ_{l<i} C(k, l)(e^{(k−l)ε0} − e^{(k−2i+l)ε0}) / (1 + e^{ε0})^k."""
    C = k_fold(RR(g), k)
    assert isinstance(C, ProductMechanism) and len(C.factors) == k
    prof = approx_dp(C).value
    for i in range(k // 2 + 1):
        kov = sum((math.comb(k, l) * (F(g) ** (k - l) - F(g) ** (k - 2 * i + l)) for l in range(i)), F(0)) / (1 + g) ** k
        assert prof.delta(exp_eps=F(g) ** (k - 2 * i)) == kov
    assert pure_dp(C).witness["ratio"] == F(g) ** k  # basic composition is tight for RR


def test_compose_is_the_product_of_rows():
    A, B = RR(2), zoo.binary_symmetric_channel("1/5")
    J = compose([A, B]).expand()
    for x in J.inputs.points:
        for (a, b) in J.outputs:
            assert J.prob((a, b), x) == A.prob(a, x) * B.prob(b, x)
    with pytest.raises(SpaceMismatchError):
        compose([A, zoo.randomized_response(3, exp_eps=2)])
    with pytest.raises(InvalidArgument):
        k_fold(A, 0)


def test_post_processing_by_a_channel_and_a_function():
    M = zoo.randomized_response(3, exp_eps=4)
    K = Mechanism(GraphSpace.from_edges(list(M.outputs), []), ["a", "b"], [["1/2", "1/2"], [1, 0], [0, 1]])
    N = post_process(M, K)
    for x in M.inputs.points:
        for j, z in enumerate(["a", "b"]):
            assert N.prob(z, x) == sum(M.prob(y, x) * K.rows[i][j] for i, y in enumerate(M.outputs))
    P = post_process(M, lambda y: y > 0)
    assert P.outputs == (False, True) and P.prob(True, (1,)) == M.prob(1, (1,)) + M.prob(2, (1,))
    # data processing: post-processing never increases pure DP (Dwork–Roth Prop. 2.1)
    assert compare(pure_dp(N).value, "<=", pure_dp(M).value).is_true


def _poisson_from_definition(M, q, T):
    members = sorted(T)
    out = [F(0)] * len(M.outputs)
    for bits in itertools.product((0, 1), repeat=len(members)):
        S = frozenset(u for u, b in zip(members, bits) if b)
        w = q ** sum(bits) * (1 - q) ** (len(members) - sum(bits))
        out = [o + w * p for o, p in zip(out, M.row(S).values())]
    return out


def test_poisson_subsampling_add_remove_is_tight_balle_barthe_gaboardi():
    """Balle, Barthe, Gaboardi (NeurIPS 2018), Thm 8: Poisson subsampling at rate q turns ε-DP
    (add/remove) into log(1 + q(e^ε − 1))-DP; tight for RR on one entity."""
    base = Mechanism(Subsets(["u"]), [0, 1], RR(3).rows)  # ∅ -> row 0, {u} -> row 1
    for q in (F(1, 3), F(1, 2), F(1, 10)):
        S = poisson_subsample(base, q)
        assert S.inputs == base.inputs
        assert pure_dp(S).witness["ratio"] == 1 + q * (3 - 1)
    M = Mechanism(Subsets(["a", "b"]), [0, 1, 2], [["1/2", "1/4", "1/4"], ["1/3", "1/3", "1/3"],
                                                   ["1/6", "1/2", "1/3"], ["1/5", "2/5", "2/5"]])
    S = poisson_subsample(M, F(2, 7))
    for T in M.inputs.points:
        assert list(S.row(T).values()) == _poisson_from_definition(M, F(2, 7), T)
    bound = sympy.log(1 + F(2, 7) * (sympy.exp(pure_dp(M).value.to_sympy()) - 1))
    assert compare(pure_dp(S).value, "<=", bound).is_true


def test_poisson_subsampling_replace_one_with_blanks():
    M = Mechanism(Hamming(["0", "1", "_"], 1), [0, 1], [["3/4", "1/4"], ["1/4", "3/4"], ["1/2", "1/2"]])
    S = poisson_subsample(M, F(1, 4), blank="_")
    assert S.inputs == Hamming(["0", "1"], 1)
    assert S.prob(0, ("0",)) == F(1, 4) * F(3, 4) + F(3, 4) * F(1, 2)
    with pytest.raises(InvalidArgument):
        poisson_subsample(M, F(1, 4))


def test_symbolic_rate():
    q = sympy.Symbol("q", nonnegative=True)
    base = Mechanism(Subsets(["u"]), [0, 1], RR(3).rows)
    S = poisson_subsample(base, q)
    assert q in S.free_symbols
    assert S.subs(q=F(1, 2)) == poisson_subsample(base, F(1, 2))


def test_sampling_without_replacement_replace_one():
    """Balle, Barthe, Gaboardi (2018): WOR of m out of n w.r.t. substitution gives
    log(1 + (m/n)(e^ε − 1)); tight here with the 'first record' RR on m = 1."""
    M = Mechanism(Hamming([0, 1], 1), [0, 1], RR(3).rows)
    S = subsample_without_replacement(M, 3, size=1)
    assert S.inputs == Hamming([0, 1], 3)
    assert S.prob(0, (0, 1, 1)) == F(1, 3) * F(3, 4) + F(2, 3) * F(1, 4)
    assert pure_dp(S).witness["ratio"] <= 1 + F(1, 3) * 2
    # add/remove: uniform size-1 subsets of T; the empty set used whole
    A = Mechanism(Subsets(["a", "b"]), [0, 1], [["1/2", "1/2"], ["3/4", "1/4"], ["1/4", "3/4"], ["1/3", "2/3"]])
    W = subsample_without_replacement(A, size=1)
    assert W.prob(0, {"a", "b"}) == (F(3, 4) + F(1, 4)) / 2 and W.prob(0, set()) == F(1, 2)
    with pytest.raises(InvalidArgument):
        subsample_without_replacement(A, 2, size=1)
    # swap space: Bounded(U, n) -> a uniform size-m subset, M on Bounded(U, m)
    from exactpriv import Bounded

    B = Mechanism(Bounded(["a", "b", "c"], 1), [0, 1], [["1/2", "1/2"], ["3/4", "1/4"], ["1/4", "3/4"]])
    W2 = subsample_without_replacement(B, 2, size=1)
    assert W2.inputs == Bounded(["a", "b", "c"], 2)
    assert W2.prob(0, {"a", "b"}) == (F(1, 2) + F(3, 4)) / 2
    with pytest.raises(InvalidArgument):
        subsample_without_replacement(B, 0, size=1)


def test_group_space_and_group_privacy_dwork_roth():
    """Dwork–Roth (2014) Thm 2.2: ε-DP gives kε for groups of size k (RR on D^2, k = 2: tight)."""
    M = zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=3)
    G = group(M, 2)
    assert pure_dp(G).value == group_privacy(M, 2).value
    assert compare(pure_dp(G).value, "<=", 2 * pure_dp(M).value.to_sympy()).is_true
    E = group(M, 2, exact=True)
    assert all(M.inputs.distance(a, b) == 2 for a, b in E.inputs.graph().edges)
    assert E.rows == M.rows


def _shuffle_from_definition(R, x):
    """P(counts | x) by summing over all report tuples (the definition)."""
    out = {}
    for ys in itertools.product(range(len(R.outputs)), repeat=len(x)):
        p = F(1)
        for v, y in zip(x, ys):
            p *= R.rows[R.inputs.index((v,))][y]
        c = tuple(ys.count(j) for j in range(len(R.outputs)))
        out[c] = out.get(c, F(0)) + p
    return out


@pytest.mark.parametrize("n", [1, 2, 3])
def test_shuffle_matches_the_definition(n):
    R = zoo.randomized_response(3, exp_eps=2)
    S = shuffle(R, n)
    for x in S.inputs.points:
        ref = _shuffle_from_definition(R, x)
        for c in S.outputs:
            assert S.prob(c, x) == ref.get(c, F(0))


def test_shuffle_amplifies_approximate_not_pure_dp():
    """Shuffling does not amplify pure DP (the all-equal reports (n, 0) keep the ratio e^ε0 of
    one user's report), but it does amplify (ε, δ): at e^ε = 2 < 3 the shuffled RR has a
    smaller δ than RR alone (Balle, Bell, Gascón, Nissim, CRYPTO 2019, §1)."""
    R = RR(3)
    for n in (2, 3, 4):
        S = shuffle(R, n)
        assert pure_dp(S).value == pure_dp(R).value
        assert approx_dp(S).value.delta(exp_eps=2) < approx_dp(R).value.delta(exp_eps=2)


def test_shuffle_size_is_checked_before_enumerating():
    with pytest.raises(SpaceTooLargeError):
        shuffle(zoo.randomized_response(4, exp_eps=2), 40)


def test_poisson_subsampling_symbolic_eps_matches_bbg_for_all_eps():
    """Balle–Barthe–Gaboardi's amplification bound log(1 + q(e^ε − 1)) is attained, as a closed form
    in ε, by Poisson subsampling of ε-RR on one entity (add/remove)."""
    base = Mechanism(Subsets(["u"]), [0, 1], zoo.randomized_response(2, eps=EPS).rows)
    q = F(1, 3)
    value = pure_dp(poisson_subsample(base, q)).value
    assert sympy.simplify(sympy.exp(value) - (1 + sympy.Rational(1, 3) * (sympy.exp(EPS) - 1))) == 0


def test_size_checks_print_the_space_only_when_they_refuse(monkeypatch):
    """The operators' size checks name the space in their error; its repr is built only then (a large space's
    repr lists its points)."""
    printed = []
    plain = Subsets.__repr__

    def counted(self):
        printed.append(1)
        return plain(self)

    monkeypatch.setattr(Subsets, "__repr__", counted)
    base = Mechanism(Subsets(["u"]), [0, 1], RR(3).rows, name="base")  # (a name: its label needs no repr)
    poisson_subsample(base, F(1, 3))
    subsample_without_replacement(Mechanism(Subsets(["a", "b"]), [0, 1], [["1/2", "1/2"]] * 4, name="A"), size=1)
    assert printed == []
    from exactpriv.spaces import set_enumeration_limit

    old = set_enumeration_limit(2)
    try:
        with pytest.raises(SpaceTooLargeError, match=r"Poisson subsampling on Subsets\("):
            poisson_subsample(base, F(1, 3))
    finally:
        set_enumeration_limit(old)
    assert printed
