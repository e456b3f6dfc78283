"""Reference values of the information-theoretic notions at a given prior, from their definitions.

I(X;Y), max_i I(X_i;Y|X_{-i}) and the adversarial-privacy level are finite sums of p·log(ratio)
terms: each is written as a :class:`~exactpriv.exact.logforms.LogForm`, term by term, with the
conditional laws computed by plain summation over the points.  Convention 0·log 0 = 0.
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.errors import InvalidArgument
from exactpriv.exact.logforms import LogForm
from exactpriv.measures.reference._common import (
    Reference,
    Records,
    exact_max,
    flat,
    log_of,
    log_of_rational,
    require_records,
    rows,
)

__all__ = ["adversarial_privacy", "conditional_mi", "mi_privacy", "min_entropy_leakage"]


def _prior(M, prior, what):
    if prior is None:
        raise InvalidArgument(f"the reference {what} needs a prior")
    prior.check_space(M.inputs, "mechanism")
    return list(prior.pmf)


def mutual_information(p, W) -> LogForm:
    """I(X;Y) = Σ_{x,y} p(x) W(y|x) log( W(y|x) / p_Y(y) ) for a pmf p and rows W."""
    ny = len(W[0])
    py = [sum((p[x] * W[x][y] for x in range(len(p))), Fraction(0)) for y in range(ny)]
    total = LogForm(0)
    for x in range(len(p)):
        for y in range(ny):
            w = p[x] * W[x][y]
            if w:
                total = total + w * (LogForm.log(W[x][y]) - LogForm.log(py[y]))
    return total


def mi_privacy(M, *, prior=None) -> Reference:
    """I(X;Y) in nats for X ~ prior, Y | X = x ~ P(.|x) (seed 000 Def. 4)."""
    M = flat(M, "mi_privacy")
    return Reference("mi_privacy", mutual_information(_prior(M, prior, "mi_privacy"), rows(M, "mi_privacy")),
                     how="Σ p(x,y) log(W(y|x)/p(y))")


def conditional_mi(M, *, prior=None, record=None) -> Reference:
    """max over records i (or the given ``record``) of I(X_i; Y | X_{-i}) =
    Σ_x P(x) Σ_y W(y|x) log( W(y|x) / P(y | x_{-i}) ),  P(y|x_{-i}) = Σ_{x_i'} P(x_i' | x_{-i}) W(y|x_i', x_{-i})
    (seed 001 Def. 2 at a fixed prior); points of prior probability 0 contribute nothing."""
    M = flat(M, "conditional_mi")
    p = _prior(M, prior, "conditional_mi")
    require_records(M.inputs, "conditional_mi")
    W = rows(M, "conditional_mi")
    R = Records(M.inputs)
    ny = len(M.outputs)
    recs = range(R.n) if record is None else [record]
    vals = []
    for i in recs:
        total = LogForm(0)
        for x, vx in enumerate(R.values):
            if p[x] == 0:
                continue
            others = {j: vx[j] for j in range(R.n) if j != i}
            group = R.completions(others)  # the points with the same x_{-i}
            mass = sum((p[z] for z in group), Fraction(0))
            for y in range(ny):
                if W[x][y] == 0:
                    continue
                cond = sum((p[z] * W[z][y] for z in group), Fraction(0)) / mass
                total = total + p[x] * W[x][y] * (LogForm.log(W[x][y]) - LogForm.log(cond))
        vals.append(total)
    return Reference("conditional_mi", exact_max(vals), how="per record, sums over x_{-i} groups")


def adversarial_privacy(M, *, prior=None) -> Reference:
    """max over y with P(y) > 0 and x with P(x) > 0 of ln P(x|y)/P(x) = ln W(y|x)/P(y)
    (seed 001 §6.4, (64))."""
    M = flat(M, "adversarial_privacy")
    p = _prior(M, prior, "adversarial_privacy")
    W = rows(M, "adversarial_privacy")
    best = None
    for y in range(len(M.outputs)):
        py = sum((p[x] * W[x][y] for x in range(len(p))), Fraction(0))
        if py == 0:
            continue
        for x in range(len(p)):
            if p[x] > 0:
                r = W[x][y] / py
                if best is None or r > best:
                    best = r
    return Reference("adversarial_privacy", log_of(best), how="max W(y|x)/P(y)")


def min_entropy_leakage(M, *, prior=None) -> Reference:
    """I_∞(X;Y) = H_∞(X) − H_∞(X|Y) = log Σ_y max_x P(x) W(y|x) − log max_x P(x)  (Smith 2009;
    seed 001 (72)-(73)), from the two vulnerabilities summed point by point."""
    M = flat(M, "min_entropy_leakage")
    p = _prior(M, prior, "min_entropy_leakage")
    W = rows(M, "min_entropy_leakage")
    posterior_vulnerability = sum((max(p[x] * W[x][y] for x in range(len(p))) for y in range(len(M.outputs))),
                                  Fraction(0))
    return Reference("min_entropy_leakage", log_of_rational(posterior_vulnerability / max(p)),
                     how="log V(X|Y) − log V(X)")
