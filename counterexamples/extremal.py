"""Extremal and structured instances for counterexample search, and the escalation ladder of spaces.

Random exact rows (:func:`counterexamples.strategies.mechanisms`) have small integer weights, so their
likelihood ratios stay below a few hundred, and on spaces with many records they are almost never
structured.  The false claims that survive such a search are false only at the extremes:

* **large likelihood ratios** — a mis-stated RDP ⇒ (ε,δ) conversion (log(1/δ)/α instead of
  log(1/δ)/(α−1)) fails on a rare output of mass a with ratio r ≈ 10³ at δ ≈ a/2 (Mironov 2017, Prop. 3
  is tight only there).  :func:`rare_event` builds exactly this shape ("one log-ratio per neighbour pair"),
  and :func:`extreme_mechanisms` draws rows whose weights are small integers times 10^k (ratios up to
  10^:data:`MAX_LOG10_RATIO`), so hypothesis can aim at them with ``target``;
* **many records** — ε-DP ⇒ capacity ≤ ε holds on one record but fails on n ≥ 6 binary records: the
  capacity of a product of randomized responses is additive (n·C(RR_ε)), its pure ε is not.
  :func:`product_randomized_response` (one k-ary RR per record) reaches it; random rows on 64 inputs do not;
* **staircase / geometric shapes** — the extremal ε-DP counts (Geng–Viswanath's staircase mechanism, the
  geometric mechanism of Ghosh–Roughgarden–Sundararajan), clamped to the range of the count.

:data:`ESCALATION` is the ladder of spaces a conjecture climbs when the user names none: records n and
values m grow until :data:`MAX_POINTS` inputs (the stated limit: 256 inputs, 256 outputs for products).
All numbers are exact (Fractions); nothing here decides anything — the instances go through the reading's
own exact check.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import strategies as st

from exactpriv.claims import Instance
from exactpriv.distributions import Prior
from exactpriv.errors import InvalidArgument
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Hamming

__all__ = [
    "ESCALATION",
    "MAX_LOG10_RATIO",
    "MAX_POINTS",
    "extremal_instances",
    "extreme_mechanisms",
    "noisy_parity",
    "product_randomized_response",
    "rare_event",
    "seed_priors",
    "subset_count",
    "staircase_count",
]

#: the escalation ladder: (values per record m, records n), smallest first.  Levels with more than
#: MAX_POINTS inputs are never reached.  # Empirically determined: a level's extremal seeds cost < 1 s.
ESCALATION = ((2, 1), (3, 1), (2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3), (2, 5), (2, 6), (2, 7), (2, 8))
#: the stated limit of escalation: inputs of the largest space (and outputs of a product mechanism)
MAX_POINTS = 256
#: drawn rows reach likelihood ratios up to 10**MAX_LOG10_RATIO (times the small integer weights)
MAX_LOG10_RATIO = 6
#: e^ε levels of the structured seeds: moderate (where bounds in ε² bite), large (where ε-linear ones do)
#: and extreme (10³, 10⁶)
EXP_EPS_LEVELS = (Fraction(101, 100), Fraction(2), Fraction(3), Fraction(9), Fraction(12), Fraction(20),
                  Fraction(100), Fraction(10**3), Fraction(10**6))
#: (ratio, mass) grid of the rare-event mechanisms
RARE_RATIOS = (Fraction(10), Fraction(10**2), Fraction(10**3), Fraction(10**4), Fraction(10**6))
RARE_MASSES = (Fraction(1, 2), Fraction(1, 10), Fraction(1, 100), Fraction(1, 500), Fraction(1, 2000),
               Fraction(1, 10**4))


def _hamming(space) -> Hamming:
    if not isinstance(space, Hamming):
        raise InvalidArgument(f"space={space!r} must be a Hamming space (records of values)")
    return space


def _per_record(space: Hamming, channels, name: str) -> Mechanism:
    """Record j released through ``channels[j]`` (rows indexed by the record's value), independently:
    P(y | x) = Π_j C_j(y_j | x_j).  The outputs are the tuples; the product is expanded exactly."""
    out_sizes = [len(c[0]) for c in channels]
    size = 1
    for k in out_sizes:
        size *= k
    if size > MAX_POINTS:
        raise InvalidArgument(f"{name}: {size} outputs exceed the limit {MAX_POINTS}")
    index = [{v: i for i, v in enumerate(vals)} for vals in space.records]
    outputs = list(itertools.product(*(range(k) for k in out_sizes)))
    rows = []
    for x in space.points:
        per = [channels[j][index[j][xj]] for j, xj in enumerate(x)]
        row = []
        for y in outputs:
            p = Fraction(1)
            for j, yj in enumerate(y):
                p *= per[j][yj]
                if not p:
                    break
            row.append(p)
        rows.append(row)
    labels = ["".join(map(str, y)) for y in outputs]
    return Mechanism(space, labels, rows, _built=name)


def product_randomized_response(space, exp_eps) -> Mechanism:
    """One k-ary randomized response per record (k = the record's number of values), released together.

    P(y | x) = Π_j RR_k(y_j | x_j) with RR_k(y|x) = e^ε/(e^ε+k−1) if y = x else 1/(e^ε+k−1) (Warner 1965;
    Kairouz–Oh–Viswanath 2016 for k-ary RR).  Pure ε on replace-one neighbours is ε; the capacity is the sum
    of the records' capacities — the shape that breaks "ε-DP ⇒ capacity ≤ ε" once n ≥ 6 (binary records)."""
    import numpy as np

    space = _hamming(space)
    a = Fraction(exp_eps)
    size = 1
    for vals in space.records:
        size *= len(vals)
    if size > MAX_POINTS:
        raise InvalidArgument(f"product_randomized_response: {size} outputs exceed the limit {MAX_POINTS}")
    # integer rows: with e^ε = p/q, RR_k(y|x) = (p if y = x else q)/(p + (k−1)q); the product's numerators are
    # the Kronecker product of the records' integer matrices, one common denominator per row
    num = np.ones((1, 1), dtype=object)
    den = 1
    for vals in space.records:
        k = len(vals)
        C = np.full((k, k), a.denominator, dtype=object)
        np.fill_diagonal(C, a.numerator)
        num = np.kron(num, C)
        den *= a.numerator + (k - 1) * a.denominator
    outputs = ["".join(map(str, y)) for y in itertools.product(*(range(len(v)) for v in space.records))]
    return Mechanism.from_integer_rows(space, outputs, num, [den] * num.shape[0],
                                       name=f"product_randomized_response({space!r}, exp_eps={a})")


def rare_event(space, ratio, mass) -> Mechanism:
    """One log-ratio per neighbour pair: a rare output "r" with P(r | x) = mass · ratio^(−w(x)), where w(x)
    counts the records not at their first value; everything else goes to output "c".

    Every neighbour pair has likelihood ratio exactly ``ratio`` on "r" and nearly 1 on "c": the shape of the
    extremal pairs of the (ε,δ) and Rényi conversions (a tail event of small mass and large ratio)."""
    space = _hamming(space)
    r, a = Fraction(ratio), Fraction(mass)
    if r < 1 or not 0 < a <= 1:
        raise InvalidArgument(f"rare_event: ratio={ratio!r} must be >= 1 and mass={mass!r} in (0, 1]")
    firsts = [vals[0] for vals in space.records]
    rows = []
    for x in space.points:
        w = sum(1 for xj, f in zip(x, firsts) if xj != f)
        p = a / r ** w
        rows.append([p, 1 - p])
    return Mechanism(space, ["r", "c"], rows, _built=f"rare_event({space!r}, ratio={r}, mass={a})")


def _tail(alpha: Fraction, width: int, t: int) -> Fraction:
    """Σ_{z ≥ t} α^⌈z/width⌉ for t ≥ 1 (closed form: the first partial step, then whole steps)."""
    c0 = -(-t // width)
    return (c0 * width - t + 1) * alpha ** c0 + width * alpha ** (c0 + 1) / (1 - alpha)


def staircase_count(space, exp_eps, *, width: int = 1) -> Mechanism:
    """The count of records not at their first value, plus staircase noise, clamped to [0, n].

    Noise Z on the integers with P(Z = z) ∝ α^⌈|z|/width⌉, α = e^{−ε}: the density drops by e^ε every
    ``width`` steps (Geng–Viswanath 2014, the staircase shape; width 1 is the two-sided geometric of
    Ghosh–Roughgarden–Sundararajan 2009).  Clamping is post-processing, so neighbours (counts differing by
    one) keep ratio ≤ e^ε; the clamped end masses are geometric tails in closed form (:func:`_tail`)."""
    space = _hamming(space)
    a = Fraction(exp_eps)
    if a <= 1 or not isinstance(width, int) or width < 1:
        raise InvalidArgument(f"staircase_count: exp_eps={exp_eps!r} must be > 1 and width={width!r} >= 1")
    alpha = 1 / a
    n = space.n
    norm = 1 + 2 * _tail(alpha, width, 1)
    firsts = [vals[0] for vals in space.records]
    rows = []
    for x in space.points:
        c = sum(1 for xj, f in zip(x, firsts) if xj != f)
        row = []
        for y in range(n + 1):
            if y in (0, n):
                d = c if y == 0 else n - c  # the end mass is P(Z <= -c) or P(Z >= n - c)
                mass = 1 + _tail(alpha, width, 1) if d == 0 else _tail(alpha, width, d)
            else:
                mass = alpha ** (-(-abs(y - c) // width))
            row.append(mass / norm)
        rows.append(row)
    return Mechanism(space, list(range(n + 1)), rows,
                     _built=f"staircase_count({space!r}, exp_eps={a}, width={width})")


def noisy_parity(space, exp_eps) -> Mechanism:
    """The parity Σ_j code(x_j) mod m of the records (m values each), kept with probability e^ε/(e^ε + m − 1)
    and otherwise moved uniformly to another residue: m outputs.  Every single record is then hidden from
    the output under independent uniform records (its posterior stays uniform) while the records together
    are not — the extremal case separating per-record posteriors from information."""
    space = _hamming(space)
    m = len(space.records[0])
    if any(len(v) != m for v in space.records):
        raise InvalidArgument("noisy_parity: every record needs the same number of values")
    a = Fraction(exp_eps)
    keep, move = a / (a + m - 1), Fraction(1) / (a + m - 1)
    rows = []
    for x in space.points:
        r = sum(vals.index(v) for v, vals in zip(x, space.records)) % m
        rows.append([keep if y == r else move for y in range(m)])
    return Mechanism(space, list(range(m)), rows, _built=f"noisy_parity({space!r}, exp_eps={a})")


def subset_count(space, exp_eps) -> Mechanism:
    """On the add/remove space Subsets(U): the count |T| of the records present plus truncated geometric noise on
    {0, …, |U|} — for |U| = 1 randomized response on presence, where subsampling bounds are tight."""
    tg = zoo.truncated_geometric(len(space.universe), exp_eps=exp_eps)
    return Mechanism(space, tg.outputs, [tg.rows[len(T)] for T in space.points],
                     _built=f"subset_count({space!r}, exp_eps={exp_eps})")


def seed_priors(space, kind: str = "any") -> list:
    """Priors for the structured seeds: uniform, a skewed product, and (kind any/correlated, n ≥ 2) the
    all-equal diagonal and its mixture with uniform — where prior-dependent bounds are tight."""
    F = Fraction
    priors = [Prior.uniform(space)]
    if kind == "uniform":  # a statement under the uniform prior only
        return priors
    if isinstance(space, Hamming):
        skew = [[F(1, 3)] + [F(2, 3 * (len(a) - 1))] * (len(a) - 1) for a in space.records]
        priors.append(Prior.product(space, skew))
        if kind in ("any", "correlated") and space.n >= 2:
            diag = [F(1) if len(set(x)) == 1 else F(0) for x in space.points]
            tot = sum(diag)
            if tot:
                priors.append(Prior(space, [d / tot for d in diag]))
                priors.append(Prior(space, [F(1, 2 * space.size) + (d / tot) / 2 for d in diag]))
            # the XOR (parity-zero) prior: records pairwise independent when n >= 3, jointly dependent
            if len(set(len(a) for a in space.records)) == 1:
                m = len(space.records[0])
                even = [F(1) if sum(vals.index(v) for v, vals in zip(x, space.records)) % m == 0 else F(0)
                        for x in space.points]
                priors.append(Prior(space, [e / sum(even) for e in even]))
                # perfectly correlated records that never take the first value (no mass on ⊥)
                off = [F(1) if len(set(x)) == 1 and x[0] != space.records[0][0] else F(0) for x in space.points]
                if sum(off) > 1:
                    priors.append(Prior(space, [o / sum(off) for o in off]))
    if kind == "correlated":
        priors = [p for p in priors if not p.is_mutually_independent()] or priors
    return priors


def extremal_instances(space, *, with_prior: bool = False, prior_kind: str = "any") -> list[Instance]:
    """The structured seeds of a level: randomized response (and its per-record product), rare events at
    ratios up to 10⁶, staircase and geometric counts, the exponential mechanism — smallest first."""
    space = _hamming(space)
    mechs = []
    binary = all(len(v) == 2 for v in space.records)
    for a in EXP_EPS_LEVELS:
        if space.n == 1:
            R = zoo.randomized_response(len(space.records[0]), exp_eps=a)
            mechs.append(Mechanism(space, R.outputs, R.rows, _built=f"randomized_response(exp_eps={a})"))
        else:
            try:
                mechs.append(product_randomized_response(space, a))
            except InvalidArgument:  # too many outputs at this level: the product is skipped
                pass
        if space.n >= 2 and a <= 100:
            mechs.append(staircase_count(space, a))
            if space.n >= 3:
                mechs.append(staircase_count(space, a, width=2))
        if space.n >= 2 and len(set(len(v) for v in space.records)) == 1 and a <= 20:
            mechs.append(noisy_parity(space, a))
        if space.n >= 2 and len(set(space.records)) == 1 and a <= 20 and space.size <= 64:
            E = zoo.exponential_mechanism_hamming(list(space.records[0]), space.n, exp_eps=a)
            mechs.append(Mechanism(space, E.outputs, E.rows, _built=f"exponential_mechanism(exp_eps={a})"))
    if binary or space.n == 1:
        for r in RARE_RATIOS:
            for m in RARE_MASSES:
                mechs.append(rare_event(space, r, m))
    priors = seed_priors(space, prior_kind) if with_prior else [None]
    return [Instance(f"{M.label or 'seed'}" + ("" if p is None else f", prior {k}"), M, p)
            for M in mechs for k, p in enumerate(priors)]


@st.composite
def extreme_pmfs(draw, size: int, *, max_log10: int = MAX_LOG10_RATIO):
    """An exact pmf whose weights are (1..9)·10^k, k ≤ max_log10, or 0: ratios up to ~10^(max_log10+1)."""
    weights = []
    for _ in range(size):
        if draw(st.integers(0, 5)) == 0:
            weights.append(0)
        else:
            weights.append(draw(st.integers(1, 9)) * 10 ** draw(st.integers(0, max_log10)))
    if not any(weights):
        weights[draw(st.integers(0, size - 1))] = 1
    total = sum(weights)
    return [Fraction(w, total) for w in weights]


@st.composite
def extreme_mechanisms(draw, space, *, max_outputs: int = 3, max_log10: int = MAX_LOG10_RATIO):
    """A rational mechanism on ``space`` whose rows have likelihood ratios up to ~10^max_log10: hypothesis'
    ``target`` on the violation margin climbs the exponents."""
    k = draw(st.integers(2, max_outputs))
    rows = [draw(extreme_pmfs(k, max_log10=max_log10)) for _ in range(space.size)]
    return Mechanism(space, list(range(k)), rows)
