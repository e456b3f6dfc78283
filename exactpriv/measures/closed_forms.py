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
* **the exponential mechanism with score −d_H on D^n** (Wang–Ying–Zhang's E_d): P(y|x) = Π_i of RR(m, ε) on each
  record, and neighbours differ in one record, so pure ε and δ(γ) are randomized response's with k = m;
* **RAPPOR** (per-bit randomized response over Bloom filters, p = P(1 | set), q = P(1 | unset)): for the ordered
  pair (x, x') the worst output sets each bit of F(x) \\ F(x') to its likelier value, so the ratio is
  R₊^{a}·R₋^{b} with a = |F(x) \\ F(x')|, b = |F(x') \\ F(x)|, R₊ = max(p/q, (1−p)/(1−q)), R₋ = max(q/p,
  (1−q)/(1−p)); the counts (a, b) of every pair come from one integer matrix product (exact: counts < 2^53), each
  distinct (a, b) is evaluated once in exact rationals and the largest is ε (all items are neighbours).

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
    F = np.zeros((len(bit_sets), bits), dtype=np.int64)
    for i, s in enumerate(bit_sets):
        F[i, list(s)] = 1
    sizes = F.sum(axis=1)
    common = F @ F.T  # exact integer counts |F(x) ∩ F(x')|
    a = sizes[:, None] - common  # |F(x) \ F(x')|
    b = sizes[None, :] - common  # |F(x') \ F(x)|
    up = _max_ratio(p, q)  # a bit set in x only
    down = _max_ratio(q, p)  # a bit set in x' only
    best = None
    # each distinct (a, b) once, with its first pair (np.unique on the codes a·(bits+1) + b: no Python loop over
    # the n² pairs)
    codes = (a * (bits + 1) + b).ravel()
    values, first = np.unique(codes, return_index=True)
    pairs = {}
    for code, at in zip(values.tolist(), first.tolist()):
        ai, bi = divmod(code, bits + 1)
        if ai or bi:
            pairs[(ai, bi)] = divmod(at, len(bit_sets))
    for (ai, bi), pair in pairs.items():
        if (ai and up is None) or (bi and down is None):
            return _pure(sympy.oo, {"pair": pair}, "RAPPOR", "an output impossible under x' only")
        r = (up ** ai if ai else Fraction(1)) * (down ** bi if bi else Fraction(1))
        if best is None or r > best[0]:
            best = (r, pair, (ai, bi))
    if best is None:  # every item has the same filter
        return Measured("pure_dp", sympy.Integer(0), witness={}, method="closed form: RAPPOR, equal filters")
    r, pair, counts = best
    return _pure(_log(r), {"pair": pair, "counts": counts, "ratio": r}, "RAPPOR",
                 "R₊^a·R₋^b over the pairs' set differences, one integer matrix product")


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
            "exponential_hamming": lambda: tag["k"] ** tag["n"], "rappor": lambda: len(tag["bit_sets"])}.get(fam)
    inputs = getattr(M, "inputs", None)
    if size is None or inputs is None or inputs.size != size():
        return None
    return tag


def closed_form_pure_dp(M) -> Measured | None:
    """Pure ε of a tagged zoo mechanism from its formula (None: no tag, or no formula for it)."""
    tag = _tag(M)
    if tag is None:
        return None
    fam = tag.get("family")
    if fam == "truncated_geometric":
        return truncated_geometric_pure_dp(tag["n"], tag["exp_eps"])
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
    if fam == "truncated_geometric":
        return truncated_geometric_delta(tag["n"], tag["exp_eps"], gamma)
    if fam in ("randomized_response", "exponential_hamming"):
        return rr_delta(tag["k"], tag["exp_eps"], gamma)
    return None


def _count(n):
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidArgument(f"n={n!r} must be a positive int")
