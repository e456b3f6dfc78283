"""Exact comparisons behind Zhao's implications: measure values as ratios, H(R), rational squares.

Jun Zhao, "Relations Among Different Privacy Notions" (arXiv:1911.00761).  The measures return
BDP = DP-type levels as ln r with r rational (or +oo) and the semantic levels SP, BSP as
H(R) = (√R − 1)/(√R + 1) with R the largest cross-ratio (rational or +oo, read from the witness).
Every implication of Theorems 1 and 2 then reduces to comparing R with the square of a rational,
decided in Fraction arithmetic (no transcendental comparison):

* forward  "ε-BDP ⇒ (e^{2ε} − 1)-BSP"  ⟺  H(R) ≤ r² − 1  (:func:`H_le`);
* converse "(½ − 1/(e^ε+1))-BSP ⇒ ε-BDP": s(ε) = (e^ε − 1)/(2(e^ε + 1)) is increasing, so the
  tightest form is s(BDP) ≤ BSP, i.e. H(R) ≥ (r − 1)/(2(r + 1)) (:func:`H_ge`, :func:`s_of_ratio`).

The bank's tests cross-check these rewritings against :func:`exactpriv.exact.kernel.compare` on the
unreduced expressions.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.logforms import LogForm
from exactpriv.exact.numbers import OO

#: a rounded optimal belief within this of the measured sup counts as attaining it
_ATTAIN_SLACK = Fraction(1, 10 ** 4)


def ratio_of(v):
    """e^v for a measure value v = ln r (LogForm, 0) or +oo: the Fraction r, or ``sympy.oo``."""
    if v == OO:
        return OO
    if isinstance(v, Fraction):
        if v != 0:
            raise InvalidArgument(f"{v} is not the log of a rational")
        return Fraction(1)
    if not isinstance(v, LogForm) or v.q0 != 0:
        raise InvalidArgument(f"{v!r} is not the log of a rational")
    r = Fraction(1)
    for p, c in v.coefficients.items():
        if c.denominator != 1:
            raise InvalidArgument(f"{v!r} is not the log of a rational")
        r *= Fraction(p) ** int(c)
    return r


def cross_ratio(m):
    """R of a semantic measure (value H(R)); R = 1 when the value is 0 without a witness."""
    R = m.witness.get("cross_ratio")
    if R is None:
        if m.value != 0:
            raise InvalidArgument(f"{m!r} has no cross ratio")
        return Fraction(1)
    return R if R == OO else Fraction(R)


def H_le(R, c) -> bool:
    """H(R) = (√R − 1)/(√R + 1) ≤ c, exactly (R ≥ 1 rational or +oo; c rational).

    H(R) ≤ c ⟺ √R (1 − c) ≤ 1 + c ⟺ R ≤ ((1 + c)/(1 − c))² for 0 ≤ c < 1."""
    if c >= 1:
        return True
    if c < 0 or R == OO:
        return False
    return R <= ((1 + c) / (1 - c)) ** 2


def H_ge(R, c) -> bool:
    """H(R) ≥ c, exactly (H(+oo) = 1)."""
    if c <= 0:
        return True
    if R == OO:
        return c <= 1
    if c >= 1:
        return False
    return R >= ((1 + c) / (1 - c)) ** 2


def s_of_ratio(r, scale=Fraction(1)):
    """scale·s(ε) with e^ε = r, s(ε) = ½ − 1/(e^ε + 1) = (r − 1)/(2(r + 1)); s(+oo) = ½."""
    if r == OO:
        return scale / 2
    return scale * (r - 1) / (2 * (r + 1))


def lt(a, b) -> bool:
    """a < b for Fractions / +oo."""
    if type(a) is Fraction and type(b) is Fraction:  # the common case, without sympy's comparison with oo
        return a < b
    if a == OO:
        return False
    if b == OO:
        return True
    return a < b


def le(a, b) -> bool:
    return not lt(b, a)


def sd_attained(R, s, what: str) -> Decision:
    """The witness belief's exact SD s against the measured sup H(R): s > H(R) refutes the
    measure (FALSE); s within _ATTAIN_SLACK below it confirms attainment (TRUE); a larger gap
    is UNDECIDED (a missed tolerance is never a refutation)."""
    if not H_ge(R, s):
        return Decision.of(False, "beliefs", f"{what}: a belief exceeds the measured sup")
    if H_le(R, s + _ATTAIN_SLACK):
        return Decision.of(True, "beliefs", f"{what} (rounded optimal belief within 1e-4 of the sup)")
    return Decision.undecided("beliefs", f"{what}: the rounded optimal belief is more than 1e-4 below the sup")


@functools.lru_cache(maxsize=4096)
def _shown(kind: type, x) -> str:
    return format(x, "")


def shown(x) -> str:
    """``f"{x}"`` of a measure value.  A sympy value's text is remembered by (type, value): the measures are
    cached per instance and every reading of a family prints the same values in its reasons, and printing a
    sympy expression costs about half a millisecond each time (equal sympy expressions are structurally equal,
    so they print alike).  Other values (Fraction, LogForm) are printed each time; they are cheap."""
    if isinstance(x, sympy.Basic):
        return _shown(type(x), x)
    return format(x, "")


def exact_text(x) -> str:
    return "oo" if x == OO else str(x)
