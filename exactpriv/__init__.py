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
    # `python -m exactpriv`: Python imports this package, then exactpriv/__main__.py imports the command
    # line, before it can catch a Ctrl-C; until it restores the default handler, an interrupt is one
    # line and exit 130 (issue 10), never a traceback.  sys.argv[0] is "-m" only while -m locates a module.
    import signal as _signal

    def _interrupted_while_starting(signum, frame):
        import os

        _sys.stderr.write("interrupted while starting\n")
        _sys.stderr.flush()
        os._exit(130)

    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        _signal.signal(_signal.SIGINT, _interrupted_while_starting)

from typing import TYPE_CHECKING, Any

# The public names load on first use (PEP 562 module ``__getattr__``): ``import exactpriv`` costs no
# sympy, flint or bank, so ``import exactpriv.checker`` (the independent certificate checker, which must
# not import sympy or any other exactpriv module) and the command line's argument parsing start at once.
# Each name maps to the module that defines it; ``TYPE_CHECKING`` imports give type checkers the same names.
_LAZY: dict[str, tuple[str, str]] = {
    "__version__": ("exactpriv.version", "__version__"),  # one definition, below every layer
    "AnyMechanism": ("exactpriv.mechanisms", "AnyMechanism"),
    "Bounded": ("exactpriv.spaces", "Bounded"),
    "ClampedNoiseMechanism": ("exactpriv.mechanisms.clamped", "ClampedNoiseMechanism"),
    "Claim": ("exactpriv.claims", "Claim"),
    "Decision": ("exactpriv.exact.decisions", "Decision"),
    "EPS": ("exactpriv.exact.numbers", "EPS"),
    "Enclosure": ("exactpriv.exact.decisions", "Enclosure"),
    "ExactPrivError": ("exactpriv.errors", "ExactPrivError"),
    "Family": ("exactpriv.claims", "Family"),
    "GraphSpace": ("exactpriv.spaces", "GraphSpace"),
    "Hamming": ("exactpriv.spaces", "Hamming"),
    "Instance": ("exactpriv.claims", "Instance"),
    "LogForm": ("exactpriv.exact.logforms", "LogForm"),
    "MEASURES": ("exactpriv.measures", "REGISTRY"),
    "Measured": ("exactpriv.measures.result", "Measured"),
    "Mechanism": ("exactpriv.mechanisms", "Mechanism"),
    "Outcome": ("exactpriv.claims", "Outcome"),
    "Prior": ("exactpriv.distributions", "Prior"),
    "ProductMechanism": ("exactpriv.mechanisms", "ProductMechanism"),
    "Reading": ("exactpriv.claims", "Reading"),
    "QueryAnswers": ("exactpriv.spaces", "QueryAnswers"),
    "Subsets": ("exactpriv.spaces", "Subsets"),
    "Truth": ("exactpriv.exact.decisions", "Truth"),
    "Verdict": ("exactpriv.claims", "Verdict"),
    "check_claim": ("exactpriv.claims", "check_claim"),
    "check_reading": ("exactpriv.claims", "check_reading"),
    "compare": ("exactpriv.exact.kernel", "compare"),
    "from_float": ("exactpriv.exact.numbers", "from_float"),
    "kl_dp": ("exactpriv.measures.divergence", "kl_dp"),
    "measure": ("exactpriv.measures", "compute"),
    "pure_dp": ("exactpriv.measures.divergence", "pure_dp"),
    "randomized_response": ("exactpriv.mechanisms.zoo", "randomized_response"),
    "truncated_geometric": ("exactpriv.mechanisms.zoo", "truncated_geometric"),
    "tv_dp": ("exactpriv.measures.divergence", "tv_dp"),
}

if TYPE_CHECKING:
    from exactpriv.certify import ProofResult
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
    from exactpriv.mechanisms import AnyMechanism, Mechanism, ProductMechanism
    from exactpriv.mechanisms.clamped import ClampedNoiseMechanism
    from exactpriv.mechanisms.zoo import randomized_response, truncated_geometric
    from exactpriv.spaces import Bounded, GraphSpace, Hamming, QueryAnswers, Subsets
    from exactpriv.version import __version__


if not TYPE_CHECKING:
    # defined only at run time: a type checker then knows exactly the names imported above, so that
    # ``from exactpriv import k_fold`` (not a top-level name) is an error rather than a silent ``Any``
    def __getattr__(name: str) -> Any:
        target = _LAZY.get(name)
        if target is None:
            raise AttributeError(f"module 'exactpriv' has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(target[0]), target[1])
        globals()[name] = value  # later look-ups skip this function
        return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


def prove(text: str, *, domain: str = "[0, oo)", **kwargs: Any) -> "ProofResult":
    """Prove or refute a univariate inequality for all eps in a domain (see exactpriv.certify.prove:
    ``seconds``, ``max_prec``, ``variable``); returns a ProofResult whose ``verdict`` is a Verdict."""
    from exactpriv.certify import prove as _prove

    return _prove(text, domain=domain, **kwargs)


__all__ = [
    "AnyMechanism",
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
    "QueryAnswers",
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
