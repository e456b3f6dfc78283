"""Closed forms of privacy measures on symbolic mechanism families (entries in ε or in one parameter).

A *symbolic family* is a :class:`~exactpriv.mechanisms.base.Mechanism` whose entries are exact
sympy expressions in ONE symbol s — the privacy parameter ``eps`` (randomized response,
truncated geometric, the exponential mechanism E_d built with ``eps=EPS``) or a parameter such as
the non-erasure probability δ — together with a domain of s (default ε ∈ [0, oo)).  Each measure
here returns a :class:`~exactpriv.measures.result.Measured` whose value is a sympy expression in
s that equals the measure of M(s) for EVERY s of ``witness["valid_on"]``, or raises
:class:`~exactpriv.errors.InvalidArgument` when no exact derivation applies.

Algorithm and why
-----------------
1. **Chart.**  Entries are rewritten exactly as rational functions of a chart variable u:
   u = e^{c·s} when they are rational in exponentials e^{q·s} (c = gcd of the rational q's, as in
   :func:`exactpriv.measures.divergence._to_t`), u = s when they are rational in s.  Chart values
   are canonical pairs of python-flint ``fmpq_poly`` (:class:`_RF`: coprime, monic denominator),
   so equality is structural and arithmetic costs microseconds (sympy's ``cancel``/``Poly`` took
   5-10 ms a call and dominated everything).  The sign of a rational function over an interval
   with rational ends is decided exactly (flint square-free factorisation, Sturm sequences,
   exact evaluation at a rational sample point and at the ends).  Expressions with logs are first
   put in the *log-linear normal form* Σ_b c_b(u)·b (step 4's basis; :func:`prove_log_linear`):
   identical normal forms prove an identity, a purely rational difference is signed exactly.
   Everything else (fractional powers, e^{ε'} off the lattice, genuine transcendental
   inequalities) goes to the certifier :func:`exactpriv.certify.prove_inequality`.
2. **Validity domain.**  Every entry that is not identically zero must be > 0 on the open domain
   (decided as above; otherwise InvalidArgument: split the domain or substitute).  A closed end
   where some entry vanishes is *excluded* (the support changes there and a closed form need not
   extend); :mod:`exactpriv.forall` decides such ends on ``M.subs(...)`` with the exact numeric
   measures.
3. **Symmetry, exactly.**  Ordered pairs (x, x') whose column pairs {(P(y|x), P(y|x'))}_y are equal
   multisets of canonical entries have equal KL, Rényi, hockey-stick and max divergences (each is
   a sum or max over y of a function of the column pair).  Grouping by that multiset needs no
   float; all 2·C(k,2) ordered pairs of k-ary randomized response form one class, so D(P‖Q) =
   D(Q‖P) there is an exact by-product.
4. **Closed forms per class.**  Logs of rational functions are split over a basis — s itself
   (log u = c·s), logs of primes, logs of irreducible factors of constant sign on the domain —
   and the coefficients are collected and cancelled, so KL of RR(ε) comes out as
   ε(e^ε − 1)/(e^ε + 1) rather than a sum of logs.  TV and hockey-stick are
   E_γ = Σ_y max(0, a − γb) = max over output sets S of Σ_{y∈S}(a − γb): terms of constant sign on
   the domain are kept or dropped exactly, and the r terms whose sign changes give 2^r rational
   candidates (one per choice), maximised like ratios in step 5 — so the value stays exact even
   when the optimal event changes with ε.
5. **Maximum over classes for all s.**  Ratios (pure DP) and cross-ratios (semantic privacy) are
   rational functions: dominance is decided exactly on the chart.  Other closed forms (KL, Rényi,
   capacities) are compared through the normal form, then the certifier: a candidate is dropped
   only when another is PROVED >= it on the whole domain.  A certified value (exact on the chart,
   arb balls otherwise) at a few interior points refutes a dominance without calling the
   certifier; floats at one point merely *order* the candidates to try.
   When no candidate is proved dominant the value is the exact ``Max`` of the undominated closed
   forms, and the note says so.
6. **Capacity / MI-DP.**  Gallager's symmetric channels (outputs partitioned into classes in which
   rows are permutations of each other and columns are permutations of each other; Gallager 1968,
   §4.5, Thm 4.5.2) have a capacity-achieving uniform input, C = Σ_y W(y|x0) log(W(y|x0)/q(y)).
   The coarsest such partition is found exactly by grouping columns by their multiset of canonical
   entries (a valid partition exists iff this one is valid).  BSC(p): log 2 − h(p); erasure
   channel: δ log N; E_d: n log m − H(row).  Other channels fall back on the closed-form detector
   of :func:`exactpriv.measures.information.capacity` (erasure recursion), else InvalidArgument.
   MI-DP = max over records i and x_{-i} of the capacity of x_i -> P(.|x_i, x_{-i})
   (reduction proved in :func:`exactpriv.measures.information.mi_dp`).

Measured on this machine (loaded, 2 cores): every closed form of the paper families (RR_k,
truncated geometric, E_d on {0,1}^2, count query) takes <= 0.02 s once the family is analysed;
seeded random 2-4 input families 0.02-0.1 s, except KL maxima, which need certifier proofs
(0.6-3 s, or an exact Max when the certifier is undecided).

Conventions: 0·log 0 = 0; log(p/0) = +oo for p > 0 (a pair with an identically-zero entry
opposite a non-zero one gives +oo); 0/0 ratios are ignored.

Modules of this package (one concept each; their public names are re-exported here):

* ``domain`` — The domain of a symbolic family's parameter, and the time budget of one symbolic measure.
* ``chart`` — Exact charts of a symbolic family: entries as rational functions of one chart variable u.
* ``log_algebra`` — Exact algebra of logs of positive rational functions on one chart (the log-linear normal
  form).
* ``family`` — An analysed symbolic family: validity domain, symmetry classes of input pairs, per-class closed
  forms.
* ``divergences`` — Closed forms of the divergence-based DP notions on a symbolic family (pure, KL, TV, Rényi,
  hockey-stick).
* ``capacity`` — Closed-form channel capacity and mutual-information DP of a symbolic family.
* ``semantic`` — Closed form of semantic privacy (posterior cross-ratios) on a symbolic family.
* ``registry`` — Name -> symbolic measure dispatch (``SYMBOLIC_MEASURES``, :func:`symbolic_measure`).
"""

from __future__ import annotations

from .domain import DEFAULT_SECONDS, Domain
from .log_algebra import prove_log_linear
from .divergences import (
    hockey_stick_symbolic, kl_dp_symbolic, pair_divergence_symbolic, pure_dp_symbolic, renyi_dp_symbolic,
    tv_dp_symbolic,
)
from .capacity import capacity_symbolic, mi_dp_symbolic
from .semantic import semantic_privacy_symbolic
from .registry import SYMBOLIC_MEASURES, symbolic_measure

__all__ = [
    "DEFAULT_SECONDS",
    "Domain",
    "SYMBOLIC_MEASURES",
    "capacity_symbolic",
    "hockey_stick_symbolic",
    "kl_dp_symbolic",
    "mi_dp_symbolic",
    "pair_divergence_symbolic",
    "prove_log_linear",
    "pure_dp_symbolic",
    "renyi_dp_symbolic",
    "semantic_privacy_symbolic",
    "symbolic_measure",
    "tv_dp_symbolic",
]
