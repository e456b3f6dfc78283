"""Hypothesis strategies for exact privacy objects — public, for use in your own tests.

Every strategy yields *valid* exactpriv objects by construction (rows are normalised
integer weight vectors, so they sum to exactly 1; priors with a prescribed independence
structure are built as products over the components of a dependency graph), so searches
never waste draws on filtering.  Shrinking goes towards small spaces, few outputs, small
integer weights and zeros — i.e. towards minimal, readable witnesses.

    from hypothesis import given
    from counterexamples.strategies import mechanisms
    @given(mechanisms())
    def test_kl_below_pure(M): ...
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import networkx as nx
import sympy
from hypothesis import strategies as st

from exactpriv.certify.core import simplest_between
from exactpriv.claims import Instance
from exactpriv.distributions import Prior
from exactpriv.exact.numbers import EPS
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Bounded, GraphSpace, Hamming, Subsets, check_enumerable

__all__ = [
    "pmfs",
    "stochastic_rows",
    "stochastic_matrices",
    "hamming_spaces",
    "subset_spaces",
    "bounded_spaces",
    "graph_spaces",
    "spaces",
    "mechanisms",
    "priors",
    "independent_priors",
    "correlated_priors",
    "priors_with_dependency_graph",
    "k_dependent_priors",
    "symbolic_mechanisms",
    "rational_exp_eps",
    "instances_around",
    "can_vary",
    "positivised",
    "prior_level_instances",
    "declared_strategy",
]


@st.composite
def pmfs(draw, size: int, *, max_weight: int = 8, allow_zero: bool = True, full_support: bool = False,
         near_deterministic: bool | None = None):
    """An exact pmf of length ``size``: integer weights normalised (sum exactly 1).

    ``near_deterministic`` (None = sometimes) puts one weight far above the others, to reach
    the extreme ratios where privacy bounds are tight or break.
    """
    lo = 1 if (full_support or not allow_zero) else 0
    if near_deterministic is None:
        near_deterministic = draw(st.booleans())
    weights = draw(st.lists(st.integers(lo, max_weight), min_size=size, max_size=size))
    if near_deterministic and size > 1:
        k = draw(st.integers(0, size - 1))
        weights[k] = draw(st.integers(max_weight, max_weight * 64))
    if sum(weights) == 0:
        weights[draw(st.integers(0, size - 1))] = 1
    total = sum(weights)
    return tuple(Fraction(w, total) for w in weights)


def stochastic_rows(size: int, **kw):
    """Alias of :func:`pmfs` for one row of a mechanism."""
    return pmfs(size, **kw)


@st.composite
def stochastic_matrices(draw, n_rows: int, n_cols: int, **kw):
    return [draw(pmfs(n_cols, **kw)) for _ in range(n_rows)]


@st.composite
def hamming_spaces(draw, *, max_values: int = 3, max_records: int = 3, max_points: int = 27):
    m = draw(st.integers(2, max_values))
    n_max = max(1, min(max_records, int(math.log(max_points, m) + 1e-9)))
    n = draw(st.integers(1, n_max))
    return Hamming(range(m), n)


@st.composite
def subset_spaces(draw, *, max_universe: int = 3):
    k = draw(st.integers(1, max_universe))
    return Subsets([chr(ord("a") + i) for i in range(k)])


@st.composite
def bounded_spaces(draw, *, max_universe: int = 4):
    u = draw(st.integers(2, max_universe))
    k = draw(st.integers(1, u - 1))
    return Bounded([chr(ord("a") + i) for i in range(u)], k)


@st.composite
def graph_spaces(draw, *, max_points: int = 5, connected: bool = True):
    n = draw(st.integers(2, max_points))
    pairs = list(itertools.combinations(range(n), 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(chosen)
    if connected:
        comps = [sorted(c) for c in nx.connected_components(g)]
        for a, b in zip(comps, comps[1:]):
            g.add_edge(a[0], b[0])
    return GraphSpace(g)


def spaces(*, kinds=("hamming", "subsets", "bounded", "graph"), max_points: int = 27):
    options = {
        "hamming": hamming_spaces(max_points=max_points),
        "subsets": subset_spaces(),
        "bounded": bounded_spaces(),
        "graph": graph_spaces(),
    }
    return st.one_of(*(options[k] for k in kinds))


@st.composite
def mechanisms(draw, space=None, *, n_outputs=None, max_outputs: int = 4, max_weight: int = 8,
               full_support: bool = False, space_strategy=None):
    """A rational mechanism on ``space`` (or a drawn one) with random exact rows."""
    if space is None:
        space = draw(space_strategy if space_strategy is not None else hamming_spaces())
    k = n_outputs if n_outputs is not None else draw(st.integers(2, max_outputs))
    check_enumerable(space.size * k, f"a random mechanism on {space!r} with {k} outputs")
    rows = [draw(pmfs(k, max_weight=max_weight, full_support=full_support)) for _ in range(space.size)]
    return Mechanism(space, list(range(k)), rows, _built=f"Mechanism({space!r}, {list(range(k))}, <drawn>)")


@st.composite
def independent_priors(draw, space, *, full_support: bool = False, max_weight: int = 8):
    """A product prior: records mutually independent (Hamming / Subsets spaces)."""
    marg = [draw(pmfs(len(a), full_support=full_support, max_weight=max_weight)) for a in space.records]
    return Prior.product(space, marg)


@st.composite
def correlated_priors(draw, space, *, full_support: bool = False, max_weight: int = 8):
    """An arbitrary joint pmf on the space's points (dependence allowed, not forced)."""
    return Prior(space, draw(pmfs(space.size, full_support=full_support, max_weight=max_weight)))


def priors(space, *, kind: str = "any", full_support: bool = False):
    """``kind`` = "independent", "correlated" or "any"."""
    if kind == "independent":
        return independent_priors(space, full_support=full_support)
    if kind == "correlated":
        return correlated_priors(space, full_support=full_support)
    if kind == "any":
        return st.one_of(independent_priors(space, full_support=full_support),
                         correlated_priors(space, full_support=full_support))
    raise ValueError(f"kind={kind!r}")


@st.composite
def priors_with_dependency_graph(draw, space, graph: nx.Graph, *, full_support: bool = False):
    """A prior whose records in different connected components of ``graph`` are independent
    (jointly, by construction: the pmf is a product over components of arbitrary joint pmfs)."""
    comps = [sorted(c) for c in nx.connected_components(graph)]
    codes = space.record_codes().tolist()
    comp_pmfs = []
    for comp in comps:
        size = math.prod(len(space.records[i]) for i in comp)
        comp_pmfs.append(draw(pmfs(size, full_support=full_support)))
    pmf = []
    for row in codes:
        p = Fraction(1)
        for comp, cp in zip(comps, comp_pmfs):
            idx = 0
            for i in comp:
                idx = idx * len(space.records[i]) + row[i]
            p *= cp[idx]
        pmf.append(p)
    return Prior(space, pmf)


@st.composite
def k_dependent_priors(draw, space, k: int, *, full_support: bool = False):
    """Every record independent of at least n-k others (Wu–Xia–He Prop. 3): dependency
    components of size at most k, drawn as a random partition of the records."""
    n = len(space.records)
    order = draw(st.permutations(range(n)))
    g = nx.Graph()
    g.add_nodes_from(range(n))
    i = 0
    while i < n:
        size = draw(st.integers(1, max(1, min(k, n - i))))
        block = order[i:i + size]
        g.add_edges_from(zip(block, block[1:]))
        i += size
    return draw(priors_with_dependency_graph(space, g, full_support=full_support))


def rational_exp_eps(*, max_value: int = 9):
    """e^eps as a rational >= 1 (so eps = log of it and entries stay rational)."""
    return st.fractions(min_value=1, max_value=max_value, max_denominator=6)


def symbolic_mechanisms():
    """Zoo families with entries in the symbol eps."""
    return st.sampled_from([
        zoo.randomized_response(2, eps=EPS),
        zoo.randomized_response(3, eps=EPS),
        zoo.truncated_geometric(2, eps=EPS),
        zoo.truncated_geometric(3, eps=EPS),
        zoo.exponential_mechanism_hamming([0, 1], 2, eps=EPS),
        zoo.count_query_geometric(2, eps=EPS),
    ])


# ----------------------------------------------------------------------------- instances around a template
#
# The search tools draw instances *shaped like* a reading's own instances: same space, outputs, parameters
# and extra objects, fresh exact rows, and a prior with the same independence structure.  What the drawn
# instance may still break (a Markov chain, a relation between params and rows) is caught by the reading's
# declared hypotheses, which every evaluation checks first (counterexamples.guard).


def _structure_of(prior: Prior):
    """("independent" | "components" | "joint", dependency graph or None) of a template prior."""
    if prior.space.records is None:
        return "joint", None
    try:
        if isinstance(prior.space, Hamming) or isinstance(prior.space, Subsets):
            if prior.is_mutually_independent():
                return "independent", None
        graph = prior.dependency_graph()
    except Exception:  # a prior whose structure cannot be read exactly is redrawn as a joint pmf
        return "joint", None
    if nx.number_connected_components(graph) > 1:
        return "components", graph
    return "joint", None


def can_vary(template: Instance) -> bool:
    """Whether :func:`instances_around` can draw anything but the template itself (a rational
    mechanism or a prior to redraw)."""
    return (isinstance(template.mechanism, Mechanism) and template.mechanism.is_rational
            and len(template.mechanism.outputs) > 1) or isinstance(template.prior, Prior)


@st.composite
def instances_around(draw, template: Instance, *, positive: bool = False, max_weight: int = 12,
                     free_prior: bool = False):
    """An instance shaped like ``template``: fresh exact rows for its (rational) mechanism — sometimes
    on the template's zero pattern, sometimes with zeros and near-deterministic rows anywhere — and a
    fresh prior that keeps the template prior's independence structure (mutually independent records
    stay independent; independent groups of records stay independent; full support stays full).

    ``positive=True`` draws only positive rows and full-support priors (the boundary test of
    :mod:`counterexamples.findings`).  ``free_prior=True`` (the reading assumes neither independent records
    nor full support) redraws the prior half of the time as an arbitrary joint pmf, zeros allowed: the
    template's structure is then a starting point, not a constraint.  Params and extra objects are the
    template's.
    """
    mech, prior = template.mechanism, template.prior
    if isinstance(mech, Mechanism) and mech.is_rational and len(mech.outputs) > 1:
        keep_zeros = False if positive else draw(st.booleans())
        rows = []
        for row in mech.rows:
            if keep_zeros:
                support = [j for j, v in enumerate(row) if v != 0]
                w = draw(st.lists(st.integers(1, max_weight), min_size=len(support), max_size=len(support)))
                total = sum(w)
                new = [Fraction(0)] * len(row)
                for j, wj in zip(support, w):
                    new[j] = Fraction(wj, total)
                rows.append(tuple(new))
            else:
                rows.append(draw(pmfs(len(row), max_weight=max_weight, full_support=positive)))
        mech = Mechanism(mech.inputs, mech.outputs, rows, _built=f"{mech!r} with drawn rows")
    if isinstance(prior, Prior):
        full = positive or prior.has_full_support
        kind, graph = _structure_of(prior)
        if free_prior and not positive and draw(st.booleans()):
            kind, full = "joint", False
        if kind == "independent":
            prior = draw(independent_priors(prior.space, full_support=full))
        elif kind == "components":
            prior = draw(priors_with_dependency_graph(prior.space, graph, full_support=full))
        else:
            prior = draw(correlated_priors(prior.space, full_support=full))
    return Instance(f"drawn around {template.label}", mech, prior, dict(template.params), dict(template.extra))


def _component_product(space, comp_pmfs: list) -> list:
    """pmf(x) = prod_c comp_pmfs[c][x restricted to component c] (comp_pmfs: (records, {values: p}))."""
    codes = space.record_codes().tolist()
    pmf = []
    for row in codes:
        p = Fraction(1)
        for comp, table in comp_pmfs:
            p *= table.get(tuple(space.records[i][row[i]] for i in comp), Fraction(0))
        pmf.append(p)
    return pmf


def _mixed_prior(prior: Prior, t: Fraction) -> Prior:
    """(1 − t)·prior + t·uniform, mixed per independent group of records when the prior is the product
    of its groups' marginals (so that the independence structure is kept), else jointly."""
    if prior.space.records is not None:
        try:
            graph = prior.dependency_graph()
            comps = [tuple(sorted(c)) for c in nx.connected_components(graph)]
            tables = [(c, prior.marginal(c)) for c in comps]
            if len(comps) > 1 and _component_product(prior.space, tables) == list(prior.pmf):
                mixed = []
                for comp, table in tables:
                    values = list(itertools.product(*(prior.space.records[i] for i in comp)))
                    mixed.append((comp, {v: (1 - t) * table.get(v, Fraction(0)) + t / len(values) for v in values}))
                return Prior(prior.space, _component_product(prior.space, mixed),
                             _built=f"{prior!r} mixed per independent group with {t} uniform")
        except Exception:  # structure unreadable: mix jointly (the hypotheses still filter)
            pass
    n = len(prior.pmf)
    return Prior(prior.space, [(1 - t) * q + t / n for q in prior.pmf], _built=f"{prior!r} mixed with {t} uniform")


def positivised(template: Instance, t: Fraction) -> Instance | None:
    """The template mixed towards the interior: every rational mechanism row becomes (1 − t)·row + t·uniform
    and the prior (1 − t)·prior + t·uniform (per independent group of records, so independence is kept).
    Entries become positive for 0 < t ≤ 1; None when nothing changes (already positive, or nothing rational
    to mix).  Params and extra objects are the template's."""
    t = Fraction(t)
    if not 0 < t <= 1:
        raise ValueError(f"t={t!r} must be in (0, 1]")
    mech, prior = template.mechanism, template.prior
    changed = False
    if isinstance(mech, Mechanism) and mech.is_rational and any(v == 0 for row in mech.rows for v in row):
        k = len(mech.outputs)
        rows = [[(1 - t) * v + t / k for v in row] for row in mech.rows]
        mech = Mechanism(mech.inputs, mech.outputs, rows, _built=f"{mech!r} mixed with {t} uniform")
        changed = True
    if isinstance(prior, Prior) and not prior.has_full_support:
        prior = _mixed_prior(prior, t)
        changed = True
    if not changed:
        return None
    return Instance(f"{template.label}, mixed with {t} uniform", mech, prior, dict(template.params),
                    dict(template.extra))


# ----------------------------------------------------------------------------- declared domains of priors × levels
#
# A bank reading whose statement holds for every prior and every privacy level in a range fixed by the prior
# (Wang–Ying–Zhang: ε >= 0, ε >= ε̃_X, D <= h(ε̃_X)) declares that domain as data (a layer-4 object with the
# attributes read below, e.g. theorems.wang2016.search.PriorLevelDomain); the search draws from it here.

#: offsets of e^ε above a drawn base point: on it, just above (the boundary), and well above
_LEVEL_OFFSETS = (Fraction(0), Fraction(1, 1000), Fraction(1, 20), Fraction(1, 2), Fraction(1), Fraction(3),
                  Fraction(20))


def _least_inside(bound, closed: bool) -> Fraction:
    """A rational level certainly inside ``[bound, oo)`` (``(bound, oo)`` when not closed): the bound itself
    when rational and closed, else the upper end of its enclosure (irrational) or just above it."""
    if isinstance(bound, tuple):  # an irrational bound lies strictly below its enclosure's upper end
        return simplest_between(Fraction(bound[1]), Fraction(bound[1]) + Fraction(1, 100))
    return Fraction(bound) if closed else Fraction(bound) + Fraction(1, 1000)


#: largest integer weight of a drawn prior entry: joint probability ratios stay below 128 (correlated) and
#: 16^n (products).  Beyond that the certified LP optima of PD-I / PD-DP (HiGHS, then rationalised at
#: tolerance 1e-9) often cannot be certified and the instance is only undecided — a search that draws there
#: reports UNDECIDED, never a refutation, and finds nothing
_PRIOR_WEIGHT = 16


@st.composite
def _level_priors(draw, space, *, full_support: bool):
    """Independent records (marginals with weights in [lo, 16]) or an arbitrary joint pmf (weights in
    [lo, 16], one of them sometimes up to 8 times larger); lo = 1 with full support, else 0."""
    if draw(st.booleans()):
        marginals = [draw(pmfs(len(a), full_support=full_support, max_weight=_PRIOR_WEIGHT, near_deterministic=False))
                     for a in space.records]
        return Prior.product(space, marginals)
    lo = 1 if full_support else 0
    weights = draw(st.lists(st.integers(lo, _PRIOR_WEIGHT), min_size=space.size, max_size=space.size))
    if draw(st.booleans()):
        weights[draw(st.integers(0, space.size - 1))] *= draw(st.integers(1, 8))
    if sum(weights) == 0:
        weights[0] = 1
    return Prior(space, [Fraction(w, sum(weights)) for w in weights])


@st.composite
def prior_level_instances(draw, domain):
    """An instance (prior, params) of a declared domain: a Hamming space D^n from ``domain.spaces``, a prior
    on it (mutually independent records or an arbitrary joint pmf; full support when ``domain.full_support``,
    zeros allowed otherwise), and a level e^ε = t >= ``domain.lower(prior)``, drawn on, just above or well
    above the least level, or on / near either side of an anchor (``domain.anchors(prior)``) in the range.

    Every instance meets ``domain.hypotheses`` (the reading's): a level outside them is replaced by the least
    level certainly inside, so no draw is wasted on instances that can never refute.
    """
    n, m = draw(st.sampled_from(domain.spaces))
    space = Hamming(range(m), n)
    prior = draw(_level_priors(space, full_support=domain.full_support))
    bound, closed = domain.lower(prior)
    if bound is sympy.oo:  # no level for this prior (e.g. t~ = oo): only reachable without full support
        prior = Prior.uniform(space)
        bound, closed = domain.lower(prior)
    least = _least_inside(bound, closed)
    points = [least] + [_least_inside(a, True) for a in domain.anchors(prior) if a is not sympy.oo]
    base = draw(st.sampled_from(points))
    offset = draw(st.one_of(st.sampled_from(_LEVEL_OFFSETS),
                            st.fractions(min_value=0, max_value=10, max_denominator=12)))
    below = draw(st.booleans()) and base != least  # just under an anchor (where a case of the statement ends)
    t = base - offset if below and base - offset >= least else base + offset
    inst = Instance(f"drawn from {domain.name}: D^{n},m={m}, e^eps={t}", prior=prior,
                    params=domain.to_params(prior, t))
    if not all(hyp.check(inst) for hyp in domain.hypotheses):  # below the range: the least level inside
        t = least
        inst = Instance(f"drawn from {domain.name}: D^{n},m={m}, e^eps={t}", prior=prior,
                        params=domain.to_params(prior, t))
    return inst


def declared_strategy(declared):
    """The search strategy a reading declares: a hypothesis strategy, a callable returning one, or a declared
    domain of priors × levels (:func:`prior_level_instances`)."""
    if hasattr(declared, "lower") and hasattr(declared, "spaces"):
        return prior_level_instances(declared)
    return declared() if callable(declared) else declared
