"""Three-valued decisions and certified enclosures: the currency of every verdict.

A :class:`Decision` is TRUE, FALSE or UNDECIDED, always with the method that settled it
(exact rational arithmetic, prime factorisation of log-forms, certified interval arithmetic
at a stated precision, symbolic simplification) or the reason it could not be settled.
``bool(decision)`` raises: an UNDECIDED must never be silently read as a pass.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from exactpriv.errors import InvalidArgument, RefutedError, UndecidedError
from exactpriv.exact.json_values import json_value

__all__ = ["Truth", "Decision", "Enclosure"]


class Truth(enum.Enum):
    TRUE = "TRUE"
    FALSE = "FALSE"
    UNDECIDED = "UNDECIDED"


@dataclass(frozen=True)
class Decision:
    """Outcome of deciding a closed statement.

    Attributes
    ----------
    truth : Truth
    method : str      -- e.g. "rational", "logform-primes", "arb", "sympy-simplify", "enclosure"
    reason : str      -- human-readable justification or, for UNDECIDED, why not settled
    precision : int | None  -- bits of working precision for interval methods
    certificate : dict      -- data a reader can re-check (intervals, factorisations, ...)
    """

    truth: Truth
    method: str
    reason: str = ""
    precision: int | None = None
    certificate: dict = field(default_factory=dict)

    def __repr__(self) -> str:  # short: the certificate (often kilobytes) stays behind .certificate
        at = f" at {self.precision} bits" if self.precision else ""
        reason = " ".join(self.reason.split())
        reason = reason if len(reason) <= 160 else reason[:159] + "…"
        return f"Decision({self.truth.value} by {self.method}{at}: {reason})"

    def _repr_html_(self) -> str:
        """Jupyter: the truth value, the method and the reason (HTML-escaped); the certificate stays an attribute."""
        from html import escape

        colour = {"TRUE": "#1b6e20", "FALSE": "#b3261e"}.get(self.truth.value, "#8a6d00")
        return (f'<strong style="color:{colour}">{self.truth.value}</strong> <em>({escape(self.method)})</em> '
                f"{escape(self.reason)}")

    @classmethod
    def true(cls, method, reason="", **kw):
        return cls(Truth.TRUE, method, reason, **kw)

    @classmethod
    def false(cls, method, reason="", **kw):
        return cls(Truth.FALSE, method, reason, **kw)

    @classmethod
    def undecided(cls, method, reason, **kw):
        return cls(Truth.UNDECIDED, method, reason, **kw)

    @property
    def is_true(self) -> bool:
        return self.truth is Truth.TRUE

    @property
    def is_false(self) -> bool:
        return self.truth is Truth.FALSE

    @property
    def is_undecided(self) -> bool:
        return self.truth is Truth.UNDECIDED

    @classmethod
    def of(cls, holds: bool, method: str, reason: str, *, certificate: dict | None = None) -> "Decision":
        """TRUE or FALSE as an exactly decided ``holds`` says, with the same method, reason and certificate.

        ``holds`` is an exactly decided truth value (a ``bool`` from an exact comparison, sympy's
        ``true``/``false``, a numpy bool).  A Decision (three-valued: use it directly or :meth:`all_of`) and a
        sympy relational that does not evaluate are refused with :class:`~exactpriv.errors.InvalidArgument`,
        so an undecided comparison can never pass as a truth value."""
        if isinstance(holds, Decision):
            raise InvalidArgument("Decision.of needs a decided bool, not a Decision (it is three-valued already)")
        try:
            holds = bool(holds)
        except TypeError as exc:  # e.g. sympy: "cannot determine truth value of Relational"
            raise InvalidArgument(f"Decision.of needs a decided bool, not {type(holds).__name__} ({holds!r}): "
                                  f"{exc}") from None
        return (cls.true if holds else cls.false)(method, reason, certificate=dict(certificate or {}))

    @classmethod
    def all_of(cls, parts, what: str = "") -> "Decision":
        """The conjunction of three-valued decisions: FALSE at the first FALSE part (its method, precision and
        certificate kept), else UNDECIDED when some part is (with the reasons), else TRUE (the parts' reasons
        as the certificate).  An empty conjunction is TRUE ("vacuous").

        A part may be a Decision or a zero-argument callable returning one; callables are evaluated in
        order, and none after the first FALSE part (an UNDECIDED part does not stop the evaluation: a
        later part may still refute)."""
        prefix = f"{what}: " if what else ""
        done = []
        for p in parts:
            d = p() if callable(p) else p
            if not isinstance(d, Decision):
                raise InvalidArgument(f"Decision.all_of: a part is {type(d).__name__} ({d!r}), not a Decision")
            if d.is_false:
                return cls.false(d.method, prefix + d.reason, precision=d.precision, certificate=d.certificate)
            done.append(d)
        und = [d for d in done if d.is_undecided]
        if und:
            return cls.undecided(und[0].method, prefix + "; ".join(d.reason for d in und))
        methods = " + ".join(dict.fromkeys(d.method for d in done)) or "vacuous"
        return cls.true(methods, prefix + "every part holds", certificate={"parts": [d.reason for d in done]})

    def negate(self) -> "Decision":
        flip = {Truth.TRUE: Truth.FALSE, Truth.FALSE: Truth.TRUE, Truth.UNDECIDED: Truth.UNDECIDED}
        return Decision(flip[self.truth], self.method, self.reason, self.precision, self.certificate)

    def require(self) -> bool:
        """Return True when TRUE; raise otherwise.

        FALSE raises :class:`~exactpriv.errors.RefutedError` (an ``AssertionError``) carrying
        the method, the reason and the certificate; UNDECIDED raises
        :class:`~exactpriv.errors.UndecidedError`.  So ``d.require()`` in a test fails unless the
        statement is proved true — it never returns False.
        """
        if self.truth is Truth.UNDECIDED:
            raise UndecidedError(f"undecided ({self.method}): {self.reason}")
        if self.truth is Truth.FALSE:
            cert = f"; certificate: {json_value(self.certificate)}" if self.certificate else ""
            raise RefutedError(f"refuted ({self.method}): {self.reason}{cert}")
        return True

    def __bool__(self):
        raise TypeError(
            "a Decision has three values; use .is_true / .is_false / .is_undecided or .require()"
        )

    def to_json(self) -> dict:
        return {
            "truth": self.truth.value,
            "method": self.method,
            "reason": self.reason,
            "precision": self.precision,
            "certificate": json_value(self.certificate),
        }


@dataclass(frozen=True)
class Enclosure:
    """A certified enclosure ``lower <= true value <= upper`` of a real quantity.

    ``lower`` and ``upper`` are exact rationals (Fraction), or ``None`` for an unbounded
    side.  ``method`` says how the bounds were certified (e.g. "arb", "blahut-arimoto +
    max-divergence bound"), ``precision`` the working precision in bits.
    """

    lower: Fraction | None
    upper: Fraction | None
    method: str = ""
    precision: int | None = None
    note: str = ""

    def __post_init__(self):
        for side in ("lower", "upper"):
            v = getattr(self, side)
            if v is not None and not isinstance(v, Fraction):
                if isinstance(v, int) and not isinstance(v, bool):
                    object.__setattr__(self, side, Fraction(v))
                else:
                    raise InvalidArgument(f"Enclosure {side}={v!r} must be an exact Fraction or None")
        if self.lower is not None and self.upper is not None and self.lower > self.upper:
            raise InvalidArgument(f"Enclosure lower={self.lower} exceeds upper={self.upper}")

    @property
    def width(self) -> Fraction | None:
        if self.lower is None or self.upper is None:
            return None
        return self.upper - self.lower

    @property
    def is_point(self) -> bool:
        return self.lower is not None and self.lower == self.upper

    def contains(self, value) -> bool:
        """Exact membership test for a rational ``value``."""
        v = Fraction(value)
        return (self.lower is None or self.lower <= v) and (self.upper is None or v <= self.upper)

    def __repr__(self):
        lo = "-oo" if self.lower is None else f"{float(self.lower):.17g}"
        hi = "oo" if self.upper is None else f"{float(self.upper):.17g}"
        return f"Enclosure([{lo}, {hi}], method={self.method!r})"
