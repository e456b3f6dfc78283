"""Instance families of Cuff–Yu §§1–3: pairs of exact pmfs and small exact mechanisms.

Instance families of Cuff and Yu, "Differential Privacy as a Mutual Information Constraint" (ACM CCS 2016),
§§1–3.

* pairs of exact pmfs ``params = {"P": ..., "Q": ...}``: every pair on 2 points (denominator 4) and on 3
  points (denominator 3), seeded random pairs with zeros, and the binary pairs (γ, 1)/(1 + γ) that are
  extremal for Property 1 (Appendix A);
* exact rational mechanisms on small Hamming spaces: the zoo (randomized response, BSC, erasure channels,
  the geometric count query, E_d, Example 5.1, the one-time pad, a constant and a Z-channel), seeded random
  mechanisms (zeros allowed), and binary symmetric channels.
Slow families (more random instances) run with ``include_slow``.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction

from exactpriv.claims import Family, Instance, param_domain, pmf_params
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

# ======================================================================================
# instance families
# ======================================================================================
def rpmf(rng: random.Random, k: int, den: int, *, positive: bool = False):
    """A random exact pmf on k points with denominator den (zeros allowed unless positive)."""
    if positive:
        den = max(den, k)
        cuts = sorted(rng.sample(range(1, den), k - 1))
    else:
        cuts = sorted(rng.randint(0, den) for _ in range(k - 1))
    return tuple(Fraction(b - a, den) for a, b in zip([0] + cuts, cuts + [den]))


def pair_instance(label, P, Q, **params):
    return Instance(label, params={"P": tuple(P), "Q": tuple(Q), **params})


@functools.lru_cache(maxsize=None)
def _pairs_exhaustive():
    """Every pair of pmfs on 2 points with denominator 4, and on 3 points with denominator 3."""
    out = []
    two = [(Fraction(a, 4), Fraction(4 - a, 4)) for a in range(5)]
    three = [(Fraction(a, 3), Fraction(b, 3), Fraction(3 - a - b, 3)) for a in range(4) for b in range(4 - a)]
    for P in two:
        for Q in two:
            out.append(pair_instance(f"P={list(map(str, P))} Q={list(map(str, Q))}", P, Q))
    for P in three:
        for Q in three:
            out.append(pair_instance(f"P={list(map(str, P))} Q={list(map(str, Q))}", P, Q))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _pairs_random(seed: int = 2016, count: int = 60):
    """Seeded random exact pairs on 2–5 points, denominators 2–12, zeros allowed for 1/3."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        size = rng.choice([2, 3, 4, 5])
        den = rng.choice([2, 3, 4, 5, 6, 8, 10, 12])
        pos = rng.random() < 2 / 3
        P, Q = rpmf(rng, size, den, positive=pos), rpmf(rng, size, rng.choice([3, 5, 7, 12]), positive=pos)
        out.append(pair_instance(f"random pair #{k} (seed {seed})", P, Q))
    return tuple(out)


#: e^ε values of the binary extremal pairs (Appendix A): P = (γ, 1)/(1+γ), Q = (1, γ)/(1+γ).
_RR_GAMMAS = (Fraction(1), Fraction(101, 100), Fraction(11, 10), Fraction(3, 2), Fraction(2), Fraction(3),
              Fraction(4), Fraction(10), Fraction(100))


def _rr_pair(g: Fraction):
    return (g / (1 + g), 1 / (1 + g)), (1 / (1 + g), g / (1 + g))


@functools.lru_cache(maxsize=None)
def _pairs_rr():
    out = []
    for g in _RR_GAMMAS:
        P, Q = _rr_pair(g)
        out.append(pair_instance(f"binary pair e^eps={g}", P, Q, gamma=g))
    return tuple(out)


PAIRS_EXHAUSTIVE = Family("pairs-exhaustive", _pairs_exhaustive,
                          "all pmf pairs on 2 points (denominator 4) and on 3 points (denominator 3)")
PAIRS_RANDOM = Family("pairs-random", _pairs_random, "60 seeded random exact pairs on 2–5 points, zeros allowed")
PAIRS_RANDOM_SLOW = Family("pairs-random-large", lambda: _pairs_random(2017, 600),
                           "600 more seeded random exact pairs (seed 2017)", slow=True)
PAIRS_RR = Family("pairs-binary-extremal", _pairs_rr,
                  "binary pairs P=(γ,1)/(1+γ), Q=(1,γ)/(1+γ) for e^ε=γ in " + ", ".join(map(str, _RR_GAMMAS)))
PAIR_FAMILIES = (PAIRS_RR, PAIRS_EXHAUSTIVE, PAIRS_RANDOM, PAIRS_RANDOM_SLOW)
#: what a pair instance's parameters are (Definition 4: "two probability distributions P and Q over the same
#: measurable space"; the extremal pairs' γ = e^ε, ε >= 0): declared, so a search may draw them (issue 23)
PAIR_HYPOTHESES = (
    pmf_params("P", "Q", text="P and Q are probability distributions over the same (finite) space (Definition 4)"),
    param_domain("gamma", lo=1, optional=True, text="γ = e^ε >= 1 (ε >= 0), the level of a binary extremal pair"),
)


def mech(label, M, **params):
    return Instance(label, mechanism=M, params=params)


_SPACES = (
    Hamming([0, 1], 1),
    Hamming([0, 1, 2], 1),
    Hamming([0, 1], 2),
    Hamming.product([[0, 1], [0, 1, 2]]),
)


@functools.lru_cache(maxsize=None)
def mechs_random(seed: int = 2016, count: int = 32):
    """Seeded random exact mechanisms on small Hamming spaces (1–2 records, alphabets 2–3),
    2–4 outputs, row denominators 2–6; half of them with zeros allowed."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        space = _SPACES[k % len(_SPACES)]
        ny = rng.choice([2, 3, 4] if space.size <= 3 else [2, 3])
        pos = rng.random() < 1 / 2
        rows = [rpmf(rng, ny, rng.choice([2, 3, 4, 5, 6]), positive=pos) for _ in space.points]
        out.append(mech(f"random mechanism #{k} (seed {seed})", Mechanism(space, list(range(ny)), rows)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _mechs_zoo():
    F = Fraction
    z = [
        zoo.randomized_response(2, exp_eps=1),
        zoo.randomized_response(2, exp_eps=2),
        zoo.randomized_response(2, exp_eps=3),
        zoo.randomized_response(3, exp_eps=2),
        zoo.binary_symmetric_channel(F(0)),
        zoo.binary_symmetric_channel(F(1, 10)),
        zoo.binary_symmetric_channel(F(1, 3)),
        zoo.erasure_channel(2, F(1, 2)),
        zoo.erasure_channel(3, F(1, 3)),
        zoo.erasure_channel(4, F(1)),
        zoo.count_query_geometric(2, exp_eps=2),
        zoo.exponential_mechanism_hamming([0, 1], 2, exp_eps=2),
        zoo.cuff_example_5_1(2, F(1, 2)),
        zoo.one_time_pad(2, part="both"),
        Mechanism(Hamming([0, 1], 2), ["a", "b"], [[F(1, 3), F(2, 3)]] * 4),  # constant: every level 0
        Mechanism(Hamming([0, 1], 1), [0, 1], [[F(1), F(0)], [F(1, 2), F(1, 2)]]),  # Z-channel
    ]
    return tuple(mech(repr(M), M) for M in z)


MECHS_ZOO = Family("mechanisms-zoo", _mechs_zoo,
                   "randomized response, BSC, erasure channels, geometric count query, E_d, Ex. 5.1, "
                   "one-time pad, a constant and a Z-channel (all exact)")
MECHS_RANDOM = Family("mechanisms-random", mechs_random,
                      "32 seeded random exact mechanisms on {0,1}, {0,1,2}, {0,1}^2, {0,1}x{0,1,2}")
MECHS_RANDOM_SLOW = Family("mechanisms-random-large", lambda: mechs_random(2017, 160),
                           "160 more seeded random exact mechanisms (seed 2017)", slow=True)
MECH_FAMILIES = (MECHS_ZOO, MECHS_RANDOM, MECHS_RANDOM_SLOW)

_BSC_PS = (Fraction(0), Fraction(1, 100), Fraction(1, 10), Fraction(1, 4), Fraction(1, 3), Fraction(2, 5),
           Fraction(49, 100), Fraction(1, 2), Fraction(3, 4))


@functools.lru_cache(maxsize=None)
def _mechs_bsc():
    return tuple(mech(f"BSC(p={p})", zoo.binary_symmetric_channel(p), p=p) for p in _BSC_PS)


MECHS_BSC = Family("binary-symmetric-channels", _mechs_bsc,
                   "BSC with crossover p in " + ", ".join(map(str, _BSC_PS)))
