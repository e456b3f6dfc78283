"""The certifier: all-parameter proofs of univariate inequalities and identities in ε.

Modules (one method each; :mod:`~exactpriv.certify.prover` combines them):

* :mod:`~exactpriv.certify.core` — budgets, domains, exact rational helpers;
* :mod:`~exactpriv.certify.algebra` — exact algebra in t = e^ε with real-root isolation;
* :mod:`~exactpriv.certify.monotone` — monotonicity and tail dominance arguments;
* :mod:`~exactpriv.certify.series` — certified Taylor bounds near 0;
* :mod:`~exactpriv.certify.bnb` — interval branch and bound with arb balls;
* :mod:`~exactpriv.certify.prover` — the entry points below.

Layer: the certifier depends only on :mod:`exactpriv.exact` and :mod:`exactpriv.errors`; it sits
beside the exact kernel, so mechanisms can use it to validate symbolic entries for all ε.
"""

from exactpriv.certify.prover import (
    DEFAULT_MAX_PREC,
    DEFAULT_SECONDS,
    ProofResult,
    prove,
    prove_identity,
    prove_inequality,
)

__all__ = ["DEFAULT_MAX_PREC", "DEFAULT_SECONDS", "ProofResult", "prove", "prove_identity", "prove_inequality"]
