"""Information-theoretic privacy measures: mutual information, MI-DP, capacity, Sibson, leakage.

Algorithms, and why
-------------------
* **Exact Shannon quantities.**  On a rational mechanism and a rational prior, every Shannon
  quantity here (I(X;Y), I(X_i;Y|X_{-i}), I(X_i;Y), D(X_i || X_i|Y=r)) is a rational-weighted sum
  of logs of rationals, i.e. a :class:`~exactpriv.exact.logforms.LogForm`.  We write it as
  H(Y|C) - H(Y|F) (F a finer, C a coarser function of X) and *collect the terms by integer*,
  Σ_n c_n log n over the distinct numerators and denominators that occur, before factoring:
  each integer is factored once, and equal logs cancel exactly.  Factoring is the cost (flint:
  0.02 s for a 100-bit semiprime, 1 s at 160 bits, measured here; a sympy sum of r·log r took
  403 s at 729x729, see PITFALLS), so ``method="auto"`` returns the exact LogForm only while
  the collected sum is small (:data:`_EXACT_MAX_TERMS`, :data:`_EXACT_MAX_BITS`) and otherwise
  evaluates the *same* collected sum in arb (cached ball logs of integers, doubling precision
  until the width is below 2^-64): a certified enclosure, never a float.
* **Capacities (MI-DP, capacity)** live in :mod:`exactpriv.measures.channel_capacity`
  (closed forms detected exactly, else certified Blahut–Arimoto enclosures; on large
  mechanisms a certified filter rules out sub-channels first), **Sibson's α-MI**
  (``sibson_mi``, ``sibson_capacity``) in :mod:`exactpriv.measures.sibson`; both sets of
  public names are importable from this module too.  The collected log-sums, validation and
  exact maxima are in :mod:`exactpriv.measures.engines.information.logsums`, the joint-pmf sums in
  :mod:`exactpriv.measures.engines.joint_pmf`.
* **Max-type quantities** (adversarial privacy, min-entropy leakage) are logs of exact
  rational maxima.

Conventions (all measures): 0·log 0 = 0; log(p/0) = +oo for p > 0; 0/0 ratios are ignored.
Logs are natural (nats).  Prior-dependent measures need an explicit ``prior=`` (a
:class:`~exactpriv.distributions.Prior` on the mechanism's inputs), as in the Bayesian measures.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import sympy

from exactpriv.errors import SupportError, refuse_symbolic
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import exact_argmax_fractions
from exactpriv.measures.arguments import (
    check_mechanism,
    check_method,
    prior_with_label,
    record_codes,
    record_index,
)
from exactpriv.measures.engines.channel_reduction import is_zero_entry, symbolic_value
from exactpriv.measures.engines.information.logsums import (
    LogSum,
    codes_without_record,
    log_rational_measured,
    max_logsums,
    max_measured,
)
from exactpriv.measures.engines.joint_pmf import (
    SYMBOLIC_NOTE,
    JointPmf,
    cmi_logsum,
    cmi_measured,
    integer_joint,
    symbolic_pmf,
    symbolic_rows,
    terms_sympy,
)
# capacity, MI-DP and Sibson's measures live in their own modules; their public names are
# importable from here too (as documented in the README)
from exactpriv.measures.channel_capacity import capacity, is_capacity, is_mi_dp, mi_dp  # noqa: F401
from exactpriv.measures.sibson import is_sibson_capacity, is_sibson_mi, sibson_capacity, sibson_mi  # noqa: F401
from exactpriv.measures.result import Measured, at_most

__all__ = [
    "adversarial_privacy",
    "capacity",
    "conditional_mi",
    "is_adversarial_privacy",
    "is_capacity",
    "is_conditional_mi",
    "is_mi_dp",
    "is_mi_privacy",
    "is_min_entropy_leakage",
    "is_record_mi",
    "is_record_posterior_kl",
    "is_sibson_capacity",
    "is_sibson_mi",
    "mi_dp",
    "mi_privacy",
    "min_entropy_leakage",
    "record_mi",
    "record_posterior_kl",
    "sibson_capacity",
    "sibson_mi",
]

# Empirically determined parameters (factoring cost, see the module docstring).
# ======================================================================================
# public measures: Shannon MI and its per-record versions
# ======================================================================================
def mi_privacy(M, *, prior=None, method: str = "auto") -> Measured:
    """Mutual information I(X;Y) in nats (Wang–Ying–Zhang Def. 4, eq. (4)).

    I(X;Y) = Σ_{x,y} p(x,y) log( p(x,y) / (p(x) p(y)) ),  p(x,y) = P(x) W(y|x).

    M is ε-mutual-information private iff I(X;Y) <= ε.  I = 0 iff X and Y are independent, and
    I = H(X) when Y = X (Wang–Ying–Zhang, remark after Def. 4).

    Parameters
    ----------
    prior : Prior on ``M.inputs`` (required).
    method : "auto" (exact LogForm when the collected log-sum is small enough to factor; else
        a certified arb enclosure -- of the exact log-sum, or of per-group sums when the common
        denominator of the joint pmf exceeds 512 bits; the result's ``method`` and ``note`` say
        which), "exact" (always factor, however long it takes) or "arb" (never factor).

    Symbolic mechanisms give the defining sum as a sympy expression.
    """
    M = check_mechanism(M)
    P, desc = prior_with_label(M, prior, "mi_privacy")
    method = check_method(method)
    return cmi_measured("mi_privacy", M, P, None, [0] * M.shape[0], method, {"prior": desc})


def is_mi_privacy(M, level, *, prior=None, method: str = "auto") -> Decision:
    """Decide I(X;Y) <= level (ε-MI privacy, Wang–Ying–Zhang Def. 4)."""
    return at_most(mi_privacy(M, prior=prior, method=method), level)


def conditional_mi(M, *, prior=None, record=None, method: str = "auto") -> Measured:
    """Conditional mutual information I(X_i; Y | X_{-i}) (Cuff–Yu Def. 2 at a fixed prior;
    Wu–Xia–He Prop. 4).

    I(X_i;Y|X_{-i}) = Σ_x P(x) Σ_y W(y|x) log( W(y|x) / P(y|x_{-i}) ),
    P(y|x_{-i}) = Σ_{x_i'} P(x_i'|x_{-i}) W(y|x_i', x_{-i}).

    With ``record=None`` the maximum over records i, with ``"record": i`` in the witness.
    """
    M = check_mechanism(M)
    P, desc = prior_with_label(M, prior, "conditional_mi")
    method = check_method(method)
    codes = record_codes(M, "conditional_mi")
    recs = range(codes.shape[1]) if record is None else [record_index(M, record)]
    if M.is_rational:
        joint = JointPmf(P.pmf, M, method)
        return max_logsums("conditional_mi", [(cmi_logsum(P.pmf, M, None, codes_without_record(codes, i), joint=joint),
                                                {"record": i, "prior": desc}) for i in recs], method)
    items = [cmi_measured("conditional_mi", M, P, None, codes_without_record(codes, i), method,
                           {"record": i, "prior": desc}) for i in recs]
    return items[0] if len(items) == 1 else max_measured("conditional_mi", items)


def is_conditional_mi(M, level, *, prior=None, record=None, method: str = "auto") -> Decision:
    """Decide max_i I(X_i;Y|X_{-i}) <= level at the given prior."""
    return at_most(conditional_mi(M, prior=prior, record=record, method=method), level)


def record_mi(M, *, prior=None, record=None, method: str = "auto") -> Measured:
    """Per-record mutual information I(X_i; Y) (Wu–Xia–He Thm 3: ε-identity DP implies I(X_i;Y) <= ε).

    I(X_i;Y) = Σ_{t,r} P(X_i=t, Y=r) log( P(X_i=t, Y=r) / (P(X_i=t) P(Y=r)) ).
    With ``record=None`` the maximum over records, with the witness record.
    """
    M = check_mechanism(M)
    P, desc = prior_with_label(M, prior, "record_mi")
    method = check_method(method)
    codes = record_codes(M, "record_mi")
    recs = range(codes.shape[1]) if record is None else [record_index(M, record)]
    const = [0] * M.shape[0]
    if M.is_rational:
        joint = JointPmf(P.pmf, M, method)
        return max_logsums("record_mi", [(cmi_logsum(P.pmf, M, codes[:, i].tolist(), const, joint=joint),
                                           {"record": i, "prior": desc}) for i in recs], method)
    items = [cmi_measured("record_mi", M, P, codes[:, i].tolist(), const, method, {"record": i, "prior": desc})
             for i in recs]
    return items[0] if len(items) == 1 else max_measured("record_mi", items)


def is_record_mi(M, level, *, prior=None, record=None, method: str = "auto") -> Decision:
    """Decide max_i I(X_i;Y) <= level."""
    return at_most(record_mi(M, prior=prior, record=record, method=method), level)


def record_posterior_kl(M, *, prior=None, record=None, output=None, method: str = "auto") -> Measured:
    """Relative entropy of a record's prior to its posterior (Wu–Xia–He Theorem 2, eq. (26)):

    D(X_i || X_i|Y=r) = Σ_t P(X_i=t) ln( P(X_i=t) / P(X_i=t | Y=r) ),

    +oo when the posterior is 0 where the prior is positive.  Only outputs with P(Y=r) > 0
    are considered (an explicitly given ``output`` of probability 0 raises SupportError).
    With ``record``/``output`` None, the maximum over records and outputs, witness
    {"record": i, "output": r}.
    """
    M = check_mechanism(M)
    P, desc = prior_with_label(M, prior, "record_posterior_kl")
    method = check_method(method)
    codes = record_codes(M, "record_posterior_kl")
    recs = range(codes.shape[1]) if record is None else [record_index(M, record)]
    if output is None:
        outs = None
    else:
        outs = [M.output_index(output)]
    if M.is_rational:
        return _record_posterior_kl_rational(M, P, desc, codes, recs, output, method)
    rows = symbolic_rows(M)
    pmf = symbolic_pmf(P.pmf)
    m = M.shape[1]
    outs = None if output is None else [M.output_index(output)]
    q = [sum((p * row[y] for p, row in zip(pmf, rows) if p != 0), 0) for y in range(m)]
    if outs is None:
        outs = [y for y in range(m) if not is_zero_entry(q[y])]
    elif is_zero_entry(q[outs[0]]):
        raise SupportError(f"output={output!r} has probability 0 under the prior; its posterior is undefined")
    items = []
    for i in recs:
        k = len(M.inputs.records[i])
        pi = [0] * k
        joint = [[0] * m for _ in range(k)]
        for x, (p, row) in enumerate(zip(pmf, rows)):
            if p == 0:
                continue
            t = int(codes[x, i])
            pi[t] += p
            for y in outs:
                joint[t][y] += p * row[y]
        for y in outs:
            wit = {"record": i, "output": M.outputs[y], "prior": desc}
            bad = [t for t in range(k) if not is_zero_entry(pi[t]) and is_zero_entry(joint[t][y])]
            if bad:
                items.append(Measured("record_posterior_kl", sympy.oo, witness=dict(
                    wit, record_value=M.inputs.records[i][bad[0]]), method="exact",
                    note="posterior 0 where the prior is positive"))
                continue
            # D = Σ_t π_t log π_t - Σ_t π_t log P(t, r) + log q(r)   (Σ_t π_t = 1)
            terms = [(pi[t], pi[t] / joint[t][y]) for t in range(k) if not is_zero_entry(pi[t])]
            terms.append((1, q[y]))
            items.append(Measured("record_posterior_kl", symbolic_value(terms_sympy(terms)), witness=wit,
                                  method="sympy", note=SYMBOLIC_NOTE))
    return items[0] if len(items) == 1 else max_measured("record_posterior_kl", items)


def _record_posterior_kl_rational(M, P, desc, codes, recs, output, method) -> Measured:
    """Integer version: with P(x)W(y|x) = C[x,y]/D, π_t = Π_t/D, P(t,r) = J[t,r]/D and
    P(r) = Q[r]/D, D(X_i || X_i|Y=r) = Σ_t (Π_t/D) log(Π_t/J[t,r]) + log(Q[r]/D)."""
    C, D, supp = integer_joint(P.pmf, M)
    Q = C.sum(axis=0)
    if output is None:
        outs = np.flatnonzero(Q != 0).tolist()
    else:
        y = M.output_index(output)
        if Q[y] == 0:
            raise SupportError(f"output={output!r} has probability 0 under the prior; its posterior is undefined")
        outs = [y]
    entries = []
    for i in recs:
        k = len(M.inputs.records[i])
        labels = codes[supp, i]
        J = np.zeros((k, C.shape[1]), dtype=object)
        np.add.at(J, labels, C)
        Pi = J.sum(axis=1).tolist()
        Jl = J[:, outs].tolist()
        for col, y in enumerate(outs):
            wit = {"record": i, "output": M.outputs[y], "prior": desc}
            bad = [t for t in range(k) if Pi[t] and not Jl[t][col]]
            if bad:
                entries.append((sympy.oo, dict(wit, record_value=M.inputs.records[i][bad[0]])))
                continue
            ls = LogSum(D)
            for t in range(k):
                if Pi[t]:
                    ls.add_ratio(Pi[t], Pi[t], Jl[t][col])
            ls.add_ratio(D, int(Q[y]), D)
            entries.append((ls, wit))
    return max_logsums("record_posterior_kl", entries, method)


def is_record_posterior_kl(M, level, *, prior=None, record=None, output=None, method: str = "auto") -> Decision:
    """Decide max_{i,r} D(X_i || X_i|Y=r) <= level (Wu–Xia–He Theorem 2)."""
    return at_most(record_posterior_kl(M, prior=prior, record=record, output=output, method=method), level)


# ======================================================================================
# max-type measures: adversarial privacy, min-entropy leakage
# ======================================================================================
def adversarial_privacy(M, *, prior=None, method: str = "auto") -> Measured:
    """Adversarial privacy level (Cuff–Yu §6.4, eq. (64)): the least ε with
    ln dP_{X|Y=y}/dP_X <= ε for all y, i.e.

    max over y with P(y) > 0 and x with P(x) > 0 of ln( P(x|y)/P(x) ) = ln( W(y|x) / P(y) ).

    Exact LogForm (log of an exact rational maximum; a certified enclosure when that rational
    is too large to factor, see ``method`` in :func:`mi_privacy`).  Since I(X;Y) is the average
    of these log-ratios, I(X;Y) <= this value (Cuff–Yu (65)).  Witness: {"output": y,
    "input": x, "ratio": the exact maximum}.
    """
    M = check_mechanism(M)
    P, desc = prior_with_label(M, prior, "adversarial_privacy")
    method = check_method(method)
    refuse_symbolic(M, "adversarial_privacy")
    C, D, supp = integer_joint(P.pmf, M)
    num, den = M.integer_rows()
    Q = C.sum(axis=0)  # P(y) = Q[y] / D
    best, arg = None, None
    for y in np.flatnonzero(Q != 0).tolist():
        # max over the support of W(y|x) = num/den, exactly (kernel: float filter + exact tournament)
        k, w = exact_argmax_fractions(num[supp, y], den[supp])
        r = w * D / int(Q[y])
        if best is None or r > best:
            best, arg = r, (supp[k], y)
    x, y = arg
    return log_rational_measured("adversarial_privacy", best, method,
                                  {"output": M.outputs[y], "input": M.inputs.points[x], "prior": desc,
                                   "ratio": str(best)}, "ln of the exact maximum of W(y|x)/P(y) over the supports")


def is_adversarial_privacy(M, level, *, prior=None, method: str = "auto") -> Decision:
    """Decide ε-adversarial privacy (Cuff–Yu (64)) at the given prior."""
    return at_most(adversarial_privacy(M, prior=prior, method=method), level)


def min_entropy_leakage(M, *, prior=None, method: str = "auto") -> Measured:
    """Min-entropy leakage (Cuff–Yu (72)-(73)):

    I_∞(X;Y) = H_∞(X) - H_∞(X|Y) = log Σ_y max_x P(x) W(y|x) - log max_x P(x).

    Exact LogForm (a certified enclosure when the rational is too large to factor).  Witness:
    the prior and the two vulnerabilities (exact rationals).
    """
    M = check_mechanism(M)
    P, desc = prior_with_label(M, prior, "min_entropy_leakage")
    method = check_method(method)
    refuse_symbolic(M, "min_entropy_leakage")
    C, D, _ = integer_joint(P.pmf, M)
    total = Fraction(sum(int(v) for v in C.max(axis=0).tolist()), D)  # Σ_y max_x P(x)W(y|x)
    return log_rational_measured("min_entropy_leakage", total / max(P.pmf), method,
                                  {"prior": desc, "posterior_vulnerability": str(total),
                                   "prior_vulnerability": str(max(P.pmf))})


def is_min_entropy_leakage(M, level, *, prior=None, method: str = "auto") -> Decision:
    """Decide I_∞(X;Y) <= level (Cuff–Yu (72))."""
    return at_most(min_entropy_leakage(M, prior=prior, method=method), level)
