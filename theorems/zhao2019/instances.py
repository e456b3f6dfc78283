"""Instance families for Zhao's mechanism-level claims: hand-made minimal witnesses, zoo, seeded random.

Jun Zhao, "Relations Among Different Privacy Notions" (arXiv:1911.00761).  Small exact instances on
D^n (n ≤ 3, |D| ≤ 3, |D|^n ≤ 9 by default; 27 databases in the slow family), 2-3 outputs, with
uniform, product, strongly correlated (near-diagonal), perfectly correlated (diagonal), point-mass and
random priors.  The minimal instances come first so that refutations are found on them; readings
filter the families through their hypotheses (full-support priors, positive mechanisms).
"""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

from exactpriv.claims import Family, Instance
from exactpriv.distributions import Prior
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

__all__ = ["DEF_FAMILIES", "MECH_FAMILIES", "MINIMAL", "RANDOM_BIG", "RANDOM_CORR", "RANDOM_POS", "RANDOM_PRODUCT", "ZOO",
           "make_family", "make_instance", "make_mechanism"]

_F = Fraction


def _H(m: int, n: int) -> Hamming:
    return Hamming(tuple(range(m)), n)


def make_mechanism(space, rows, outputs=None) -> Mechanism:
    rows = [[_F(v) for v in r] for r in rows]
    return Mechanism(space, list(outputs if outputs is not None else range(len(rows[0]))), rows)


def _product_mech(factor_rows, n: int) -> Mechanism:
    """n records, each passed independently through the same channel (rows per value)."""
    m = len(factor_rows)
    sp = _H(m, n)
    ny = len(factor_rows[0])
    outs = list(itertools.product(range(ny), repeat=n))
    rows = []
    for x in sp.points:
        rows.append([prod(factor_rows[x[j]][y[j]] for j in range(n)) for y in outs])
    return Mechanism(sp, outs, rows)


def prod(it):
    out = Fraction(1)
    for v in it:
        out *= v
    return out


def rpmf(rng, k, *, zeros: bool, den: int = 6):
    while True:
        w = [rng.randint(0 if zeros else 1, den) for _ in range(k)]
        if sum(w):
            return [Fraction(a, sum(w)) for a in w]


def _near_diagonal(sp: Hamming, mass_off: Fraction) -> Prior:
    """All records equal with probability 1 − mass_off (spread uniformly on the diagonal),
    the rest uniform on the other points: a strongly correlated full-support prior."""
    diag = [x for x in sp.points if len(set(x)) == 1]
    off = [x for x in sp.points if len(set(x)) > 1]
    pmf = [((1 - mass_off) / len(diag)) if len(set(x)) == 1 else (mass_off / len(off)) for x in sp.points]
    return Prior(sp, pmf)


def _diagonal(sp: Hamming) -> Prior:
    """Perfectly correlated records (all equal), uniform on the diagonal."""
    diag = [x for x in sp.points if len(set(x)) == 1]
    return Prior(sp, [Fraction(1, len(diag)) if len(set(x)) == 1 else Fraction(0) for x in sp.points])


def make_instance(label, M, prior=None, **params) -> Instance:
    return Instance(label, M, prior, params)


@functools.lru_cache(maxsize=None)
def _minimal_instances() -> tuple:
    """Hand-made smallest instances (first, so that refutations are found on them)."""
    sp1 = _H(2, 1)
    sp13 = _H(3, 1)
    sp2 = _H(2, 2)
    zero_col = make_mechanism(sp1, [[0, 1], [_F(1, 2), _F(1, 2)]])  # output 0 impossible when record = ⊥
    rr = make_mechanism(sp1, [[_F(3, 4), _F(1, 4)], [_F(1, 4), _F(3, 4)]])
    three = make_mechanism(sp13, [[_F(1, 2), _F(1, 2)], [_F(1, 2), _F(1, 2)], [_F(1, 4), _F(3, 4)]])
    rr2 = _product_mech([[_F(3, 4), _F(1, 4)], [_F(1, 4), _F(3, 4)]], 2)
    # equal rows on the diagonal (so BDP = 0 under the diagonal prior), other rows differ
    two_out = make_mechanism(sp2, [[_F(1, 2), _F(1, 2)], [_F(3, 4), _F(1, 4)], [_F(1, 4), _F(3, 4)], [_F(1, 2), _F(1, 2)]])
    # a noisy count of ones with two outputs (P(Y = 1 | count c) = 1/4, 1/2, 3/4)
    count2 = make_mechanism(sp2, [[_F(1, 4), _F(3, 4)], [_F(1, 2), _F(1, 2)], [_F(1, 2), _F(1, 2)], [_F(3, 4), _F(1, 4)]])
    return (
        make_instance("min/zero-column/uniform", zero_col, Prior.uniform(sp1)),
        make_instance("min/rr(3/4)/point-mass", rr, Prior.point_mass(sp1, (1,))),
        make_instance("min/rr(3/4)/uniform", rr, Prior.uniform(sp1)),
        make_instance("min/D3/zero-at-bot", three, Prior(sp13, [0, _F(1, 2), _F(1, 2)])),
        make_instance("min/2-output-n2/diagonal", two_out, _diagonal(sp2)),
        make_instance("min/count-2-outputs/near-diagonal(1/10)", count2, _near_diagonal(sp2, _F(1, 10))),
        make_instance("min/rr2(3/4)/near-diagonal(1/50)", rr2, _near_diagonal(sp2, _F(1, 50))),
        make_instance("min/rr2(3/4)/diagonal", rr2, _diagonal(sp2)),
    )


@functools.lru_cache(maxsize=None)
def _zoo_instances() -> tuple:
    """Randomized response, product randomized response, the exponential mechanism and
    geometric count queries, with uniform, product, correlated and degenerate priors."""
    out = []
    for k, e in ((2, 3), (2, _F(3, 2)), (3, 2)):
        M = zoo.randomized_response(k, exp_eps=e)
        sp = M.inputs
        skew = [_F(j + 1, k * (k + 1) // 2) for j in range(k)]
        out += [make_instance(f"rr(k={k},e^eps={e})/uniform", M, Prior.uniform(sp)),
                make_instance(f"rr(k={k},e^eps={e})/skewed", M, Prior(sp, skew))]
    for e in (_F(3), _F(3, 2)):
        a = e / (1 + e)
        M = _product_mech([[a, 1 - a], [1 - a, a]], 2)
        sp = M.inputs
        out += [make_instance(f"rr2(e^eps={e})/uniform", M, Prior.uniform(sp)),
                make_instance(f"rr2(e^eps={e})/product", M, Prior.product(sp, [[_F(1, 3), _F(2, 3)], [_F(3, 4), _F(1, 4)]])),
                make_instance(f"rr2(e^eps={e})/near-diagonal(1/10)", M, _near_diagonal(sp, _F(1, 10))),
                make_instance(f"rr2(e^eps={e})/diagonal", M, _diagonal(sp))]
    em = zoo.exponential_mechanism_hamming((0, 1), 2, exp_eps=2)
    out += [make_instance("exp-mech(n=2,e^eps=2)/uniform", em, Prior.uniform(em.inputs)),
            make_instance("exp-mech(n=2,e^eps=2)/near-diagonal(1/5)", em, _near_diagonal(em.inputs, _F(1, 5)))]
    for n, e in ((2, 2), (3, _F(3, 2))):
        cq = zoo.count_query_geometric(n, exp_eps=e)
        sp = cq.inputs
        out += [make_instance(f"count-geo(n={n},e^eps={e})/uniform", cq, Prior.uniform(sp)),
                make_instance(f"count-geo(n={n},e^eps={e})/near-diagonal(1/20)", cq, _near_diagonal(sp, _F(1, 20))),
                make_instance(f"count-geo(n={n},e^eps={e})/diagonal", cq, _diagonal(sp))]
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _random_instances(seed: int, count: int, kind: str) -> tuple:
    """Seeded random exact instances on D^n (n ≤ 3, |D| ≤ 3, |D|^n ≤ 9), 2-3 outputs.

    kind: "any" (zeros allowed in mechanisms and priors), "full" (full-support priors,
    mechanisms with zeros), "positive-full" (positive mechanisms, full-support priors),
    "product" (independent full-support records), "correlated" (positive mechanisms,
    near-diagonal full-support priors)."""
    rng = random.Random(seed)
    out = []
    shapes = [(2, 1), (3, 1), (2, 2), (3, 2), (2, 3)]
    for t in range(count):
        m, n = shapes[t % len(shapes)]
        sp = _H(m, n)
        ny = rng.choice((2, 3))
        pos = kind in ("positive-full", "correlated")
        M = make_mechanism(sp, [rpmf(rng, ny, zeros=not pos) for _ in sp.points])
        if kind == "any":
            prior = Prior(sp, rpmf(rng, sp.size, zeros=True))
        elif kind == "product":
            prior = Prior.product(sp, [rpmf(rng, m, zeros=False) for _ in range(n)])
        elif kind == "correlated":
            if n > 1:
                prior = _near_diagonal(sp, Fraction(1, rng.choice((10, 50))))
            else:
                prior = Prior(sp, rpmf(rng, m, zeros=False))
        else:
            prior = Prior(sp, rpmf(rng, sp.size, zeros=False))
        out.append(make_instance(f"random[{kind},seed={seed}]#{t}(m={m},n={n},|Y|={ny})", M, prior))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _random_big_instances(seed: int, count: int) -> tuple:
    """Slow family: n = 3 records with |D| = 3 (27 databases), correlated and random priors."""
    rng = random.Random(seed)
    sp = _H(3, 3)
    out = []
    for t in range(count):
        pos = t % 2 == 0
        M = make_mechanism(sp, [rpmf(rng, 3, zeros=not pos) for _ in sp.points])
        prior = _near_diagonal(sp, _F(1, 20)) if t % 3 == 0 else Prior(sp, rpmf(rng, sp.size, zeros=t % 3 == 2))
        out.append(make_instance(f"random-big[seed={seed}]#{t}", M, prior))
    return tuple(out)


def make_family(name, build, description, slow=False) -> Family:
    return Family(name, build, description, slow)


MINIMAL = make_family("minimal", _minimal_instances, "hand-made smallest instances (zero columns, zero at ⊥, diagonals)")
ZOO = make_family("zoo", _zoo_instances, "randomized response (k=2,3), product RR on {0,1}^2, exponential mechanism, "
                                  "geometric count queries; uniform/product/correlated/diagonal priors")
RANDOM_ANY = make_family("random-any", lambda: _random_instances(11, 40, "any"),
                  "40 seeded random mechanisms and priors with zeros (n ≤ 3, |D| ≤ 3)")
RANDOM_FULL = make_family("random-full", lambda: _random_instances(12, 25, "full"),
                   "25 random mechanisms (zeros allowed) with full-support random priors")
RANDOM_POS = make_family("random-positive-full", lambda: _random_instances(13, 30, "positive-full"),
                  "30 positive random mechanisms with full-support random priors")
RANDOM_PRODUCT = make_family("random-product", lambda: _random_instances(14, 20, "product"),
                      "20 random mechanisms with independent full-support records")
RANDOM_CORR = make_family("random-correlated", lambda: _random_instances(15, 20, "correlated"),
                   "20 positive random mechanisms with strongly correlated full-support priors")
RANDOM_BIG = make_family("random-n3-D3", lambda: _random_big_instances(16, 30),
                  "30 random mechanisms on {0,1,2}^3 (27 databases)", slow=True)

#: the families of the mechanism-level readings (hypotheses filter the instances)
MECH_FAMILIES = (MINIMAL, ZOO, RANDOM_CORR, RANDOM_ANY, RANDOM_FULL, RANDOM_POS, RANDOM_PRODUCT, RANDOM_BIG)
DEF_FAMILIES = (MINIMAL, ZOO, make_family("random-any-small", lambda: _random_instances(21, 15, "any"),
                                   "15 random instances with zeros"),
                make_family("random-correlated-small", lambda: _random_instances(22, 10, "correlated"),
                     "10 correlated random instances"))

