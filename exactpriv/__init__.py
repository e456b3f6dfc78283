"""exactpriv: exact checking of privacy-notion theorems on finite mechanisms.

The public surface is small; everything else lives in submodules (``exactpriv.measures``
for every notion of the five papers, ``exactpriv.mechanisms.zoo`` for the papers'
mechanisms, ``exactpriv.certify`` for all-ε inequalities, ``exactpriv.io`` for files).

    >>> from exactpriv import Hamming, randomized_response, pure_dp
    >>> pure_dp(randomized_response(p="3/4")).value
    log(3)
"""

import sys as _sys

if _sys.argv[:1] == ["-m"]:
    # `python -m exactpriv`: Python imports this package (sympy, flint, the banks: about a second) before
    # exactpriv/__main__.py can catch a Ctrl-C; until it restores the default handler, an interrupt is one
    # line and exit 130 (issue 10), never a traceback.  sys.argv[0] is "-m" only while -m locates a module.
    import signal as _signal

    def _interrupted_while_starting(signum, frame):
        import os

        _sys.stderr.write("interrupted while starting\n")
        _sys.stderr.flush()
        os._exit(130)

    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        _signal.signal(_signal.SIGINT, _interrupted_while_starting)

from exactpriv.claims import Claim, Family, Instance, Outcome, Reading, Verdict, check_claim, check_reading
from exactpriv.distributions import Prior
from exactpriv.errors import ExactPrivError
from exactpriv.exact.decisions import Decision, Enclosure, Truth
from exactpriv.exact.kernel import compare
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import EPS, from_float
from exactpriv.measures import REGISTRY as MEASURES
from exactpriv.measures import compute as measure
from exactpriv.measures.divergence import kl_dp, pure_dp, tv_dp
from exactpriv.measures.result import Measured
from exactpriv.mechanisms import Mechanism, ProductMechanism
from exactpriv.mechanisms.clamped import ClampedNoiseMechanism
from exactpriv.mechanisms.zoo import randomized_response, truncated_geometric
from exactpriv.spaces import Bounded, GraphSpace, Hamming, Subsets

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for type checkers only: importing the certifier here would slow every import
    from exactpriv.certify import ProofResult

__version__ = "0.1.0"


def prove(text: str, *, domain: str = "[0, oo)", **kwargs: Any) -> "ProofResult":
    """Prove or refute a univariate inequality for all eps in a domain (see exactpriv.certify.prove:
    ``seconds``, ``max_prec``, ``variable``); returns a ProofResult whose ``verdict`` is a Verdict."""
    from exactpriv.certify import prove as _prove

    return _prove(text, domain=domain, **kwargs)


__all__ = [
    "Bounded",
    "ClampedNoiseMechanism",
    "Claim",
    "Decision",
    "EPS",
    "Enclosure",
    "ExactPrivError",
    "Family",
    "GraphSpace",
    "Hamming",
    "Instance",
    "LogForm",
    "MEASURES",
    "Measured",
    "Mechanism",
    "Outcome",
    "Prior",
    "ProductMechanism",
    "Reading",
    "Subsets",
    "Truth",
    "Verdict",
    "check_claim",
    "check_reading",
    "compare",
    "from_float",
    "kl_dp",
    "measure",
    "prove",
    "pure_dp",
    "randomized_response",
    "truncated_geometric",
    "tv_dp",
]
