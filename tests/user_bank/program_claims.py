"""A user's bank of programs: one program, one claim (tests/theorems/programs/test_programs_bank.py runs it under
pytest)."""

from fractions import Fraction
from exactpriv.claims import Family, Instance, inequality_claim
from exactpriv.mechanisms.programs import program_mechanism
from exactpriv.spaces import QueryAnswers
import sympy

ALPHA = Fraction(1, 2)

def above_threshold(q, rng):
    rho = rng.laplace(ALPHA ** 2)
    for i, qi in enumerate(q):
        if qi + rng.laplace(ALPHA) >= 1 + rho:
            return i
    return "none"

def instances():
    M = program_mechanism(above_threshold, QueryAnswers(range(0, 2), n=2))
    yield Instance("above_threshold", mechanism=M, params={"eps": 4 * sympy.log(2)})

CLAIMS = [inequality_claim("mine.svt", measure="pure_dp", op="<=", bound="eps",
                           families=[Family("svt", instances)], expected="CHECKED")]
