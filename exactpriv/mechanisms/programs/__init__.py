"""Mechanisms written as programs, compiled to exact mechanisms (no sampling): see :mod:`.compiler`.

A mechanism is a plain function ``def algorithm(db, rng): ...`` over a database (a point of an
:class:`~exactpriv.spaces.Space`) that draws from ``rng`` — finite laws (:meth:`Rng.choice`, ``bernoulli``,
``uniform``, ``randomized_response``) and infinite-support geometric noise (:meth:`Rng.laplace`,
:meth:`Rng.geometric`) compared with thresholds — and returns an output.  :func:`program_mechanism` turns it into an
exact :class:`~exactpriv.mechanisms.Mechanism` on which every measure, claim, hunt and report works::

    from fractions import Fraction
    from exactpriv.mechanisms.programs import program_mechanism
    from exactpriv.spaces import QueryAnswers

    def above_threshold(q, rng, alpha=Fraction(39, 40)):   # SVT with one answer (c = 1)
        rho = rng.laplace(alpha ** 2)                         # threshold noise
        for i, qi in enumerate(q):
            if qi + rng.laplace(alpha) >= 1 + rho:           # query noise, compared only: exact tails
                return i
        return None

    M = program_mechanism(above_threshold, QueryAnswers(range(0, 2), n=3))
"""

from .compiler import (
    NoisyValue,
    ProgramRun,
    Rng,
    TailValue,
    UnsupportedProgram,
    compile_program,
    program_mechanism,
    run_program,
)
from .noise import (
    DiscreteLaplace,
    Geometric,
    bernoulli,
    clamped_geometric,
    randomized_response,
    truncated_geometric,
    uniform,
)
from .tails import ExpPoly

__all__ = [
    "DiscreteLaplace",
    "ExpPoly",
    "Geometric",
    "NoisyValue",
    "ProgramRun",
    "Rng",
    "TailValue",
    "UnsupportedProgram",
    "bernoulli",
    "clamped_geometric",
    "compile_program",
    "program_mechanism",
    "randomized_response",
    "run_program",
    "truncated_geometric",
    "uniform",
]
