"""Differential testing of the fast measures against :mod:`exactpriv.measures.reference` (issue 9).

Hypothesis strategies for instances in every regime that sends the fast code down another path
(read from the fast modules):

* ``_scan`` (pure/TV/KL/Rényi/free lunch/δ-profile): value codes with K ≤ 16 (packed) and
  16 < K ≤ 256 distinct entries; more than 256 distinct entries (float filter + exact decision),
  with distinct and with equal row denominators; entries beyond int64 (object arrays, exhaustive
  exact scan); support gaps (+oo); exact ties (rows that are permutations of one another);
* ``bayesian``/``semantic``/``membership`` tensors: priors with full support, with zeros,
  point masses (every conditioning event but one null), independent records (Prior.product),
  the null-event conventions, both Game-i readings, other ⊥ defaults;
* ``information``/``sibson``: closed-form capacities (identical rows, symmetric channels, erasure
  columns) against the Blahut–Arimoto path; orders α of both kinds;
* product mechanisms (fast paths that add per-factor values) and symbolic families in eps
  (closed forms, compared at eps = log r for rational r > 1);
* every space type: Hamming, Subsets, Bounded, GraphSpace.

:func:`check` compares one fast value with its reference and raises AssertionError on a mismatch.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import networkx as nx
import sympy
from hypothesis import strategies as st

from exactpriv.distributions import Prior
from exactpriv.exact.numbers import EPS
from exactpriv.measures import REGISTRY, compute
from exactpriv.measures.reference import agree, reference
from exactpriv.mechanisms.base import Mechanism, ProductMechanism
from exactpriv.mechanisms.zoo import (
    erasure_channel,
    exponential_mechanism_hamming,
    randomized_response,
    truncated_geometric,
)
from exactpriv.spaces import Bounded, GraphSpace, Hamming, Subsets

RECORD_SPACES = [Hamming((0, 1), 1), Hamming((0, 1, 2), 1), Hamming((0, 1), 2), Hamming((0, 1, 2), 2),
                 Hamming((0, 1), 3), Subsets(("a",)), Subsets(("a", "b")), Subsets(("a", "b", "c"))]
OTHER_SPACES = [Bounded(("a", "b", "c"), 2), Bounded(("a", "b", "c", "d"), 2), Bounded(("a", "b", "c"), 1),
                GraphSpace(nx.cycle_graph(4)), GraphSpace(nx.path_graph(3))]
ALL_SPACES = RECORD_SPACES + OTHER_SPACES

#: notions defined on every space, on record spaces only, and on datasets only
ANY_SPACE = ("pure_dp", "approx_dp", "tv_dp", "kl_dp", "renyi_dp", "free_lunch", "capacity", "mi_privacy",
             "sibson_mi", "adversarial_privacy", "identifiability", "min_entropy_leakage", "privacy_loss_distribution",
             "probabilistic_dp", "f_dp", "zcdp")
RECORDS = ("mi_dp", "conditional_mi", "bayesian_dp", "identity_dp", "semantic_privacy", "bayesian_semantic_privacy",
           "positive_membership", "negative_membership")
DATASETS = ("positive_udp", "negative_udp", "bounded_dp")
#: notions whose fast code reads symbolic (eps) mechanisms
SYMBOLIC = ("pure_dp", "free_lunch", "capacity", "mi_dp", "mi_privacy", "conditional_mi", "sibson_mi")
#: the scan-engine notions, for the large-output regimes
SCAN = ("pure_dp", "approx_dp", "tv_dp", "kl_dp", "renyi_dp", "free_lunch", "privacy_loss_distribution",
        "probabilistic_dp")
#: profile-valued notions, also compared at irrational e^eps
PROFILES = ("approx_dp", "privacy_loss_distribution", "probabilistic_dp")


def spaces_for(name):
    if name in DATASETS:
        return [s for s in ALL_SPACES if isinstance(s, (Subsets, Bounded))
                and (name == "bounded_dp" or isinstance(s, Subsets))]
    if name in ("positive_membership", "negative_membership"):
        return [s for s in ALL_SPACES if isinstance(s, (Hamming, Subsets, Bounded))]
    if name in RECORDS:
        return RECORD_SPACES
    return ALL_SPACES


# ----------------------------------------------------------------------------- mechanisms
def _normalise(w):
    s = sum(w)
    return [F(a, s) for a in w]


@st.composite
def weight_vector(draw, n, *, zeros=True, top=6):
    w = draw(st.lists(st.integers(0 if zeros else 1, top), min_size=n, max_size=n))
    if not any(w):
        w[draw(st.integers(0, n - 1))] = 1
    return w


@st.composite
def mechanisms(draw, space, regime):
    """A rational mechanism on ``space`` in the named regime."""
    N = space.size
    rng = random.Random(draw(st.integers(0, 2 ** 32)))  # for regimes whose point is *many* distinct values
    if regime in ("generic", "positive"):
        ny = draw(st.integers(1, 4))
        rows = [_normalise(draw(weight_vector(ny, zeros=regime == "generic", top=6))) for _ in range(N)]
    elif regime == "many_values":  # 16 < K <= 256 distinct entries on the larger spaces (unpacked codes):
        ny = rng.randint(4, 6)       # random compositions of one total, so the common denominator stays small
        rows = []
        for _ in range(N):
            cuts = sorted(rng.randint(0, 120) for _ in range(ny - 1))
            rows.append([F(b - a, 120) for a, b in zip([0] + cuts, cuts + [120])])
    elif regime == "equal_denominators":  # every row a permutation of one weight vector: ties, one denominator
        ny = draw(st.integers(2, 4))
        base = draw(weight_vector(ny, top=9))
        rows = [_normalise(list(draw(st.permutations(base)))) for _ in range(N)]
    elif regime == "deterministic":  # point-mass rows: zeros, support gaps, +oo
        ny = draw(st.integers(1, 3))
        rows = [[F(int(y == draw(st.integers(0, ny - 1)))) for y in range(ny)] for _ in range(N)]
        rows = [r if sum(r) == 1 else [F(1)] + [F(0)] * (ny - 1) for r in rows]
    elif regime == "identical_rows":
        ny = draw(st.integers(1, 4))
        row = _normalise(draw(weight_vector(ny)))
        rows = [row] * N
    elif regime == "huge":  # numerators beyond int64: object arrays, exhaustive exact paths
        ny = 2
        rows = [_normalise([rng.randint(2 ** 64, 2 ** 66) for _ in range(ny)]) for _ in range(N)]
    elif regime in ("wide_distinct", "wide_equal"):  # > 256 distinct entries: the float filter
        ny = 300
        base = [rng.randint(1, 10 ** 6) for _ in range(ny)]
        rows = []
        for _ in range(N):
            if regime == "wide_equal":
                w = base[:]
                rng.shuffle(w)
            else:
                w = [rng.randint(0 if rng.random() < 0.05 else 1, 10 ** 6) for _ in range(ny)]
                if not any(w):
                    w[0] = 1
            rows.append(_normalise(w))
    else:  # pragma: no cover
        raise ValueError(regime)
    return Mechanism(space, list(range(len(rows[0]))), rows)


@st.composite
def products(draw, space):
    """A ProductMechanism of two or three small rational mechanisms on one space."""
    k = draw(st.integers(2, 3))
    return ProductMechanism([draw(mechanisms(space, "generic")) for _ in range(k)])


def symbolic_families():
    """Mechanism families in eps (Hamming inputs), for the notions that read them."""
    return [randomized_response(2, eps=EPS), randomized_response(3, eps=EPS), truncated_geometric(2, eps=EPS),
            exponential_mechanism_hamming((0, 1), 2, eps=EPS)]


# ----------------------------------------------------------------------------- priors
@st.composite
def priors(draw, space, kind):
    N = space.size
    if kind == "uniform":
        return Prior.uniform(space)
    if kind == "point":
        return Prior.point_mass(space, space.points[draw(st.integers(0, N - 1))])
    if kind == "product" and isinstance(space, (Hamming, Subsets)):
        margs = []
        for alph in space.records:
            margs.append(_normalise(draw(weight_vector(len(alph), zeros=draw(st.booleans()), top=4))))
        return Prior.product(space, margs)
    w = draw(weight_vector(N, zeros=kind == "zeros", top=5))
    return Prior(space, _normalise(w))


PRIOR_KINDS = ("full", "zeros", "point", "uniform", "product")


# ----------------------------------------------------------------------------- parameters
@st.composite
def params(draw, name, space, prior):
    """Keyword arguments shared by the fast measure and its reference."""
    kw = {}
    if name == "renyi_dp":
        kw["alpha"] = draw(st.sampled_from([2, 3, F(1, 2), F(3, 2)]))
    if name == "sibson_mi":
        kw["alpha"] = draw(st.sampled_from([2, 3, F(1, 2), sympy.oo]))
    if name in ("bayesian_dp", "identity_dp", "bayesian_semantic_privacy"):
        kw["null_events"] = draw(st.sampled_from(["skip_undefined", "skip_null"]))
    if name == "bayesian_semantic_privacy":
        kw["game_i"] = draw(st.sampled_from(["resample", "replace"]))
    if name in ("semantic_privacy", "bayesian_semantic_privacy") and draw(st.booleans()):
        kw["default"] = 1
    if name == "probabilistic_dp":
        kw["variant"] = draw(st.sampled_from(["disclosure_set", "pairwise"]))
    if name == "conditional_mi" and draw(st.booleans()):
        kw["record"] = draw(st.integers(0, space.n_records - 1))
    if name in ("positive_membership", "negative_membership"):
        if isinstance(space, Subsets):
            kw["family"] = draw(st.sampled_from(["uniform", "independent", "one_of_two", "bounded"]))
        elif isinstance(space, Bounded):
            kw["family"] = draw(st.sampled_from(["one_of_two", "bounded"]))
        else:
            kw["family"] = "two_point"
            kw["remaining"] = draw(st.sampled_from(["conditional", "marginal"]))
            kw["null_events"] = draw(st.sampled_from(["skip_undefined", "skip_null"]))
        if kw["family"] != "bounded" and draw(st.booleans()):
            kw["form"] = "eps"
    return kw


def needs_prior(name, kw):
    spec = REGISTRY[name]
    if name in ("positive_membership", "negative_membership"):
        return kw.get("family") == "two_point"
    return spec.needs_prior or spec.optional_prior


# ----------------------------------------------------------------------------- the check
def fast_value(name, M, prior, kw):
    kw = dict(kw)
    if needs_prior(name, kw):
        kw["prior"] = prior
    fn = REGISTRY[name].load()
    if name == "renyi_dp":
        return fn(M, kw.pop("alpha"), **kw)
    if name == "sibson_mi":
        return fn(M, **kw)
    return fn(M, **kw)


def reference_value(name, M, prior, kw):
    kw = dict(kw)
    if needs_prior(name, kw):
        kw["prior"] = prior
    return reference(name, M, **kw)


def check(name, M, prior=None, kw=None):
    """Assert that the fast value of ``name`` agrees with the reference value."""
    kw = dict(kw or {})
    fast = fast_value(name, M, prior, kw)
    ref = reference_value(name, M, prior, kw)
    # irrational e^eps reach the piecewise (pieces/breakpoints) path of the fast δ profile
    irrational = name in PROFILES and len(getattr(M, "outputs", ())) <= 50  # (exact compares per output)
    d = agree(fast, ref, gammas=(sympy.sqrt(2), sympy.sqrt(7)) if irrational else ())
    assert d.is_true, (f"{name} mismatch on {M!r} rows={[list(map(str, r)) for r in getattr(M, 'rows', [])][:6]} "
                       f"prior={None if prior is None else [str(p) for p in prior.pmf]} kw={kw}: fast "
                       f"{fast.value!r} [{fast.lower}, {fast.upper}] vs reference {ref}: {d.reason}")


def check_symbolic(name, M, r, kw=None):
    """Compare a closed form in eps (fast, on the family) at eps = log r with the reference on M(log r)."""
    kw = dict(kw or {})
    prior = Prior.uniform(M.inputs)
    fast = fast_value(name, M, prior, kw)
    Mr = M.subs(eps=sympy.log(r))
    ref = reference_value(name, Mr, prior, kw)

    class _At:  # the fast closed form evaluated at eps = log r (bounds likewise)
        value = None if fast.value is None else sympy.sympify(fast.value.to_sympy() if hasattr(fast.value, "to_sympy")
                                                             else fast.value).subs(EPS, sympy.log(r))
        lower = None if fast.lower is None else _subs(fast.lower, r)
        upper = None if fast.upper is None else _subs(fast.upper, r)

    d = agree(_At, ref)
    assert d.is_true, f"{name} on {M!r} at eps = log {r}: fast {_At.value} vs reference {ref}: {d.reason}"


def _subs(v, r):
    if isinstance(v, F):
        return v
    e = v.to_sympy() if hasattr(v, "to_sympy") else sympy.sympify(v)
    return e.subs(EPS, sympy.log(r))
