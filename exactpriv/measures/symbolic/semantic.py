"""Closed form of semantic privacy (posterior cross-ratios) on a symbolic family.

Step 5 of :mod:`exactpriv.measures.symbolic` applied to cross-ratios: they are rational functions of
the chart variable, so the maximum over pairs is decided exactly on the chart.
"""

from __future__ import annotations

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.measures.result import Measured
from exactpriv.spaces import Hamming
from exactpriv.measures.symbolic.domain import DEFAULT_SECONDS, ProofBudget
from .family import analysed_family
from exactpriv.exact.numbers import OO

__all__ = ["semantic_privacy_symbolic"]


# ======================================================================================
# semantic privacy
# ======================================================================================
def semantic_privacy_symbolic(M, *, default=None, domain=(0, OO), closed=(True, False), variable=None,
                              seconds: float | None = DEFAULT_SECONDS) -> Measured:
    """Closed form of Kasiviswanathan–Smith semantic privacy (Zhao Def. 1, (4)) for every value
    of the symbol, by the exact two-point reduction of
    :func:`exactpriv.measures.semantic.sup_posterior_sd`:
    SP = H(R) = (√R − 1)/(√R + 1), R = max over records i, outputs y and points x, z of the
    cross-ratio u_x v_z/(v_x u_z), u_x = P(y|x), v_x = P(y|x with record i := ⊥).  R is a rational
    function of the chart, its maximum decided exactly; ``randomized_response(2, eps=EPS)`` gives
    (e^{ε/2} − 1)/(e^{ε/2} + 1) = tanh(ε/4).  ``default`` (⊥) must lie in every record alphabet;
    None means the first value of each.  Columns where no belief defines both posteriors are
    skipped (as in the numeric measure)."""
    fam = analysed_family(M, variable, domain, closed, "semantic_privacy_symbolic")
    budget = ProofBudget(seconds)
    space = fam.M.inputs
    if not isinstance(space, Hamming):
        raise InvalidArgument(f"semantic_privacy_symbolic needs a Hamming space, got {space!r}")
    if default is None:
        dcodes = [0] * space.n
    else:
        dcodes = []
        for a in space.alphabets:
            if default not in a:
                raise InvalidArgument(f"default={default!r} is not in the record alphabet {list(a)!r}")
            dcodes.append(list(a).index(default))
    codes = space.record_codes()
    pts = space.points
    cands = []
    for i in range(space.n):
        dx = [space.index(tuple(space.alphabets[j][dcodes[i]] if j == i else space.alphabets[j][c]
                                for j, c in enumerate(codes[x].tolist()))) for x in range(len(pts))]
        for y in range(fam.M.shape[1]):
            u = [int(fam.codes[x, y]) for x in range(len(pts))]
            v = [int(fam.codes[dx[x], y]) for x in range(len(pts))]
            live = [x for x in range(len(pts)) if not (fam.zero[u[x]] and fam.zero[v[x]])]
            if not any(not fam.zero[u[x]] for x in live) or not any(not fam.zero[v[x]] for x in live):
                continue
            wit = {"record": i, "output": fam.M.outputs[y]}
            if any(fam.zero[u[x]] != fam.zero[v[x]] for x in live):
                cands.append((OO, wit))
                continue
            slopes = {}
            for x in live:
                s = fam.canon(fam.f[v[x]] / fam.f[u[x]])
                slopes.setdefault(s, x)
            for s1, x in slopes.items():
                for s2, z in slopes.items():
                    cands.append((fam.canon(s2 / s1), {**wit, "pair": [pts[x], pts[z]]}))
    if not cands:
        raise InvalidArgument(f"semantic_privacy_symbolic: no transcript of {fam.M!r} defines both posteriors")
    und, how = fam.dominant(cands, budget, rational=True)

    def to_value(R):
        if R == OO:
            return sympy.Integer(1)
        s = sympy.sqrt(fam.expr(R))
        return (s - 1) / (s + 1)

    Rs = [OO if R == OO else fam.expr(R) for R, _ in und]
    m = fam.result("semantic_privacy", und, how, "symbolic: two-point reduction; maximal cross-ratio by exact "
                                                    "sign charts", to_value=to_value,
                      note=f"default = {[a[c] for a, c in zip(space.alphabets, dcodes)]}")
    m.witness["cross_ratio"] = Rs[0] if len(Rs) == 1 else sympy.Max(*Rs, evaluate=False)
    return m
