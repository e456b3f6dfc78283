"""Privacy–distortion measures of Wang–Ying–Zhang: distortion, h, ε_X, ε̃_X, the optimal
distortion under ε-DP / ε-identifiability / the relaxed problem R-PD, and the KKT / rate–distortion
certificates of Theorem 2.

Algorithms, and why
-------------------
* **Optimal distortion (PD-DP (14)–(17), PD-I (8)–(13), R-PD (22)–(27)) are linear programs** once
  e^ε = t is rational.  PD-DP is linear in p(y|x) as written.  PD-I is bilinear in (p(x|y), p_Y),
  but in the joint q(x, y) = p_Y(y) p(x|y) = p_X(x) p(y|x) it is linear: the posterior-ratio
  constraint (9) p(x|y) <= t p(x'|y) is q(x,y) <= t q(x',y) (p_Y(y) cancels; outputs with
  p_Y(y) = 0 carry free posteriors that can always be chosen feasible, e.g. uniform), (12) is
  Σ_y q(x,y) = p_X(x), and the objective (8) is Σ q(x,y) d(x,y).  R-PD in the joint is the same
  LP with (12) replaced by Σ_{x,y} q(x,y) = 1 (the marginal constraint dropped: Fig. 3).
  Every LP is solved by :func:`exactpriv.exact.lp.solve_lp` — HiGHS in floating point, then an
  exact certificate (rational primal and dual feasibility with equal objectives, or an exact
  re-solve on the optimal basis); no hand-written simplex.  An infeasible LP (PD-I below ε_X,
  Lemma 3) gives D* = +oo with a checked Farkas certificate.  Measured: the 729-variable PD-DP
  LP on D^3, m = 3 certifies in well under a second (``bench/bench_pd_lp.py``); the PD-I LP of
  the same size needs the exact basis solve (1–3 s).
* **ε̃_X** (defined after (18)): for t = e^ε > 1 the posterior matrix K_t(x, y) = t^{-d(x,y)} /
  (1 + (m-1)/t)^n is the n-fold Kronecker power of k_t = ((t-1) I + J)/(t+m-1), and
  k_t^{-1} = ((t+m-1) I - J)/(t-1), so the unique candidate p_Y = K_t^{-1} p_X has entries
  P_y(t)/(t-1)^n with P_y = [((t+m-1) I - J)^{⊗n} p_X](y) a polynomial of degree <= n.  The
  feasible set {t : all P_y(t) >= 0} is computed *exactly*: the distinct irreducible factors of the
  P_y (sympy ``factor_list``) have their real roots isolated in rational intervals (sympy
  ``Poly.intervals``, Vincent–Akritas; intervals refined by exact bisection), every P_y is
  evaluated exactly at rational points between consecutive roots, and a root belongs to the
  feasible set iff every P_y either vanishes there (its factor divides P_y) or is positive next
  to it.  ε̃_X = log(inf of that set): a LogForm when the infimum is rational, otherwise a
  ``CRootOf`` with a certified rational enclosure.  Whether the set is upward closed (used
  silently by Lemma 4) is *reported*, not assumed.  The polynomial algebra uses python-flint
  ``fmpq_poly`` (exact, fast); the Kronecker application is hand-written (a few lines) because
  no library applies a structured Kronecker inverse to polynomial-valued tensors.
* **Theorem 2** is checked by certificates, never by a convex solver: the stationarity (94) of
  PD-MIP with the paper's multipliers is verified term by term in exact log-forms
  (:class:`~exactpriv.exact.logforms.LogForm`), and R(D) = I(E_i) is certified by Csiszár's
  dual bound R(D) >= -sD + Σ_x p(x) ln λ(x), valid whenever Σ_x p(x) λ(x) e^{-s d(x,y)} <= 1 for
  every y (Csiszár 1974; Berger 1971, Thm 2.5.3) — with s = ε and λ(x) = 1/(p(x)(1+(m-1)e^{-ε})^n)
  the condition holds with equality for every y and the bound equals I(E_i) exactly, so
  I(E_i) = R(h(ε)).  This certificate also covers ε = ε̃_X, where p_Y has zeros and (94) is
  undefined (ln 0/0).

Conventions: distortions and LP optima are exact Fractions (``sympy.oo`` for an infeasible
problem); ε-valued results are LogForms (or ``sympy.oo``); 0·log 0 = 0.  Privacy levels enter as
``exp_eps`` = e^ε, an exact rational >= 1, so that every LP is rational.

Modules of this package (one concept each; their public names are re-exported here):

* ``inputs`` — Validation shared by the privacy–distortion measures.
* ``hfunction`` — Expected Hamming distortion and the function h(ε) with its inverse.
* ``eps_tilde`` — ε_X and ε̃_X of a prior.
* ``optimal_lp`` — Optimal distortion under ε-DP (PD-DP (14)–(17)) and ε-identifiability (PD-I (8)–(13)) as
  exact LPs.
* ``relaxed`` — The relaxed privacy–distortion problem R-PD (22)–(27) and its dual certificate.
* ``kkt`` — The KKT check of PD-MIP with the paper's multipliers.
* ``rate_distortion`` — R(D) = I(E_i) certified by Csiszár's dual bound.
"""

from __future__ import annotations

from .hfunction import exp_h_inverse, expected_distortion, h, h_inverse
from .eps_tilde import EpsTilde, eps_tilde_X, exp_eps_X, posterior_polynomials
from .optimal_lp import OptimalDistortion, optimal_distortion_dp, optimal_distortion_identifiability
from .relaxed import relaxed_distortion, relaxed_dual_certificate
from .kkt import KKTResult, kkt_check_pdmip
from .rate_distortion import RateDistortion, rate_distortion_certificate, rate_distortion_dual_bound

__all__ = [
    "EpsTilde",
    "KKTResult",
    "OptimalDistortion",
    "RateDistortion",
    "eps_tilde_X",
    "exp_eps_X",
    "exp_h_inverse",
    "expected_distortion",
    "h",
    "h_inverse",
    "kkt_check_pdmip",
    "optimal_distortion_dp",
    "optimal_distortion_identifiability",
    "posterior_polynomials",
    "rate_distortion_certificate",
    "rate_distortion_dual_bound",
    "relaxed_distortion",
    "relaxed_dual_certificate",
]
