"""Closed-form channel capacity and mutual-information DP of a symbolic family.

Step 6 of :mod:`exactpriv.measures.symbolic`.  Gallager's symmetric channels (outputs partitioned into
classes whose rows are permutations of each other and columns are permutations of each other;
Gallager, *Information Theory and Reliable Communication*, 1968, §4.5, Thm 4.5.2) have a capacity-
achieving uniform input, C = Σ_y W(y|x0) log(W(y|x0)/q(y)).  The coarsest such partition is found
exactly by grouping columns by their multiset of canonical entries.  Other channels fall back on the
closed-form detector of :func:`exactpriv.measures.information.capacity`.  MI-DP = max over records i
and x_{-i} of the capacity of x_i -> P(.|x_i, x_{-i}) (reduction proved in
:func:`exactpriv.measures.information.mi_dp`).
"""

from __future__ import annotations

import numpy as np
import sympy

from exactpriv.errors import InvalidArgument, NoClosedFormError
from exactpriv.exact.numbers import OO, to_sympy
from exactpriv.measures.result import Measured
from .chart import RationalFunction
from exactpriv.measures.symbolic.domain import DEFAULT_SECONDS, ProofBudget
from .family import SymbolicFamily, analysed_family

__all__ = ["capacity_symbolic", "mi_dp_symbolic"]


# ======================================================================================
# capacity and MI-DP
# ======================================================================================
def _gallager_capacity(fam: SymbolicFamily, rows, budget):
    """(value, how) for Gallager-symmetric sub-channels, or None."""
    seen, uniq = set(), []
    for r in rows:
        k = tuple(fam.codes[r].tolist())
        if k not in seen:
            seen.add(k)
            uniq.append(r)
    C = fam.codes[uniq]
    k, m = C.shape
    if k == 1:
        return sympy.Integer(0), "identical rows: Y independent of X"
    groups: dict = {}
    for y in range(m):
        groups.setdefault(tuple(sorted(C[:, y].tolist())), []).append(y)
    for cols in groups.values():
        ms0 = sorted(C[0, cols].tolist())
        if any(sorted(C[r, cols].tolist()) != ms0 for r in range(1, k)):
            return None
    if not fam.chart.kind:
        return None
    terms: dict = {}
    for y in range(m):
        a = int(C[0, y])
        if fam.zero[a]:
            continue
        qy = RationalFunction.const(0)
        for r in range(k):
            qy = qy + fam.f[int(C[r, y])]
        qy = qy / k
        fam.add_log(terms, fam.f[a], fam.f[a] / qy, budget)
    how = (f"Gallager-symmetric {k}x{m} channel ({len(groups)} output class(es), rows and columns permutations of "
           f"each other within each): uniform input, C = sum_y W(y|x0) log(W(y|x0)/q(y))")
    return fam.assemble(terms), how


def _capacity_of_rows(fam: SymbolicFamily, rows, budget):
    g = _gallager_capacity(fam, rows, budget)
    if g is not None:
        return g
    # the closed-form detector of exactpriv.measures.information.capacity, called below the public
    # capacity (which dispatches symbolic families back here)
    from exactpriv.measures.engines.channel_reduction import DEFAULT_GAP, reduced_capacity
    from exactpriv.measures.engines.information.logsums import SYMBOLIC_MAX_ENTRIES

    M = fam.M
    sub_rows = [M.rows[r] for r in rows]
    where = [M.inputs.points[r] for r in rows]
    if len(sub_rows) * len(M.outputs) > SYMBOLIC_MAX_ENTRIES:
        raise NoClosedFormError(f"no exact closed form of the capacity of the sub-channel on rows {where!r} of "
                              f"{M!r} (more than {SYMBOLIC_MAX_ENTRIES} symbolic entries)")
    try:
        cap = reduced_capacity(sub_rows, gap=DEFAULT_GAP, method="auto")
    except InvalidArgument as exc:
        raise NoClosedFormError(f"no exact closed form of the capacity of the sub-channel on rows {where!r} of "
                              f"{M!r} ({exc})") from None
    if cap.value is None:
        raise NoClosedFormError(f"no exact closed form of the capacity of rows {where!r}")
    return to_sympy(cap.value), "closed form of exactpriv.measures.information.capacity: " + cap.how


def capacity_symbolic(M, *, domain=(0, OO), closed=(True, False), variable=None,
                      seconds: float | None = DEFAULT_SECONDS) -> Measured:
    """Closed form of the capacity sup_P I(X;Y) of the whole mechanism (Cuff–Yu (58), Ex. 3.3)
    for every value of the symbol: Gallager-symmetric channels (uniform input; BSC(p): log 2 − h(p),
    erasure with non-erasure probability δ: δ log N, E_d on D^n: n log m − H(row)), else the
    closed-form detector of :func:`exactpriv.measures.information.capacity`."""
    fam = analysed_family(M, variable, domain, closed, "capacity_symbolic")
    budget = ProofBudget(seconds)
    val, how = _capacity_of_rows(fam, list(range(fam.M.shape[0])), budget)
    return Measured("capacity", val, witness={"prior": "uniform over the distinct rows", "valid_on": fam.valid,
                                              "variable": str(fam.var)},
                    method="symbolic: " + how.split(":")[0], note=f"closed form valid for {fam.valid}; {how}")


def mi_dp_symbolic(M, *, domain=(0, OO), closed=(True, False), variable=None,
                   seconds: float | None = DEFAULT_SECONDS) -> Measured:
    """Closed form of the MI-DP level (Cuff–Yu Def. 2): max over records i and x_{-i} of the
    capacity of x_i -> P(.|x_i, x_{-i}) (reduction proved in
    :func:`exactpriv.measures.information.mi_dp`), each sub-channel in closed form
    (:func:`capacity_symbolic`'s rules), the maximum by the certifier.  Witness: "record", "others"."""
    fam = analysed_family(M, variable, domain, closed, "mi_dp_symbolic")
    budget = ProofBudget(seconds)
    space = fam.M.inputs
    if space.records is None:
        raise InvalidArgument(f"mi_dp_symbolic needs a product space with records, got {space!r}")
    codes = space.record_codes()
    cands, seen, hows = [], set(), set()
    for i in range(codes.shape[1]):
        groups: dict = {}
        for x in range(codes.shape[0]):
            groups.setdefault(tuple(np.delete(codes[x], i).tolist()), []).append(x)
        for others, xs in groups.items():
            xs = sorted(xs, key=lambda x: codes[x, i])
            key = tuple(sorted(tuple(fam.codes[x].tolist()) for x in xs))
            if key in seen:
                continue
            seen.add(key)
            val, how = _capacity_of_rows(fam, xs, budget)
            hows.add(how.split(":")[0])
            oth = {j: space.records[j][c] for j, c in enumerate(codes[xs[0]].tolist()) if j != i}
            cands.append((val, {"record": i, "others": oth}))
    und, how = fam.dominant(cands, budget, rational=False)
    return fam.result("mi_dp", und, how, "symbolic: max over (i, x_{-i}) of sub-channel capacities",
                      to_value=lambda v: v, note="; ".join(sorted(hows)))
