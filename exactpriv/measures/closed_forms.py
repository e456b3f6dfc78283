"""Pure ε and δ(ε') of structured families from their formulas: no matrix is built or scanned.

The zoo's constructors with a rational e^ε tag what they built (``M.closed_form``: the family and its
parameters), and :func:`closed_form_pure_dp` / :func:`closed_form_delta` answer from the parameters alone; the
``*_pure_dp`` / ``*_delta`` functions take the parameters directly (the answer for counts 0..10^4 without the
mechanism).  Each formula is a theorem about the family, and each is differential-tested against the scans of the
built mechanism (the shift-structure engine, the product engine, the dense matrix scan) in every regime
(``tests/measures/test_closed_forms.py``):

* **truncated geometric** on counts 0..n, neighbours |c − c'| = 1 (Ghosh–Roughgarden–Sundararajan, STOC 2009):
  with a = e^{−ε}, P(z | c+1) = a·P(z | c) for every output z ≤ c and P(z | c) = a·P(z | c+1) for z ≥ c + 1
  (interior: the window shifted by one; the clamped ends likewise), so pure ε = ε for every n ≥ 1; for
  1 ≤ γ ≤ e^ε only the outputs z ≤ c exceed γ, and E_γ(P_c ‖ P_{c+1}) = (1 − γa)·P(clamp(c + Z) ≤ c) =
  (1 − γa)/(1 + a) = (e^ε − γ)/(e^ε + 1) (P(Z ≤ 0) = 1/(1 + a) for two-sided geometric Z), the same for every c
  and, by symmetry, for (c+1, c);
* **k-ary randomized response**: pure ε = ε; E_γ(P_x ‖ P_x') = (e^ε − γ)/(e^ε + k − 1) for 1 ≤ γ ≤ e^ε (only the
  output y = x has ratio above γ);
* **the count query with truncated geometric noise** on D^n (replace-one neighbours): a neighbour moves the count by
  at most one, so the pairs are those of the truncated geometric on counts 0..n (with equal rows, ratio 1, for the
  pairs that keep the count), and (v₀,…,v₀), (target, v₀,…,v₀) moves it from 0 to 1: pure ε and δ(γ) are the
  geometric's;
* **the exponential mechanism with score −d_H on D^n** (Wang–Ying–Zhang's E_d): P(y|x) = Π_i of RR(m, ε) on each
  record, and neighbours differ in one record, so pure ε and δ(γ) are randomized response's with k = m;
* **RAPPOR** (per-bit randomized response over Bloom filters, p = P(1 | set), q = P(1 | unset)): for the ordered
  pair (x, x') the worst output sets each bit of F(x) \\ F(x') to its likelier value, so the ratio is
  R₊^{a}·R₋^{b} with a = |F(x) \\ F(x')|, b = |F(x') \\ F(x)|, R₊ = max(p/q, (1−p)/(1−q)), R₋ = max(q/p,
  (1−q)/(1−p)); the counts (a, b) of every pair are counted by popcount of the packed filters (exact integers),
  R₊^a·R₋^b grows with a and b, so only the Pareto frontier of the counts present is evaluated, in exact rationals,
  and the largest is ε (all items are neighbours).  For δ(γ) (``approx_dp``) the same frontier's pairs suffice at
  every γ (:func:`rappor_frontier_pairs`: data processing), each accounted by its exact composed privacy-loss
  distribution.

Every value is exact (a log of a rational, or ∞); δ is a rational.  None when the mechanism carries no tag or the
parameter is outside the formula's range (then the scans answer).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.measures.result import Measured

__all__ = ["closed_form_delta", "closed_form_pure_dp", "rappor_pure_dp", "rr_delta", "rr_pure_dp",
           "truncated_geometric_delta", "truncated_geometric_pure_dp"]


def _exp_eps(v) -> Fraction:
    v = Fraction(v)
    if v < 1:
        raise InvalidArgument(f"exp_eps={v} must be a rational >= 1")
    return v


def _log(r: Fraction):
    return sympy.log(sympy.Rational(r.numerator, r.denominator))


def _pure(value, witness, family: str, formula: str) -> Measured:
    return Measured("pure_dp", value, witness=witness, method=f"closed form: {family} ({formula}); no matrix built")


def truncated_geometric_pure_dp(n: int, exp_eps) -> Measured:
    """Pure ε of the truncated geometric mechanism on counts 0..n at e^ε = ``exp_eps``: ε (every n ≥ 1)."""
    t = _exp_eps(exp_eps)
    _count(n)
    return _pure(_log(t), {"pair": (0, 1), "output": 0, "ratio": t}, "truncated geometric on counts",
                 "every ratio of neighbouring rows in a column is e^±ε")


def truncated_geometric_delta(n: int, exp_eps, gamma) -> Fraction:
    """δ(γ) = max over neighbouring counts of E_γ, γ = e^{ε'}: (e^ε − γ)/(e^ε + 1) for 1 ≤ γ ≤ e^ε, 0 above."""
    t, g = _exp_eps(exp_eps), _exp_eps(gamma)
    _count(n)
    return max(Fraction(0), (t - g) / (t + 1))


def rr_pure_dp(k: int, exp_eps) -> Measured:
    """Pure ε of k-ary randomized response (and of E_d with m = k): ε."""
    t = _exp_eps(exp_eps)
    return _pure(_log(t), {"pair": (0, 1), "output": 0, "ratio": t}, f"randomized response, k = {k}",
                 "P(y = x)/P(y = x') = e^ε")


def rr_delta(k: int, exp_eps, gamma) -> Fraction:
    """δ(γ) of k-ary randomized response: (e^ε − γ)/(e^ε + k − 1) for 1 ≤ γ ≤ e^ε, 0 above."""
    t, g = _exp_eps(exp_eps), _exp_eps(gamma)
    return max(Fraction(0), (t - g) / (t + k - 1))


def rappor_pure_dp(bit_sets, p, q) -> Measured:
    """Pure ε of RAPPOR over the items whose Bloom bits are ``bit_sets`` (a list of sets of bit indices; every
    two items neighbours): max over ordered pairs of a·ln R₊ + b·ln R₋ (module head), exactly."""
    p, q = Fraction(p), Fraction(q)
    if len(bit_sets) < 2:
        return Measured("pure_dp", sympy.Integer(0), witness={}, method="closed form: RAPPOR with one item")
    bits = 1 + max((b for s in bit_sets for b in s), default=0)
    a = _set_differences(bit_sets, bits)  # a[i, j] = |F(x_i) \\ F(x_j)|; the count of bits set in x_j only is a[j, i]
    up = _max_ratio(p, q)  # a bit set in x only
    down = _max_ratio(q, p)  # a bit set in x' only
    # R₊, R₋ ≥ 1, so R₊^a·R₋^b grows with a and with b: only the pairs (a, b) present that no other present pair
    # dominates can be the largest.  Presence is one boolean table of (bits+1)² cells filled from the n² codes
    # a·(bits+1) + b (no sort); each candidate is then evaluated once in exact rationals.
    width = bits + 1
    codes = a.astype(np.int64) * width + a.T
    pa, pb = _present_counts(codes, width)
    if (up is None and (pa > 0).any()) or (down is None and (pb > 0).any()):
        # an output impossible under x' only: the first pair (in row-major order) with such a count
        bad = (a > 0) if up is None else np.zeros_like(a, dtype=bool)
        if down is None:
            bad = bad | (a.T > 0)
        at = int(np.argmax(bad.ravel()))
        return _pure(sympy.oo, {"pair": divmod(at, len(bit_sets))}, "RAPPOR", "an output impossible under x' only")
    best = None
    for ai, bi in _pareto_frontier(pa, pb, width):
        r = (up ** ai if ai else Fraction(1)) * (down ** bi if bi else Fraction(1))
        if best is None or r > best[0] or (r == best[0] and ai * width + bi < best[2][0] * width + best[2][1]):
            best = (r, None, (ai, bi))
    if best is not None:  # the first pair (row-major) with the winning counts
        ai, bi = best[2]
        at = int(np.argmax(codes.ravel() == ai * width + bi))
        best = (best[0], divmod(at, len(bit_sets)), best[2])
    if best is None:  # every item has the same filter
        return Measured("pure_dp", sympy.Integer(0), witness={}, method="closed form: RAPPOR, equal filters")
    r, pair, counts = best
    return _pure(_log(r), {"pair": pair, "counts": counts, "ratio": r}, "RAPPOR",
                 "R₊^a·R₋^b over the pairs' set differences, counted by popcount")


def _present_counts(codes: np.ndarray, width: int):
    """The distinct (a, b) ≠ (0, 0) among the codes a·width + b, as two arrays: a table of width² cells filled from
    the codes (no sort), or beyond _PRESENCE_CELLS a sort."""
    if width * width <= _PRESENCE_CELLS:
        present = np.zeros(width * width, dtype=bool)
        present[codes.ravel()] = True
        distinct = np.flatnonzero(present)
    else:
        distinct = np.unique(codes)
    distinct = distinct[distinct != 0]  # (0, 0): equal filters, ratio 1
    return np.divmod(distinct, width)


def _pareto_frontier(pa: np.ndarray, pb: np.ndarray, width: int) -> list[tuple[int, int]]:
    """The present (a, b) that no other present pair dominates (a' >= a and b' >= b): a decreasing, b strictly
    increasing."""
    out, top_b = [], -1
    for ai in range(width - 1, -1, -1):
        bs = pb[pa == ai]
        if bs.size == 0 or int(bs.max()) <= top_b:
            continue
        top_b = int(bs.max())
        out.append((ai, top_b))
    return out


def rappor_frontier_pairs(M):
    """For :func:`exactpriv.measures.approx.approx_dp` of a tagged RAPPOR mechanism: one unordered pair of items per
    maximal set-difference count (a, b), as an (n, 2) int array, or None (no tag, one item, equal filters).

    Why these pairs suffice for δ(γ) at every γ: the bits both items set (or both leave unset) have the same law
    under both and drop out of E_γ; a bit set in x only is Bernoulli(p) against Bernoulli(q), one set in x' only the
    reverse, so a pair's privacy-loss distribution depends on its counts (a, b) alone; and a pair with counts
    (a', b') >= (a, b) has a larger E_γ at every γ (marginalising the extra bits is post-processing, and the
    hockey-stick divergence obeys data processing).  So the max over all pairs is the max over the frontier's."""
    tag = _tag(M)
    if tag is None or tag.get("family") != "rappor" or len(tag["bit_sets"]) < 2:
        return None
    bit_sets = tag["bit_sets"]
    bits = 1 + max((b for s in bit_sets for b in s), default=0)
    a = _set_differences(bit_sets, bits)
    width = bits + 1
    codes = a.astype(np.int64) * width + a.T
    frontier = _pareto_frontier(*_present_counts(codes, width), width)
    if not frontier:
        return None
    flat, n = codes.ravel(), len(bit_sets)
    reps = set()
    for ai, bi in frontier:
        i, j = divmod(int(np.argmax(flat == ai * width + bi)), n)
        reps.add((min(i, j), max(i, j)))
    return np.array(sorted(reps), dtype=np.int64)


#: Largest (bits + 1)² for RAPPOR's table of the counts present (one byte a cell); beyond it a sort finds them.
_PRESENCE_CELLS = 1 << 24


def _set_differences(bit_sets, bits: int) -> np.ndarray:
    """The n × n integer matrix |F(x_i) \\ F(x_j)| = |F(x_i)| − |F(x_i) ∩ F(x_j)|: the filters packed into 64-bit
    words and the intersections counted by popcount (exact integer arithmetic, one block of rows at a time to bound
    memory; numpy's int64 matrix product took 4× longer at 1,000 items × 128 bits)."""
    n = len(bit_sets)
    words = (bits + 63) // 64
    packed = np.zeros((n, words), dtype=np.uint64)
    for i, s in enumerate(bit_sets):
        for b in s:
            packed[i, b >> 6] |= np.uint64(1) << np.uint64(b & 63)
    small = np.int16 if bits < (1 << 15) else np.int32  # counts <= bits
    sizes = np.array([len(s) for s in bit_sets], dtype=small)
    out = np.empty((n, n), dtype=small)
    block = max(1, (1 << 22) // max(n, 1))
    for lo in range(0, n, block):
        hi = min(n, lo + block)
        common = np.zeros((hi - lo, n), dtype=small)
        for w in range(words):
            common += np.bitwise_count(packed[lo:hi, w][:, None] & packed[None, :, w])
        out[lo:hi] = sizes[lo:hi, None] - common
    return out


def _max_ratio(p: Fraction, q: Fraction):
    """max(p/q, (1−p)/(1−q)) over the outputs both can produce, None when one output is impossible under the
    second law only (an infinite ratio)."""
    out = Fraction(1)
    for x, y in ((p, q), (1 - p, 1 - q)):
        if x and not y:
            return None
        if x:
            out = max(out, x / y)
    return out


def _tag(M) -> dict | None:
    """The zoo's tag of ``M`` when its input space still has the size the tag's family gives (a guard against a
    tag carried onto another space)."""
    tag = getattr(M, "closed_form", None)
    if not isinstance(tag, dict):
        return None
    fam = tag.get("family")
    size = {"truncated_geometric": lambda: tag["n"] + 1, "randomized_response": lambda: tag["k"],
            "exponential_hamming": lambda: tag["k"] ** tag["n"], "rappor": lambda: len(tag["bit_sets"]),
            "count_query_geometric": lambda: len(set(tag["values"])) ** tag["n"]}.get(fam)
    inputs = getattr(M, "inputs", None)
    if size is None or inputs is None or inputs.size != size():
        return None
    built_on = tag.get("inputs")
    if built_on is None or not (inputs is built_on or inputs == built_on):  # another space or neighbour relation
        return None
    if fam == "exponential_hamming" and tag["k"] < 2:  # one value: no neighbours to compare, the scans answer
        return None
    if fam == "rappor" and not _rappor_factors_match(M, tag):
        return None
    return tag


def _rappor_factors_match(M, tag) -> bool:
    """Whether M's factors are the ones the tag was built with and each factor's rows are Bernoulli(p) on the items
    whose Bloom bits set that bit and Bernoulli(q) elsewhere (the structure the formulas assume; the rows are the
    zoo's two shared tuples, so identity answers almost every comparison)."""
    factors, bit_sets = getattr(M, "factors", None), tag["bit_sets"]
    built = tag.get("factors")
    if factors is None or built is None or len(factors) != len(built) or any(
            f is not g for f, g in zip(factors, built)):
        return False
    row_set, row_unset = (1 - tag["p"], tag["p"]), (1 - tag["q"], tag["q"])
    fast = _rappor_rows_by_identity(factors, bit_sets, row_set, row_unset)
    if fast is not None:
        return fast
    for j, f in enumerate(factors):
        for s, row in zip(bit_sets, f.rows):
            want = row_set if j in s else row_unset
            if row is not want and tuple(row) != want:
                return False
    return True


def _rappor_rows_by_identity(factors, bit_sets, row_set, row_unset) -> bool | None:
    """The check of :func:`_rappor_factors_match` when every row of every factor is one of two row objects (the
    zoo's): each object compared with the two laws once, then which object sits at (bit j, item i) against whether
    item i sets bit j, in numpy (the row-by-row check took 31 ms at 1,000 items × 128 bits, four times the formula).
    None when the rows are not two shared objects or a bit set holds anything but the bits 0..m−1 (the row-by-row
    check decides)."""
    import itertools

    m, n = len(factors), len(bit_sets)
    if any(len(f.rows) != n for f in factors):
        return None
    ids = np.fromiter(map(id, itertools.chain.from_iterable(f.rows for f in factors)), dtype=np.int64,
                      count=m * n).reshape(m, n)
    first = ids[0, 0]
    rest = ids[ids != first]
    second = rest[0] if rest.size else first
    if rest.size and not (rest == second).all():
        return None
    member = np.zeros((m, n), dtype=bool)
    for i, s in enumerate(bit_sets):
        for b in s:
            if type(b) is not int or not 0 <= b < m:
                return None
            member[b, i] = True
    objects = {int(first): factors[0].rows[0]}
    if second != first:
        at = int(np.argmax(ids.ravel() != first))
        objects[int(second)] = factors[at // n].rows[at % n]
    law = {key: (tuple(row) == row_set, tuple(row) == row_unset) for key, row in objects.items()}
    is_set = np.where(ids == first, law[int(first)][0], law[int(second)][0])
    is_unset = np.where(ids == first, law[int(first)][1], law[int(second)][1])
    return bool(np.where(member, is_set, is_unset).all())


def closed_form_pure_dp(M) -> Measured | None:
    """Pure ε of a tagged zoo mechanism from its formula (None: no tag, or no formula for it)."""
    tag = _tag(M)
    if tag is None:
        return None
    fam = tag.get("family")
    if fam == "truncated_geometric":
        return truncated_geometric_pure_dp(tag["n"], tag["exp_eps"])
    if fam == "count_query_geometric":  # counts 0 and 1; the output 0: ratio e^ε (D^n is not enumerated)
        x, x2 = _count_pair(tag)
        return _with_witness(truncated_geometric_pure_dp(tag["n"], tag["exp_eps"]), (x, x2), M.outputs[0])
    pts = M.inputs.points
    if fam == "randomized_response":  # the pair (0), (1) and the output 0: ratio e^ε
        return _with_witness(rr_pure_dp(tag["k"], tag["exp_eps"]), (pts[0], pts[1]), M.outputs[0])
    if fam == "exponential_hamming":  # x and x with its first record changed; the output x: ratio e^ε
        x = pts[0]
        other = next(v for v in M.inputs.alphabets[0] if v != x[0])
        return _with_witness(rr_pure_dp(tag["k"], tag["exp_eps"]), (x, (other,) + tuple(x[1:])), x)
    if fam == "rappor":
        m = rappor_pure_dp(tag["bit_sets"], tag["p"], tag["q"])
        pair = m.witness.get("pair")
        if pair is None or m.value == sympy.oo:
            return m if pair is None else _with_witness(m, (pts[pair[0]], pts[pair[1]]), None)
        x, y = (tag["bit_sets"][i] for i in pair)
        p, q = tag["p"], tag["q"]
        # each bit set in x only reports its likelier value under x, each set in x' only under x' reversed
        out = tuple(int(p * (1 - q) >= (1 - p) * q) if (j in x and j not in y) else
                    int(q * (1 - p) >= (1 - q) * p) if (j in y and j not in x) else 0
                    for j in range(len(M.factors)))
        return _with_witness(m, (pts[pair[0]], pts[pair[1]]), out)
    return None


def _count_pair(tag):
    """The count query's neighbours with counts 0 and 1: (v₀,…,v₀) and (target, v₀,…,v₀)."""
    values = tag["values"]
    base, target = values[0], values[-1]
    x = (base,) * tag["n"]
    return x, (target,) + x[1:]


def _with_witness(m: Measured, pair, output) -> Measured:
    """``m`` with its witness in the mechanism's own points and outputs."""
    from dataclasses import replace

    return replace(m, witness={**m.witness, "pair": pair, "output": output})


def closed_form_delta(M, gamma) -> Fraction | None:
    """δ(γ) (γ = e^{ε'} ≥ 1 rational) of a tagged zoo mechanism over its neighbours, from its formula."""
    tag = _tag(M)
    if tag is None:
        return None
    fam = tag.get("family")
    if fam in ("truncated_geometric", "count_query_geometric"):
        return truncated_geometric_delta(tag["n"], tag["exp_eps"], gamma)
    if fam in ("randomized_response", "exponential_hamming"):
        return rr_delta(tag["k"], tag["exp_eps"], gamma)
    return None


def _count(n):
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidArgument(f"n={n!r} must be a positive int")


# ----- the notion engines' structured path: pure_dp and approx_dp answer a tagged mechanism from its formula

def tagged_pure_dp(M) -> dict | None:
    """For :func:`exactpriv.measures.divergence.pure_dp`: the closed form of a tagged mechanism as
    ``{"ratio", "pair", "output", "method"}`` (the worst ratio e^ε exactly, and a pair and output attaining it), or
    None (no tag, an infinite or vacuous value: the scans answer).

    Two computations of the one number: the formula gives the maximum (a theorem, module head), and the witness's
    ratio is re-read from the mechanism's own entries, P(y|x) = ratio·P(y|x'); if it is not attained there the tag
    does not describe M and None sends the call to the scans."""
    m = closed_form_pure_dp(M)
    if m is None:
        return None
    w = m.witness
    ratio, pair, output = w.get("ratio"), w.get("pair"), w.get("output")
    if ratio is None or pair is None or output is None:
        return None
    x, x2 = pair
    # an output impossible under x' attains no ratio (0 = ratio·0 holds for any ratio): the scans answer
    if M.prob(output, x2) == 0 or M.prob(output, x) != ratio * M.prob(output, x2):
        return None
    return {"ratio": ratio, "pair": [x, x2], "output": output,
            "method": m.method + "; the witness's ratio re-read from the entries"}


class TaggedProfileEngine:
    """The E_γ oracle of :class:`exactpriv.measures.approx.ApproxDPProfile` over the neighbour pairs of a tagged
    truncated geometric mechanism, randomized response or E_d, from δ(γ) = (e^ε − γ)/(e^ε + k − 1) (k = 2 for the
    geometric): two pieces, δ = A − Bγ on [1, e^ε] with A = P_x(S), B = P_x'(S) for the pair below and the event S
    of the outputs whose ratio is e^ε, then 0.  The engine's A and B are read from M's entries on that event and must
    give the formula's line (else :func:`tagged_profile_engine` declines), so the pieces are checked against the
    mechanism when the engine is made."""

    method = "exact: closed form of the family's privacy profile (two pieces), its line re-read from the entries"

    def __init__(self, M, t: Fraction, pair: tuple[int, int], event: list[int], A: Fraction, B: Fraction):
        self.M, self.t, self.pair, self.event, self.A, self.B = M, t, pair, event, A, B

    def hockey(self, pairs, g: Fraction):
        """(value, (x, x'), event, A, B) of the worst ordered neighbour pair at γ = g (same contract as the scans)."""
        g = Fraction(g)
        if g >= self.t:  # no output has ratio above γ: δ = 0 on the empty event
            return Fraction(0), self.pair, [], Fraction(0), Fraction(0)
        return self.A - g * self.B, self.pair, list(self.event), self.A, self.B

    def hockey_limit(self, pairs):
        """Every entry is positive (e^ε finite): no output is impossible under one input only."""
        return Fraction(0), self.pair, []

    def pieces(self, pairs):
        """The profile's pieces directly: (γ_lo, γ_hi, A, B, pair, event)."""
        if self.t == 1:
            return [(Fraction(1), None, Fraction(0), Fraction(0), None, [])]
        return [(Fraction(1), self.t, self.A, self.B, self.pair, list(self.event)),
                (self.t, None, Fraction(0), Fraction(0), None, [])]


def tagged_profile_engine(M) -> TaggedProfileEngine | None:
    """The closed-form profile engine of a tagged mechanism (module head), or None (no tag or no δ formula:
    RAPPOR's δ has none here)."""
    tag = _tag(M)
    if tag is None or tag.get("family") not in ("truncated_geometric", "randomized_response",
                                                "exponential_hamming", "count_query_geometric"):
        return None
    t = Fraction(tag["exp_eps"])
    pts = M.inputs.points if tag["family"] in ("randomized_response", "exponential_hamming") else None
    if tag["family"] == "exponential_hamming":  # x and x with its first record changed; S: outputs agreeing on it
        x = pts[0]
        other = next(v for v in M.inputs.alphabets[0] if v != x[0])
        x2 = (other,) + tuple(x[1:])
        event = [j for j, y in enumerate(M.outputs) if y[0] == x[0]]
    elif tag["family"] == "count_query_geometric":  # counts 0 and 1; S: the output 0
        x, x2 = _count_pair(tag)
        event = [0]
    elif tag["family"] == "truncated_geometric":  # counts 0 and 1 (the count is its index); S: the output 0
        x, x2 = 0, 1
        event = [0]
    else:  # the first two values; S: the first value
        x, x2 = pts[0], pts[1]
        event = [0]
    A = sum((M.prob(M.outputs[j], x) for j in event), Fraction(0))
    B = sum((M.prob(M.outputs[j], x2) for j in event), Fraction(0))
    k = tag["k"] if "k" in tag else 2  # the geometric's line: k = 2
    if A != t / (t + k - 1) or B != 1 / (t + k - 1):  # the formula's line, from the entries (also at e^ε = 1)
        return None
    if t == 1:  # δ ≡ 0: the empty event
        event, A, B = [], Fraction(0), Fraction(0)
    return TaggedProfileEngine(M, t, _pair_indices(M, tag, x, x2), event, A, B)


def _pair_indices(M, tag, x, x2) -> tuple[int, int]:
    """The point indices of x and x' without enumerating a large space: a count is its own index; the count query's
    (v₀,…,v₀) is the first point of D^n and (target, v₀,…,v₀) is (m − 1)·stride₀ (itertools.product order, target
    the last value); else the space's index."""
    if tag["family"] == "truncated_geometric":
        return x, x2
    if tag["family"] == "count_query_geometric":
        space = M.inputs
        return 0, (len(space.alphabets[0]) - 1) * space.strides[0]
    return M.inputs.index(x), M.inputs.index(x2)


def tagged_group_privacy(M, k: int) -> dict | None:
    """For :func:`exactpriv.measures.divergence.group_privacy`: ε_k over the pairs at distance ≤ k of a tagged
    family, as ``{"ratio", "pair", "output", "distance", "method"}``, or None (the scans answer).

    * truncated geometric and the count query on D^n: the count moves by j ≤ min(k, n) and every ratio of rows j
      apart is at most e^{jε} (window: a^{|i|−|i−j|} ≤ a^{−j}; the clamped tails likewise), attained at the output 0
      by the counts 0 and j: ε_k = min(k, n)·ε;
    * E_d on D^n: P(y|x)/P(y|x') = e^{ε(d(x',y) − d(x,y))} ≤ e^{ε·d(x,x')}, attained at y = x: ε_k = min(k, n)·ε;
    * randomized response: every two inputs are neighbours: ε_k = ε.

    The witness's ratio is re-read from M's entries, as in :func:`tagged_pure_dp`."""
    tag = _tag(M)
    if tag is None or tag.get("family") not in ("truncated_geometric", "count_query_geometric",
                                                "exponential_hamming", "randomized_response"):
        return None
    t = Fraction(tag["exp_eps"])
    fam = tag["family"]
    pts = M.inputs.points if fam in ("randomized_response", "exponential_hamming") else None
    if fam == "randomized_response":
        j, (x, x2), y = 1, (pts[0], pts[1]), M.outputs[0]
    else:
        j = min(k, tag["n"])
        if fam == "truncated_geometric":
            x, x2, y = 0, j, 0
        elif fam == "count_query_geometric":
            base, target = tag["values"][0], tag["values"][-1]
            x = (base,) * tag["n"]
            x2, y = (target,) * j + x[j:], M.outputs[0]
        else:
            x = pts[0]
            other = next(v for v in M.inputs.alphabets[0] if v != x[0])
            x2, y = (other,) * j + tuple(x[j:]), x
    ratio = t ** j
    if M.prob(y, x2) == 0 or M.prob(y, x) != ratio * M.prob(y, x2):
        return None
    return {"ratio": ratio, "pair": [x, x2], "output": y, "distance": j,
            "method": f"closed form: {fam.replace('_', ' ')} (ε_k = min(k, n)·ε, every two inputs at distance j "
                      f"have ratios ≤ e^(jε)); the witness's ratio re-read from the entries"}


def tagged_group_pair(M, k: int) -> dict | None:
    """For :func:`exactpriv.measures.approx.group_approx_dp`: one pair (x, x') whose E_γ is the largest over all
    ordered pairs at distance ≤ k at every γ ≥ 1, for a tagged family, as ``{"pair", "distance", "mechanism",
    "method"}`` (``mechanism``: M restricted to x and x', their two rows read from M's entries), or None (the scans
    answer).  δ_k is then the profile of that one pair, computed exactly from the entries; the formula part is only
    which pair is worst:

    * randomized response: every two inputs are neighbours and every pair has the same E_γ (relabel the values);
    * E_d on D^n: a pair differing in j records has the E_γ of j-fold k-ary randomized response (the records where
      they agree have equal laws and drop out; relabel the values), and dropping one record's output is a
      post-processing, so by data processing E_γ grows with j: the pair x, x with its first min(k, n) records
      changed;
    * truncated geometric on counts 0..n (and the count query on D^n, whose pairs at distance ≤ k move the count by
      at most min(k, n)): the ratio P(z|c)/P(z|c+j) is t^j, t^{j−2}, …, t^{−j}, non-increasing in z, so the best
      event for (c, c+j) is a lower set {z ≤ s}, and P_{c+j}(z ≤ s) decreases as j grows (clamp(c + j + Z) is
      stochastically larger), so E_γ(P_c ‖ P_{c+j}) ≤ E_γ(P_c ‖ P_{c+j+1}); the masses of the events
      {z ≤ s} (s < c + j) do not depend on c (the clamp at 0 lumps P(Z ≤ −c) into z = 0 ≤ s), so every forward
      pair at distance j has the E_γ of (0, j), and a backward pair (c + j, c) is the forward pair (n − c − j,
      n − c) reflected (z ↦ n − z; the two tails have the same law): the pair (0, min(k, n))."""
    tag = _tag(M)
    if tag is None or tag.get("family") not in ("truncated_geometric", "count_query_geometric",
                                                "exponential_hamming", "randomized_response"):
        return None
    fam = tag["family"]
    if fam == "truncated_geometric" and k < tag["n"]:
        # the shift structure over the pairs (c, c + i), i <= k, is cheaper than the scan of the pair (0, k), whose
        # two rows are n + 1 entries of up to n·log2(e^ε's numerator) bits each: it answers (approx.group_approx_dp)
        return None
    pts = M.inputs.points if fam in ("randomized_response", "exponential_hamming") else None
    if fam == "randomized_response":
        j, (x, x2) = 1, (pts[0], pts[1])
    else:
        j = min(k, tag["n"])
        if fam == "truncated_geometric":
            x, x2 = 0, j
        elif fam == "count_query_geometric":
            base, target = tag["values"][0], tag["values"][-1]
            x = (base,) * tag["n"]
            x2 = (target,) * j + x[j:]
        else:
            x = pts[0]
            other = next(v for v in M.inputs.alphabets[0] if v != x[0])
            x2 = (other,) * j + tuple(x[j:])
    return {"pair": (x, x2), "distance": j, "mechanism": _two_rows(M, x, x2),
            "method": f"closed form: {fam.replace('_', ' ')}: the pair at distance {j} = min(k, n) is the worst at "
                      f"every e^ε (data processing; exactpriv.measures.closed_forms.tagged_group_pair), its profile "
                      f"computed exactly from its two rows"}


def _two_rows(M, x, x2):
    """M restricted to the inputs x and x' (one neighbour pair), rows read from M's entries: a clamped-noise
    mechanism's integer rows (its window and tails), else M's rows."""
    from exactpriv.mechanisms.base import Mechanism
    from exactpriv.mechanisms.clamped import ClampedNoiseMechanism
    from exactpriv.spaces import GraphSpace

    space = GraphSpace.from_edges([x, x2], [(x, x2)])
    if isinstance(M, ClampedNoiseMechanism) and M.family is None:
        num = np.empty((2, M.n + 1), dtype=object)
        num[0, :], num[1, :] = M._rational_row(x), M._rational_row(x2)
        den = np.empty(2, dtype=object)
        den[:] = [M.denominator] * 2
        return Mechanism.from_integer_rows(space, M.outputs, num, den)
    return Mechanism(space, M.outputs, [[M.prob(y, p) for y in M.outputs] for p in (x, x2)])


def tagged_mi_dp(M, note) -> Measured | None:
    """For :func:`exactpriv.measures.channel_capacity.mi_dp`: MI-DP of tagged k-ary randomized response or E_d on
    D^n (k = |D| values, e^ε = t > 1) from the formula, as the same :class:`Measured` the sub-channel scan gives
    (``note()``: the scan's note, with the filter's words when the filter would run), or None (no tag, e^ε = 1: the
    scans answer).

    Every sub-channel x_i ↦ P(·|x_i, x_{−i}) of E_d is k-ary randomized response on y_i times a law of y_{−i} that
    does not depend on x_i (P(y|x) = Π_r RR(y_r|x_r)), so its capacity is RR's: the channel is weakly symmetric,
    C = log k − H(t/(t+k−1), 1/(t+k−1), …), attained by the uniform input (Cover–Thomas, Thm 7.2.1).  All
    sub-channels are equal up to permutations, so the scan measures only the first, (record 0, x_{−0} of the first
    point), with a uniform input prior: the witness below is that one."""
    tag = _tag(M)
    if tag is None or tag.get("family") not in ("randomized_response", "exponential_hamming"):
        return None
    t = Fraction(tag["exp_eps"])
    if t == 1:  # identical rows: capacity 0 with a one-point prior (the scan's witness)
        return None
    from exactpriv.exact.logforms import LogForm

    k = tag["k"]
    v, u = t.numerator, t.denominator
    d0 = v + (k - 1) * u  # the row v, u, …, u over d0, in lowest terms (gcd(u, v) = 1)
    H = LogForm(0, logs=[(Fraction(d0, v), Fraction(v, d0)), (Fraction(d0, u), Fraction((k - 1) * u, d0))])
    value = LogForm.log(k) - H
    space = M.inputs
    pts, alphabet = space.points, space.records[0]
    first = pts[0]
    # the witness sub-channel's ratio re-read from the mechanism's own entries, as the other closed forms do: a
    # tag that does not describe the entries leaves the answer to the scans (review: a matrix changed under its
    # tag was answered from the tag)
    other = (alphabet[1],) + tuple(first[1:])
    y = M.outputs[0]  # the output of the first point (the zoo lists outputs in the inputs' order)
    if M.prob(y, other) == 0 or M.prob(y, first) != t * M.prob(y, other):
        return None
    share = str(Fraction(1, k))
    witness = {"record": 0, "others": {j: first[j] for j in range(1, len(first))},
               "input_prior": {repr(a): share for a in alphabet},
               "prior": {repr((a,) + tuple(first[1:])): share for a in alphabet}}
    return Measured("mi_dp", value, witness=witness, method="closed-form", note=note())
