"""What a reading's search draws, built from what the reading declares: spaces, prior kinds, mechanism kinds.

``hunt`` draws most instances *around* a reading's own family instances (:func:`strategies.instances_around`:
same space, same prior structure).  That never leaves the bank's own shapes: a reading whose families hold no
correlated prior without mass on ⊥ on two records is never searched there (issue 23: Zhao's Theorem 1
converse for positive mechanisms fails exactly there).  This module widens the search to *fresh* instances:

* **spaces** — Hamming spaces D^n up to three records of three values: the templates' spaces and every
  (|D|, n) with |D|^n <= ``max_points`` (9 by default, 27 in a deep search);
* **prior kinds** — independent records, an arbitrary correlated pmf, a pmf with zeros, a pmf *without mass
  on a value* (⊥ — the first value — or another, on every record or on one), point masses, and uniform or
  random mass on a small support (2 or 3 datasets: diagonals, XOR-like supports);
* **mechanism kinds** — positive rows, rows with zeros, near-deterministic rows, and structured extremal
  families: *additive scores* (P(Y = 1 | x) = (c + Σ_j g(x_j)) / (2c + n·max g), the shape where group privacy
  spreads a ratio evenly over records) and per-record randomized response on a count.

The kinds are restricted by the reading's hypotheses *by construction* (a reading that assumes positive
mechanisms gets only positive kinds, full-support priors only full-support kinds, independent records only
product priors), so no draw is wasted outside them; every other hypothesis is still checked by the guard.

Fresh instances are drawn only for readings whose templates are *plain*: a rational mechanism on a Hamming
space, with or without a prior, and no parameters or extra objects (a check that reads parameters or further
objects is searched around its templates only).  Parameters that only *describe* a template (a seed, n, e^ε of
a named construction: the check decides the same without them, :func:`descriptive_params`) do not count; a
reading with ``dataset-mechanism`` draws mechanisms that are functions of the multiset of records.
:func:`params_around` draws the exact parameters a check does read (by default only where the reading declares their domains as hypotheses, ``Hypothesis.params``).
:meth:`SearchSpace.to_json` is the record that a CHECKED verdict states ("what was searched").
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction

from hypothesis import strategies as st

from counterexamples.strategies import independent_priors, pmfs
from exactpriv.claims import Instance
from exactpriv.distributions import Prior
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

__all__ = ["MECHANISM_KINDS", "PRIOR_KINDS", "SearchSpace", "descriptive_params", "exact_number", "exact_number_list",
           "fresh_instances", "param_ranges",
           "params_around", "probing", "search_space_of", "varies_params"]

#: every prior kind a search can draw (restricted per reading by its hypotheses)
PRIOR_KINDS = ("independent", "correlated", "with-zeros", "without-value", "point-mass", "small-support")
#: every mechanism kind a search can draw
MECHANISM_KINDS = ("positive", "with-zeros", "near-deterministic", "additive-score", "count-randomized-response")

#: prior kinds that keep full support, and mechanism kinds that keep every entry positive
_FULL_SUPPORT_PRIORS = ("independent", "correlated")
_POSITIVE_MECHANISMS = ("positive", "near-deterministic", "additive-score", "count-randomized-response")

#: hypothesis names (exactpriv.claims and the banks) that restrict the kinds by construction
_POSITIVE = {"positive-mechanism"}
#: mechanisms that are functions of the dataset's multiset of records (identity DP's Sec. 2.3): drawn so
_SYMMETRIC = {"dataset-mechanism"}
_FULL = {"full-support-prior"}
_INDEPENDENT = {"independent-records", "independent-sources"}

#: (|D|, n) of the fresh spaces, smallest first; a space is used when |D|^n <= max_points
SHAPES = ((2, 1), (3, 1), (2, 2), (3, 2), (2, 3), (3, 3))


@dataclass(frozen=True)
class SearchSpace:
    """What a reading's fresh instances are drawn from (see the module head)."""

    shapes: tuple  # (|D|, n) pairs
    outputs: tuple  # output counts
    prior_kinds: tuple  # () when the reading's instances carry no prior
    mechanism_kinds: tuple
    symmetric: bool = False  # mechanisms are functions of the multiset of records

    def to_json(self) -> dict:
        doc = {"spaces": [f"D^{n}, |D| = {m}" for m, n in self.shapes], "outputs": list(self.outputs),
               "prior_kinds": list(self.prior_kinds), "mechanism_kinds": list(self.mechanism_kinds)}
        if self.symmetric:
            doc["mechanisms"] = "functions of the multiset of records"
        return doc


def _plain(inst: Instance, *, params_descriptive: bool = False) -> bool:
    mech = inst.mechanism
    return (isinstance(mech, Mechanism) and mech.is_rational and isinstance(mech.inputs, Hamming)
            and len(mech.outputs) > 1 and (params_descriptive or not inst.params) and not inst.extra
            and (inst.prior is None or (isinstance(inst.prior, Prior) and inst.prior.space == mech.inputs)))


#: how many templates with parameters :func:`descriptive_params` probes
PARAM_PROBES = 3

_PROBING: ContextVar[bool] = ContextVar("probing", default=False)


def probing() -> bool:
    """Whether the check now running is :func:`descriptive_params`' probe on a copy of a template without its
    parameters — no instance of the search (a recording check, such as the mutation run's, leaves it out)."""
    return _PROBING.get()


@contextmanager
def _probe():
    token = _PROBING.set(True)
    try:
        yield
    finally:
        _PROBING.reset(token)


def descriptive_params(check, templates) -> bool:
    """Whether the templates' parameters only *describe* them (a seed, n, e^ε of a named construction) and the
    check does not read them: on the first :data:`PARAM_PROBES` templates with parameters, the check gives the
    same exact decision (TRUE or FALSE, never UNDECIDED) with the parameters and without them, and raises
    neither time.  A check that reads a parameter raises without it (KeyError) or decides otherwise.  A probe,
    not a proof: a fresh instance drawn for such a reading carries no parameters, and whatever it refutes is
    refuted by the reading's own check on an instance inside the reading's hypotheses (replayable)."""
    from dataclasses import replace as _replace

    from exactpriv.claims import as_outcome

    probed = 0
    for t in templates:
        if not t.params:
            continue
        if not _plain(t, params_descriptive=True):
            return False
        try:
            with_p = as_outcome(check(t)).decision
            with _probe():
                without = as_outcome(check(_replace(t, params={}))).decision
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception:  # the check needs a parameter: not descriptive
            return False
        if with_p.is_undecided or without.is_undecided or with_p.is_true != without.is_true:
            return False
        probed += 1
        if probed >= PARAM_PROBES:
            break
    return True


def search_space_of(hypotheses, templates, *, max_points: int = 9, check=None) -> SearchSpace | None:
    """The fresh search space of a reading with these hypotheses and templates, or None when some template is
    not plain (extra objects, symbolic or non-Hamming mechanisms, parameters the check reads: only drawing
    around them is safe) or there is no template.  With ``check`` (the reading's instance check), templates
    whose parameters are descriptive (:func:`descriptive_params`) count as plain."""
    if not templates:
        return None
    if not all(_plain(t) for t in templates):
        if check is None or not all(_plain(t, params_descriptive=True) for t in templates) \
                or not descriptive_params(check, templates):
            return None
    names = {h.name for h in hypotheses}
    with_prior = any(t.prior is not None for t in templates)
    if with_prior and not all(t.prior is not None for t in templates):
        with_prior = False  # mixed: the check accepts both; drawing priors is then not what it declares
    priors = PRIOR_KINDS
    if names & _FULL:
        priors = tuple(k for k in priors if k in _FULL_SUPPORT_PRIORS)
    if names & _INDEPENDENT:
        priors = tuple(k for k in priors if k == "independent")
    mechs = _POSITIVE_MECHANISMS if names & _POSITIVE else MECHANISM_KINDS
    shapes = tuple(s for s in SHAPES if s[0] ** s[1] <= max_points)
    # the templates' own spaces too (up to the largest template space), uniformly Hamming of one alphabet size
    for t in templates:
        sp = t.mechanism.inputs
        sizes = set(len(a) for a in sp.alphabets)
        if len(sizes) == 1:
            shape = (sizes.pop(), len(sp.alphabets))
            if shape not in shapes and shape[0] ** shape[1] <= max(max_points, 27):
                shapes += (shape,)
    outputs = tuple(sorted({min(len(t.mechanism.outputs), 4) for t in templates} | {2}))
    return SearchSpace(shapes, outputs, priors if with_prior else (), mechs, symmetric=bool(names & _SYMMETRIC))


# ----------------------------------------------------------------------------- priors


@st.composite
def _weights_on(draw, size: int, support: list[int], *, max_weight: int = 12):
    """A pmf of length ``size`` supported exactly on ``support`` (positive weights there), sometimes uniform."""
    if draw(st.booleans()):
        w = [1] * len(support)
    else:
        w = draw(st.lists(st.integers(1, max_weight), min_size=len(support), max_size=len(support)))
    pmf = [Fraction(0)] * size
    for j, wj in zip(support, w):
        pmf[j] = Fraction(wj, sum(w))
    return pmf


@st.composite
def prior_of_kind(draw, space: Hamming, kind: str):
    """A prior of one of :data:`PRIOR_KINDS` on ``space``."""
    points = list(space.points)
    if kind == "independent":
        return draw(independent_priors(space, full_support=draw(st.booleans())))
    if kind == "correlated":
        return Prior(space, draw(pmfs(space.size, full_support=True)))
    if kind == "with-zeros":
        zeros = draw(st.sets(st.integers(0, space.size - 1), min_size=1, max_size=max(1, space.size - 1)))
        return Prior(space, draw(_weights_on(space.size, [j for j in range(space.size) if j not in zeros])))
    if kind == "without-value":
        # no mass on a value (⊥, the first value, half of the time) in every record or in one record
        values = space.alphabets[0]
        v = values[0] if draw(st.booleans()) else draw(st.sampled_from(values))
        records = (range(len(space.alphabets)) if draw(st.booleans())
                   else [draw(st.integers(0, len(space.alphabets) - 1))])
        support = [j for j, x in enumerate(points) if all(x[r] != v for r in records)]
        if not support:
            return Prior.uniform(space)
        if len(support) > 2 and draw(st.booleans()):  # a small support inside: e.g. the diagonal off ⊥
            support = sorted(draw(st.sets(st.sampled_from(support), min_size=2, max_size=min(3, len(support)))))
        return Prior(space, draw(_weights_on(space.size, support)))
    if kind == "point-mass":
        return Prior.point_mass(space, draw(st.sampled_from(points)))
    if kind == "small-support":
        k = draw(st.integers(2, min(3, space.size)))
        if draw(st.booleans()):  # records all equal: the perfectly correlated diagonal
            diag = [j for j, x in enumerate(points) if len(set(x)) == 1]
            support = sorted(draw(st.sets(st.sampled_from(diag), min_size=min(2, len(diag)),
                                          max_size=min(k, len(diag)))))
        else:
            support = sorted(draw(st.sets(st.integers(0, space.size - 1), min_size=k, max_size=k)))
        return Prior(space, draw(_weights_on(space.size, support)))
    raise ValueError(f"prior kind {kind!r} is not one of {PRIOR_KINDS}")


# ----------------------------------------------------------------------------- mechanisms


@st.composite
def mechanism_of_kind(draw, space: Hamming, n_outputs: int, kind: str, *, symmetric: bool = False):
    """A rational mechanism of one of :data:`MECHANISM_KINDS` on ``space``; ``symmetric``: a function of the
    multiset of records (one drawn row per multiset; the structured kinds are symmetric already)."""
    outs = list(range(n_outputs))
    if kind in ("positive", "with-zeros", "near-deterministic"):
        drawn: dict = {}
        rows = []
        for x in space.points:
            key = tuple(sorted(x, key=repr)) if symmetric else x
            if key not in drawn:
                drawn[key] = draw(pmfs(n_outputs, full_support=kind != "with-zeros", max_weight=12,
                                       near_deterministic=True if kind == "near-deterministic" else None))
            rows.append(drawn[key])
        what = f"drawn {kind}" + (", symmetric" if symmetric else "")
        return Mechanism(space, outs, rows, _built=f"Mechanism({space!r}, {outs}, <{what}>)")
    n = len(space.alphabets)
    if kind == "additive-score":
        # P(Y = 1 | x) = (c + Σ_j g(x_j)) / (2c + n·max g): two outputs, both positive (c >= 1)
        values = space.alphabets[0]
        g = dict(zip(values, draw(st.lists(st.integers(0, 6), min_size=len(values), max_size=len(values)))))
        top, c = max(g.values()) or 1, draw(st.integers(1, 6))
        rows = []
        for x in space.points:
            p1 = Fraction(c + sum(g[v] for v in x), 2 * c + n * top)
            rows.append((1 - p1, p1))
        return Mechanism(space, [0, 1], rows, _built=f"additive_score(g={g}, c={c}) on {space!r}")
    if kind == "count-randomized-response":
        # Y = a noisy count of the records equal to a marked value: P(y | count c) ∝ r^-|y·n − c·(k−1)|
        marked = draw(st.sampled_from(space.alphabets[0]))
        r = draw(st.sampled_from((Fraction(3, 2), Fraction(2), Fraction(3), Fraction(5))))
        rows = []
        for x in space.points:
            cnt = sum(1 for v in x if v == marked)
            w = [r ** -abs(y * n - cnt * (n_outputs - 1)) for y in range(n_outputs)]
            rows.append(tuple(v / sum(w) for v in w))
        return Mechanism(space, outs, rows, _built=f"count_randomized_response(marked={marked!r}, r={r}) "
                                                   f"on {space!r}")
    raise ValueError(f"mechanism kind {kind!r} is not one of {MECHANISM_KINDS}")


@st.composite
def fresh_instances(draw, space_of: SearchSpace):
    """A fresh instance of ``space_of``: a Hamming space, a mechanism kind and (when the reading's instances
    carry priors) a prior kind, each drawn uniformly; the label names the kinds."""
    m, n = draw(st.sampled_from(space_of.shapes))
    space = Hamming(range(m), n)
    k = draw(st.sampled_from(space_of.outputs))
    mkind = draw(st.sampled_from(space_of.mechanism_kinds))
    mech = draw(mechanism_of_kind(space, k, mkind, symmetric=space_of.symmetric))
    prior, pkind = None, ""
    if space_of.prior_kinds:
        pkind = draw(st.sampled_from(space_of.prior_kinds))
        prior = draw(prior_of_kind(space, pkind))
    label = f"fresh D^{n},|D|={m}: {mkind} mechanism" + (f", {pkind} prior" if pkind else "")
    return Instance(label, mech, prior)


# ----------------------------------------------------------------------------- structured extremal instances


def _extremal_priors(space: Hamming, kinds: tuple) -> list[tuple[str, Prior]]:
    """Canonical members of the allowed prior kinds, the most degenerate first: uniform on the diagonal
    without a value (⊥ first), uniform without a value, the diagonal, near-diagonal, uniform, a point mass."""
    points = list(space.points)
    values = space.alphabets[0]
    out: list[tuple[str, Prior]] = []

    def uniform_on(name, support):
        if support:
            out.append((name, Prior(space, [Fraction(1, len(support)) if j in support else Fraction(0)
                                            for j in range(space.size)])))

    diag = [j for j, x in enumerate(points) if len(set(x)) == 1]
    if len(space.alphabets) > 1 and "without-value" in kinds:
        for v in values:
            uniform_on(f"diagonal without {v!r}", [j for j in diag if points[j][0] != v])
        for v in values:
            uniform_on(f"uniform without {v!r}", [j for j, x in enumerate(points) if v not in x])
    if len(space.alphabets) > 1 and "small-support" in kinds:
        uniform_on("diagonal", diag)
        # mostly on one end of the diagonal: a rare dataset whose likelihood is e^{nε} times the others' —
        # where a KL between the prior and a posterior exceeds the per-record ε (identity DP, Cor. 1)
        if len(diag) > 1:
            out.append(("diagonal weighted 9/10 : 1/10", Prior(space, [
                (Fraction(1, 10) if j == diag[-1] else Fraction(9, 10) / (len(diag) - 1)) if j in diag else Fraction(0)
                for j in range(space.size)])))
    if "correlated" in kinds and len(space.alphabets) > 1:
        off = Fraction(1, 10)
        out.append(("near-diagonal(1/10)", Prior(space, [(1 - off) / len(diag) if j in diag
                                                         else off / (space.size - len(diag))
                                                         for j in range(space.size)])))
    if "independent" in kinds or "correlated" in kinds:
        out.append(("uniform", Prior.uniform(space)))
    if "point-mass" in kinds:
        out.append((f"point mass at {points[-1]!r}", Prior.point_mass(space, points[-1])))
    return [(n, p) for k, (n, p) in enumerate(out) if all(p.pmf != q.pmf for _, q in out[:k])]


def _extremal_mechanisms(space: Hamming, kinds: tuple) -> list[Mechanism]:
    """Additive scores with the values' ranks cyclically shifted (c = 1), then a noisy count of each value."""
    values = list(space.alphabets[0])
    n, m = len(space.alphabets), len(values)
    out = []
    if "additive-score" in kinds:
        for shift in range(m):
            g = {v: (k + shift) % m for k, v in enumerate(values)}
            top = max(g.values())
            rows = [(1 - Fraction(1 + sum(g[v] for v in x), 2 + n * top), Fraction(1 + sum(g[v] for v in x), 2 + n * top))
                    for x in space.points]
            out.append(Mechanism(space, [0, 1], rows, _built=f"additive_score(g={g}, c=1) on {space!r}"))
    if "count-randomized-response" in kinds:
        # steep: P(Y = 1 | x) = (9/10)·30^(c − n) for c records equal to v — per record a likelihood ratio of at
        # most 30 (ε = ln 30) on both outputs, over the whole diagonal 30^n (correlated records add up)
        for v in values:
            rows = []
            for x in space.points:
                p1 = Fraction(9, 10) * Fraction(30) ** (sum(1 for u in x if u == v) - n)
                rows.append((1 - p1, p1))
            out.append(Mechanism(space, [0, 1], rows, _built=f"steep_count_score(marked={v!r}, r=30) on {space!r}"))
        for v in values:
            rows = []
            for x in space.points:
                w = [Fraction(2) ** -abs(y * n - sum(1 for u in x if u == v)) for y in range(2)]
                rows.append(tuple(q / sum(w) for q in w))
            out.append(Mechanism(space, [0, 1], rows, _built=f"count_randomized_response(marked={v!r}, r=2) "
                                                             f"on {space!r}"))
    return out


def extremal_instances(space_of: SearchSpace, *, limit: int = 60) -> list[Instance]:
    """Up to ``limit`` structured extremal instances of ``space_of`` (deterministic): spaces with several
    records first (where correlation matters), then the canonical degenerate priors × structured mechanisms."""
    shapes = sorted(space_of.shapes, key=lambda s: (s[1] < 2, s[0] ** s[1]))
    out: list[Instance] = []
    for m, n in shapes:
        space = Hamming(range(m), n)
        mechs = _extremal_mechanisms(space, space_of.mechanism_kinds)
        priors = _extremal_priors(space, space_of.prior_kinds) if space_of.prior_kinds else [("", None)]
        if "with-zeros" in space_of.mechanism_kinds:
            # noiseless: Y = the first record — where I(X;Y) reaches ln|D| and every posterior ratio its maximum
            # (a mutual information equal to the adversarial level, issue 23's sec6_4 mutant); with the priors that
            # keep every dataset possible (uniform, the diagonal), the instances a bound like I <= eps is tight on
            first = Mechanism(space, list(space.alphabets[0]), [tuple(Fraction(int(x[0] == v)) for v in space.alphabets[0])
                                                               for x in space.points],
                              _built=f"first_record() on {space!r}")
            for pname, prior in priors:
                if pname in ("", "uniform", "diagonal"):
                    out.append(Instance(f"extremal D^{n},|D|={m}: {first.label}" + (f", {pname} prior" if pname else ""),
                                        first, prior))
        for pname, prior in priors:
            for mech in mechs:
                out.append(Instance(f"extremal D^{n},|D|={m}: {mech.label}" + (f", {pname} prior" if pname else ""),
                                    mech, prior))
                if len(out) >= limit:
                    return out
    return out


# ----------------------------------------------------------------------------- parameters


def exact_number(v) -> bool:
    """Whether ``v`` is an exact number a search may draw (an int or a Fraction, not a bool)."""
    return isinstance(v, (int, Fraction)) and not isinstance(v, bool)


def exact_number_list(v) -> bool:
    """Whether ``v`` is a non-empty list or tuple of exact numbers (:func:`exact_number`)."""
    return isinstance(v, (list, tuple)) and len(v) > 0 and all(exact_number(x) for x in v)


def varies_params(templates) -> bool:
    """Whether :func:`params_around` has something to draw: a template whose parameters include an exact
    number or a list of exact numbers."""
    return any(exact_number(v) or exact_number_list(v) for t in templates for v in t.params.values())


def param_ranges(templates) -> dict:
    """Per parameter name, the least and largest exact number its templates hold (lists: over their entries)."""
    out: dict = {}
    for t in templates:
        for k, v in t.params.items():
            xs = [v] if exact_number(v) else list(v) if exact_number_list(v) else []
            for x in xs:
                lo, hi = out.get(k, (x, x))
                out[k] = (min(lo, x), max(hi, x))
    return out


@st.composite
def _number_near(draw, v, lo, hi, integer: bool):
    """An exact number like ``v``: itself, a neighbour, an end of the templates' range or just past it, or a
    rational with a small denominator in [lo − 1, hi + 1]; an int parameter stays an int in [lo, hi]."""
    kind = draw(st.integers(0, 4))
    if integer:  # a size or a count: inside its family's range (n = 0 records is no instance at all)
        if kind == 0:
            return v
        return draw(st.integers(int(lo), int(hi)))
    lo, hi = Fraction(lo), Fraction(hi)
    if kind == 0:
        return v
    if kind == 1:
        return draw(st.sampled_from((lo, hi, lo - Fraction(1, 10), hi + Fraction(1, 10), Fraction(0), Fraction(1))))
    if kind == 2:
        return Fraction(v) + Fraction(draw(st.integers(-3, 3)), draw(st.integers(1, 12)))
    den = draw(st.integers(1, 16))
    return Fraction(draw(st.integers(int((lo - 1) * den) - 1, int((hi + 1) * den) + 1)), den)


@st.composite
def params_around(draw, template: Instance, ranges: dict):
    """``template`` with fresh exact parameters: each number (and each entry of a list of numbers) drawn near
    its value, inside and just outside the range its family holds (:func:`_number_near`); a list that is a pmf
    is redrawn as a pmf half of the time.  Mechanism, prior and extra objects are the template's.  What a
    reading assumes of its parameters is its hypotheses' business: an instance outside them is counted
    outside, never a witness."""
    from dataclasses import replace as _replace

    params = dict(template.params)
    for k, v in template.params.items():
        lo, hi = ranges.get(k, (0, 1))
        if exact_number(v):
            params[k] = draw(_number_near(v, lo, hi, isinstance(v, int)))
        elif exact_number_list(v):
            if sum(v) == 1 and all(x >= 0 for x in v) and draw(st.booleans()):
                params[k] = type(v)(draw(pmfs(len(v), full_support=False)))
            else:
                params[k] = type(v)(draw(_number_near(x, lo, hi, isinstance(x, int))) for x in v)
    return _replace(template, params=params, label=f"{template.label} (parameters drawn)")
