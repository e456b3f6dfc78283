"""The certifier: all-parameter proofs of univariate inequalities and identities in ε.

Modules (one method each; :mod:`~exactpriv.certify.prover` combines them):

* :mod:`~exactpriv.certify.core` — budgets, domains, exact rational helpers;
* :mod:`~exactpriv.certify.algebra` — exact algebra in t = e^ε with real-root isolation;
* :mod:`~exactpriv.certify.monotone` — monotonicity and tail dominance arguments;
* :mod:`~exactpriv.certify.series` — certified Taylor bounds near 0;
* :mod:`~exactpriv.certify.bnb` — interval branch and bound with arb balls;
* :mod:`~exactpriv.certify.rewriting` — squares and logarithms that remove an exponential of a non-linear term;
* :mod:`~exactpriv.certify.prover` — the entry points below.

Layer: the certifier depends only on :mod:`exactpriv.exact` and :mod:`exactpriv.errors`; it sits
beside the exact kernel, so mechanisms can use it to validate symbolic entries for all ε.
"""

from typing import TYPE_CHECKING

from exactpriv.certify.limits import DEFAULT_MAX_PREC, DEFAULT_SECONDS

if TYPE_CHECKING:  # type checkers see the names; at run time they load on first use (below)
    from exactpriv.certify.prover import ProofResult, prove, prove_identity, prove_inequality

__all__ = ["DEFAULT_MAX_PREC", "DEFAULT_SECONDS", "ProofResult", "prove", "prove_identity", "prove_inequality"]

_PROVER_NAMES = frozenset({"ProofResult", "prove", "prove_identity", "prove_inequality"})


def __getattr__(name: str):
    # PEP 562: the prover (sympy, flint) loads when a name is first used, so that importing
    # exactpriv.certify.limits (the command line's help) costs nothing
    if name in _PROVER_NAMES:
        from exactpriv.certify import prover

        value = getattr(prover, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'exactpriv.certify' has no attribute {name!r}")
