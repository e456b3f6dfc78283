"""Rational functions N(u)/D(u) kept as python-flint ``fmpq_poly`` pairs while a family's measure sums them.

The checker's rational functions are coefficient lists (polys.rf_add, rf_reduce): a measure that sums one term per
output and per pair of rows converted every term to flint and back, which was most of a family derivation's
time.  Here the same sums are done on flint pairs, converted to lists once per result.  The results must be the
lists themselves, not only the same functions — the derived statements print them (printing.rf_text), and a
different but equal N/D is a different statement — so each operation does what its list twin does, step for
step: :func:`add` is polys.rf_add (the same branches, the same degree refusals), :func:`reduce` is polys.rf_reduce.
tests/checker/test_flint_rf.py compares each with its twin.
"""

from __future__ import annotations

import flint

from exactpriv.checker import polys

__all__ = ["add", "back", "mul", "neg", "power", "quotient", "reduce", "to_pair"]


def to_pair(rf) -> tuple:
    """A rational function (N, D) of coefficient lists as a pair of fmpq_poly."""
    return polys.to_flint(rf[0]), polys.to_flint(rf[1])


def back(rf) -> tuple:
    """A flint pair as (N, D) of trimmed coefficient lists (what the list operations return after a sum)."""
    return polys.from_flint(rf[0]), polys.from_flint(rf[1])


def mul(p: flint.fmpq_poly, q: flint.fmpq_poly) -> flint.fmpq_poly:
    """p·q, refused above the checker's degree bound exactly where polys.pmul refuses it."""
    return polys._fmul(p, q)


def power(p: flint.fmpq_poly, k: int) -> flint.fmpq_poly:
    """p**k (k ≥ 0), refused exactly where k repeated polys.pmul would refuse it."""
    return polys._fpow(p, k)


def neg(rf) -> tuple:
    return -rf[0], rf[1]


def add(a, b) -> tuple:
    """a + b as polys.rf_add computes it: the same denominator kept when both are equal, the product of coprime
    denominators (each product refused above the degree bound), else over their lcm D_a·(D_b/g)."""
    (an, ad), (bn, bd) = a, b
    if ad == bd:
        return an + bn, ad
    g = ad.gcd(bd)
    if g.degree() < 1:
        return mul(an, bd) + mul(bn, ad), mul(ad, bd)
    ca, cb = divmod(bd, g)[0], divmod(ad, g)[0]
    return an * ca + bn * cb, ad * ca


def reduce(rf) -> tuple:
    """N/D divided by their monic gcd, as polys.rf_reduce (unchanged when the gcd is a constant)."""
    n, d = rf
    g = n.gcd(d)
    if g.degree() >= 1:
        return divmod(n, g)[0], divmod(d, g)[0]
    return n, d


def quotient(a, b) -> tuple:
    """a/b = N_a·D_b / (D_a·N_b) in lowest terms, as polys.rf_quotient (its degree refusals included)."""
    (an, ad), (bn, bd) = a, b
    return reduce((mul(an, bd), mul(ad, bn)))
