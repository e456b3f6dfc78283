"""Channel capacity and MI-DP (Cuff–Yu (58) and Definition 2).

Algorithms, and why
-------------------
The channel is first reduced without changing its capacity (duplicate rows, zero columns,
proportional columns), then closed forms are *detected exactly* (one row or column -> 0;
weakly symmetric -> log|Y| - H(row); an erasure symbol of constant probability 1 - δ ->
δ·C(rest), recursively): :mod:`exactpriv.measures.engines.channel_reduction`.  Anything else gets the certified
enclosure of :mod:`exactpriv.measures.engines.capacity` (accelerated Blahut–Arimoto + Newton,
certificate I(P) <= C <= max_x D(W_x || q) in arb; PITFALLS: plain BA stalls).

MI-DP is a maximum of sub-channel capacities.  Sub-channels equal up to row/column
permutations are measured once; numeric ones are first bounded to a coarse gap and only those
whose upper bound reaches the best lower bound are refined.  On large rational mechanisms the
sub-channels that cannot hold the maximum are first ruled out by a certified float bound
(:mod:`exactpriv.measures.engines.mi_dp_filter`: batched Blahut–Arimoto, then an upper bound with a
proved margin), so that only a handful reach the exact path: 129 s -> see the README's
benchmark table (bench/bench_mi_dp.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import as_rational
from exactpriv.measures.arguments import check_mechanism, record_codes
from exactpriv.measures.closed_forms import tagged_mi_dp
from exactpriv.measures.engines import mi_dp_filter as _mi_dp_filter
from exactpriv.measures.engines.channel_reduction import (
    DEFAULT_GAP,
    ChannelCapacity,
    canonical_channel,
    canonical_rows,
    capacity_of_integer_rows,
    channel_integer_rows,
    reduce_channel,
    reduce_integer_rows,
    reduced_capacity,
)
from exactpriv.measures.engines.information.logsums import (
    COARSE_GAP,
    SYMBOLIC_MAX_ENTRIES,
    codes_without_record,
    max_measured,
    measured_bounds,
    pmf_label,
)
from exactpriv.measures.engines.scan.engine import ScanEngine
from exactpriv.measures.family_dispatch import closed_form_for
from exactpriv.measures.result import Measured, at_most
from exactpriv.mechanisms.base import Mechanism, ProductMechanism

__all__ = ["capacity", "is_capacity", "is_mi_dp", "mi_dp"]


# ======================================================================================
# channel capacity and MI-DP (reduction and closed forms: exactpriv.measures.engines.channel_reduction)
# ======================================================================================
def _cap_measured(name, cap: ChannelCapacity, witness: dict, note="") -> Measured:
    if cap.value is not None:
        return Measured(name, cap.value, witness=witness, method=cap.method, note=note or cap.how)
    return Measured(name, None, cap.lower, cap.upper, witness, cap.method, note or cap.how)


@closed_form_for("capacity")
def capacity(M: Mechanism | ProductMechanism, *, gap: Any = DEFAULT_GAP, method: str = "auto") -> Measured:
    """Capacity sup_{P_{X^n}} I(X^n; Y) of the whole mechanism (Cuff–Yu (58), (53), Ex. 3.3, Ex. 5.1).

    Exact when a closed form is detected in the matrix structure (see the module docstring:
    identical rows -> 0; weakly symmetric -> log|Y| - H(row); an erasure column of constant
    probability 1-δ -> δ·C(rest), so Ex. 3.3 gives δ log N); otherwise a certified enclosure
    [I(P), max_x D(W_x || PW)] of width about ``gap``.  Witness: "prior" (a capacity-achieving
    input pmf, or the one certifying the lower bound).  ``method="numeric"`` skips the
    closed-form detector (for cross-checks).
    """
    M = check_mechanism(M)
    gap = _gap(gap)
    method = _cap_method(method)
    check_symbolic_size(M)
    if M.is_rational:
        cap = capacity_of_integer_rows(*channel_integer_rows(*M.integer_rows()), gap=gap, method=method)
    else:
        cap = reduced_capacity(M.rows, gap=gap, method=method)
    return _cap_measured("capacity", cap, {"prior": pmf_label(M.inputs, cap.prior)})


def is_capacity(M, level, *, gap=DEFAULT_GAP, method: str = "auto") -> Decision:
    """Decide sup_P I(X;Y) <= level (Cuff–Yu (58))."""
    return at_most(capacity(M, gap=gap, method=method), level)


def _cap_method(method) -> str:
    if method not in ("auto", "numeric"):
        raise InvalidArgument(f"method={method!r} must be 'auto' (closed forms when detected) or 'numeric'")
    return method


def _gap(gap) -> Fraction:
    g = as_rational(gap, "gap")
    if g <= 0:
        raise InvalidArgument(f"gap={gap!r} must be a positive rational")
    return g


def check_symbolic_size(M) -> None:
    """Refuse a symbolic mechanism of more than SYMBOLIC_MAX_ENTRIES entries: the closed forms would not end."""
    if not M.is_rational and M.shape[0] * M.shape[1] > SYMBOLIC_MAX_ENTRIES:
        raise InvalidArgument(
            f"{M!r} is symbolic and has {M.shape[0] * M.shape[1]} entries (> {SYMBOLIC_MAX_ENTRIES}); "
            f"substitute a value first (M.subs(eps=...))")


@closed_form_for("mi_dp")
def mi_dp(M: Mechanism | ProductMechanism, *, gap: Any = DEFAULT_GAP, method: str = "auto") -> Measured:
    """MI-DP level (Cuff–Yu Def. 2): sup over records i and ALL joint priors P_{X^n} of
    I(X_i; Y | X_{-i}).

    Reduction (proof).  For any prior,
        I(X_i;Y|X_{-i}) = Σ_{x_{-i}} P(x_{-i}) I(X_i;Y | X_{-i}=x_{-i}),
    and given X_{-i} = x_{-i}, Y depends on X_i only through the channel
    W_{i,x_{-i}}: x_i -> P(·|x_i, x_{-i}) (the mechanism's rows with the other records fixed),
    with input distribution P(X_i|x_{-i}).  Hence each term is at most C(W_{i,x_{-i}}), the
    capacity, and the average of the terms is at most max_{x_{-i}} C(W_{i,x_{-i}}).  The bound
    is attained: put a point mass on a maximising x_{-i} times a capacity-achieving input on
    X_i; then I(X_i;Y|X_{-i}) = C(W_{i,x_{-i}}).  So

        mi_dp(M) = max_i max_{x_{-i}} C(W_{i,x_{-i}}).

    Each capacity is exact when a closed form is detected (binary symmetric rows:
    log 2 - h(p); erasure: δ log N; identical rows: 0; permutation channels: log N; see
    :func:`capacity`), else a certified enclosure; sub-channels equal up to permutations are
    computed once.  Witness: "record", "others" ({j: x_j}), "input_prior" (pmf of X_i),
    "prior" (the optimising joint prior: point mass on x_{-i} times the input prior).
    """
    M = check_mechanism(M)
    gap = _gap(gap)
    method = _cap_method(method)
    check_symbolic_size(M)
    codes = record_codes(M, "mi_dp")
    note = "max over records i and values x_{-i} of the capacity of x_i -> P(.|x_i, x_{-i}) (Def. 2 reduction)"
    filter_note = ("; sub-channels whose certified upper bound is below a certified lower bound of the maximum "
                   "were ruled out first (exactpriv.measures.engines.mi_dp_filter)")
    if method == "auto":  # structure before matrices: tagged RR or E_d, the same Measured as the scan below
        closed = tagged_mi_dp(M, lambda: note + (filter_note if _mi_dp_filter.applicable(M) else ""))
        if closed is not None:
            return closed
    recs = M.inputs.records
    pts = M.inputs.points
    rational = M.is_rational
    if rational:
        num, den = M.integer_rows()
    seen: set = set()
    items, entries = [], []
    coarse = max(gap, COARSE_GAP)
    subs, filtered = None, False
    if rational and _mi_dp_filter.applicable(M):
        def leader_lower(i, xs):
            return _mi_dp_filter.lower_of(capacity_of_integer_rows(*channel_integer_rows(num[xs], den[xs]), gap=coarse, method=method))
        subs = _mi_dp_filter.candidate_subchannels(M, codes, ScanEngine(M).codes, leader_lower)
        filtered = subs is not None
    if subs is None:
        subs = _all_subchannels(codes)
    for i, xs in subs:
        if rational:
            N, d = channel_integer_rows(num[xs], den[xs])
            red, dr, _ = reduce_integer_rows(N, d, list(range(len(xs))))
            ckey = canonical_rows(red, dr)
        else:
            rows = [M.rows[x] for x in xs]
            red, _ = reduce_channel(rows, list(range(len(rows))))
            ckey = canonical_channel(red) if red and red[0] else ()
        if ckey in seen:
            continue  # equal up to permutations to a channel already measured: same capacity
        seen.add(ckey)
        # phase 1: every distinct sub-channel, numeric ones only to a coarse gap
        if rational:
            cap = capacity_of_integer_rows(N, d, gap=coarse, method=method)
            entries.append([cap, i, xs, (N, d)])
        else:
            entries.append([reduced_capacity(rows, gap=coarse, method=method), i, xs, None])
    # phase 2: refine, best first, only the numeric sub-channels that may still hold the maximum
    if rational and gap < COARSE_GAP and any(e[0].value is None for e in entries):
        best_low = max(measured_bounds(e[0].value)[0] if e[0].value is not None else e[0].lower for e in entries)
        for e in sorted((e for e in entries if e[0].value is None), key=lambda e: e[0].upper, reverse=True):
            if e[0].upper < best_low:
                break  # this and all later ones are certified below the maximum already
            e[0] = capacity_of_integer_rows(*e[3], gap=gap, method=method)
            best_low = max(best_low, e[0].lower)
    for cap, i, xs, _ in entries:
        xl = xs.tolist()
        others = {j: recs[j][c] for j, c in enumerate(codes[xl[0]].tolist()) if j != i}
        input_prior = {repr(recs[i][int(codes[x, i])]): str(p) for x, p in zip(xl, cap.prior) if p != 0}
        joint = {repr(pts[x]): str(p) for x, p in zip(xl, cap.prior) if p != 0}
        wit = {"record": i, "others": others, "input_prior": input_prior, "prior": joint}
        items.append(_cap_measured("mi_dp", cap, wit))
    if filtered:
        note += filter_note
    return max_measured("mi_dp", items, note)


def _all_subchannels(codes: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """(record i, inputs with one x_{-i} sorted by x_i) for every record and every x_{-i}."""
    out = []
    for i in range(codes.shape[1]):
        groups: dict = {}
        for x, key in enumerate(codes_without_record(codes, i)):
            groups.setdefault(key, []).append(x)
        for xs in groups.values():
            out.append((i, np.array(sorted(xs, key=lambda x: codes[x, i]), dtype=np.int64)))
    return out


def is_mi_dp(M, level, *, gap=DEFAULT_GAP, method: str = "auto") -> Decision:
    """Decide ε-MI-DP (Cuff–Yu Def. 2): sup_{i, P} I(X_i;Y|X_{-i}) <= level."""
    return at_most(mi_dp(M, gap=gap, method=method), level)
