"""Information measures of symbolic families (docs/certificates.md, "forall-family"): channel capacity and
Cuff–Yu's MI-DP level, derived by the checker as log-linear expressions (loglinear.py) when the uniform input meets
the Kuhn–Tucker conditions identically (Gallager 1968, Thm 4.5.1); otherwise not checkable."""

from __future__ import annotations

from fractions import Fraction

from exactpriv.checker import polys
from exactpriv.checker.errors import NotCheckable
from exactpriv.checker.grammar import parse
from exactpriv.checker.loglinear import log_linear
from exactpriv.checker.printing import rf_text

__all__ = ["capacity", "capacity_of", "mi_dp", "same_forms"]


def capacity(f, spec: dict) -> str:
    """max_p I(X; Y) (Cover–Thomas §7.1), by :func:`capacity_of` on the family's rows."""
    if set(spec) - {"notion"}:
        raise NotCheckable(f"parameters of capacity on a family: {sorted(spec)}")
    return capacity_of(f, f.R)[0]


def mi_dp(f, spec: dict) -> str:
    """Cuff–Yu's MI-DP level, max_i sup over priors of I(X_i; Y | X_(i)): the conditional mutual information is
    the average over x_(i) of I(X_i; Y | X_(i) = x_(i)), so its supremum is the largest capacity of the
    channels x_i ↦ P(·| x_i, x_(i)) (a point mass on the best x_(i)); each by :func:`capacity_of`, and they
    must all be the same function (identical log-linear forms), else not checkable."""
    if set(spec) - {"notion"} or f.alphabets is None:
        raise NotCheckable("mi_dp on a family: a hamming space, no parameters")
    results = []
    for i in range(len(f.alphabets)):
        groups: dict = {}
        for k, x in enumerate(f.inputs):
            groups.setdefault(tuple(x[:i]) + tuple(x[i + 1:]), []).append(f.R[k])
        results += [capacity_of(f, rows) for rows in groups.values()]
    text, form = results[0]
    for _, other in results[1:]:
        if not same_forms(form, other):
            raise NotCheckable("mi_dp on a family: the records' conditional capacities are not one function")
    return text


def capacity_of(f, rows) -> tuple:
    """(capacity as text, its log-linear form) of the channel with these rows: identical rows merged (an input
    law on the merged channel gives the same output law and I(X; Y) = H(Y) − Σ_x p_x H(W_x)), then under the
    uniform input on the distinct rows, q_y the average row, when every D(W_x ‖ q) = Σ_y W_xy log(W_xy/q_y)
    is the same function of the variable (identical log-linear forms, exactpriv.checker.loglinear) the
    uniform input meets the Kuhn–Tucker conditions with equality on its full support and the capacity is that
    common value (Gallager 1968, Thm 4.5.1); otherwise not checkable.  An entry vanishing at an end of the
    domain: there a term W·log(W/q) with W = 0 is 0, as in the definition, when the formula is defined there
    (a log of 0 is not, and no certificate then covers it); capacity is continuous in the channel."""
    distinct: list = []
    for row in rows:
        if not any(all(polys.rf_same(a, b) for a, b in zip(row, d)) for d in distinct):
            distinct.append(row)
    n = len(distinct)
    q = []
    for y in range(len(distinct[0])):
        acc = ([Fraction(0)], [Fraction(1)])
        for row in distinct:
            acc = polys.rf_sub(acc, (polys.pneg(row[y][0]), row[y][1]))
        q.append(polys.rf_reduce(acc[0], polys.pmul(acc[1], [Fraction(n)])))
    texts = []
    for row in distinct:
        terms = [f"{rf_text(*w, f.var, f.m)}*log("
                 f"{rf_text(*polys.rf_quotient(w, qy), f.var, f.m)})"
                 for w, qy in zip(row, q) if w[0]]
        texts.append(" + ".join(terms) or "0")
    forms = [log_linear(parse(t), f.var, f.sub, f.dom) for t in texts]
    for f in forms[1:]:
        if not same_forms(f, forms[0]):
            raise NotCheckable("capacity on a family: the uniform input does not meet the Kuhn-Tucker "
                               "conditions identically (the rows' divergences from the output law differ)")
    return f"({texts[0]})", forms[0]


def same_forms(f: dict, g: dict) -> bool:
    """Two log-linear forms (exactpriv.checker.loglinear) with the same coefficient for every key."""
    zero = ([Fraction(0)], [Fraction(1)])
    return all(polys.rf_same(f.get(k, zero), g.get(k, zero)) for k in set(f) | set(g))
