"""The brute-force mutual-information privacy of Zhao (Def. 3) sums each output event's probability once and
shares it between the ratio and the posteriors: it must give exactly what the plain formulas give, event by
event, on every kind of instance (zeros, full support, correlated priors, both readings of the remaining
records, both null-event conventions)."""

import itertools
from fractions import Fraction

import pytest

from exactpriv.exact.numbers import OO
from theorems.zhao2019 import brute_force as bf
from theorems.zhao2019.instances import _random_instances, _zoo_instances
from theorems.zhao2019.steps import lt


def _plain_event_max_ratio(P, Q, events):
    best = None
    for E in events:
        a = sum((P[k] for k in E), Fraction(0))
        b = sum((Q[k] for k in E), Fraction(0))
        if a == 0 and b == 0:
            continue
        r = OO if b == 0 else a / b
        if best is None or lt(best, r):
            best = r
            if r == OO:
                return r
    return best


def _plain_brute_mp(T, remaining, ps=(Fraction(1, 2), Fraction(1, 100))):
    """Def. 3 straight from (21)-(22): every event's probabilities summed afresh for every p."""
    events = bf.output_events(T.ny)
    a_max, g_max = Fraction(1), Fraction(1)
    for i in range(T.n):
        for K in bf.subsets_of([j for j in range(T.n) if j != i]):
            for xk in bf._configs(T, K):
                for a, b in itertools.permutations(T.alphabets[i], 2):
                    u = bf._two_point_likelihood(T, i, a, K, xk, remaining)
                    w = bf._two_point_likelihood(T, i, b, K, xk, remaining)
                    if u is None or w is None:
                        continue
                    r, gam = _plain_pair(u, w, events, ps)
                    if r is not None and lt(a_max, r):
                        a_max = r
                    if gam is not None and lt(g_max, gam):
                        g_max = gam
    return a_max, g_max


def _instances():
    yield from _zoo_instances()[:8]
    for kind in ("any", "full", "correlated"):
        yield from _random_instances(7, 5, kind)


@pytest.mark.parametrize("remaining", ["conditional", "marginal"])
@pytest.mark.parametrize("null_events", bf.NULL_EVENTS)
def test_shared_event_sums_equal_the_plain_formulas(remaining, null_events):
    for inst in _instances():
        T = bf.Tables(inst.mechanism, inst.prior, null_events)
        got = bf._brute_mp(T, remaining)
        assert got == _plain_brute_mp(T, remaining), inst.label
        assert all(type(v) is type(w) for v, w in zip(got, _plain_brute_mp(T, remaining)))
        events = bf.output_events(T.ny)
        for x, y in itertools.permutations(range(len(T.rows)), 2):
            assert bf.event_max_ratio(T.rows[x], T.rows[y], events) == \
                _plain_event_max_ratio(T.rows[x], T.rows[y], events)


def test_lt_on_fractions_and_infinity():
    assert lt(Fraction(1, 3), Fraction(1, 2)) and not lt(Fraction(1, 2), Fraction(1, 2))
    assert lt(Fraction(5), OO) and not lt(OO, Fraction(5)) and not lt(OO, OO)


def _plain_pair(u, w, events, ps):
    """(event ratio max, γ max) of one pair of likelihood rows from the Fraction formulas of Def. 3."""
    r = _plain_event_max_ratio(u, w, events)
    g = None
    for p in ps:
        for E in events:
            pu = sum((u[k] for k in E), Fraction(0))
            pw = sum((w[k] for k in E), Fraction(0))
            pe = p * pu + (1 - p) * pw
            if pe == 0:
                continue
            post_in, post_out = p * pu / pe, (1 - p) * pw / pe
            gam = max(post_in / p, OO if post_out == 0 else (1 - p) / post_out)
            if g is None or lt(g, gam):
                g = gam
    return r, g


def test_integer_pair_path_equals_the_fraction_formulas():
    """The integer path of one pair (lcm denominators, cross-multiplied comparisons) against the Fraction formulas,
    on every ordered pair of rows of the instances, other grids of p too; rows with zeros give +oo ratios."""
    infinite = finite = 0
    for inst in _instances():
        rows = inst.mechanism.rows
        events = bf.output_events(len(rows[0]))
        for ps in ((Fraction(1, 2), Fraction(1, 100)), (Fraction(3, 7),), (Fraction(99, 100), Fraction(1, 3))):
            for x, y in itertools.permutations(range(len(rows)), 2):
                got = bf._pair_in_integers(rows[x], rows[y], events, ps)
                want = _plain_pair(rows[x], rows[y], events, ps)
                assert got == want and all(type(a) is type(b) for a, b in zip(got, want)), (inst.label, x, y)
                infinite += OO in got
                finite += OO not in got
    assert infinite and finite  # both regimes were exercised


def test_statistical_distance_in_integers_equals_the_fraction_brute_force():
    """SD(P, Q) by the integer path (lcm denominators) equals max over events S of |P(S) − Q(S)| summed in Fractions,
    on random beliefs with zeros and on equal beliefs."""
    import random

    rng = random.Random(3)
    for _ in range(60):
        k = rng.randint(1, 6)
        wp, wq = [rng.randint(0, 4) for _ in range(k)], [rng.randint(0, 4) for _ in range(k)]
        if not sum(wp) or not sum(wq):
            continue
        P, Q = [Fraction(w, sum(wp)) for w in wp], [Fraction(w, sum(wq)) for w in wq]
        sup = [i for i in range(k) if P[i] or Q[i]]
        want = max([abs(sum((P[i] - Q[i] for i in S), Fraction(0)))
                    for r in range(1, len(sup) + 1) for S in itertools.combinations(sup, r)], default=Fraction(0))
        for a, b in ((P, Q), (Q, P), (P, P)):
            got = bf.statistical_distance(a, b)
            assert type(got) is Fraction
            assert got == (want if a is not b else 0)


def test_posteriors_equal_bayes_formula():
    """posteriors (each weight·likelihood formed once) equal (b·u)/Σ b·u and (b·v)/Σ b·v, None on a zero normaliser."""
    import random

    rng = random.Random(9)
    for _ in range(50):
        k = rng.randint(1, 5)
        b = [Fraction(rng.randint(0, 5), 7) for _ in range(k)]
        u = [Fraction(rng.randint(0, 3), 4) for _ in range(k)]
        v = [Fraction(rng.randint(0, 3), 5) for _ in range(k)]
        z0 = sum((x * y for x, y in zip(b, u)), Fraction(0))
        zi = sum((x * y for x, y in zip(b, v)), Fraction(0))
        want = None if z0 == 0 or zi == 0 else ([x * y / z0 for x, y in zip(b, u)], [x * y / zi for x, y in zip(b, v)])
        assert bf.posteriors(b, u, v) == want
