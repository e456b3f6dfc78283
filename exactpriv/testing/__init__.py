"""Assertions for pytest (or any test runner): a claim holds, a claim is refuted — with the witness.

    >>> from exactpriv.testing import assert_holds, assert_refuted
    >>> assert_holds(my_claim)                      # every reading PROVED or CHECKED, else AssertionError
    >>> res = assert_refuted(my_false_claim)        # REFUTED, else AssertionError; res.witness is exact

The failure message carries the verdict, the evidence and the witness's exact repr, so a failing example
can be pasted back into Python.  ``pytest my_claims.py`` runs a bank file's readings as test items (the
plugin :mod:`exactpriv.testing.pytest_plugin`, registered through the ``pytest11`` entry point).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from exactpriv.errors import InvalidArgument

# The engine loads on first use: pytest imports this package with its plugin (exactpriv.testing.pytest_plugin,
# a pytest11 entry point) in every session where exactpriv is installed, most of which check no claim.
if TYPE_CHECKING:
    from exactpriv.claims.check import ReadingResult
    from exactpriv.exact.decisions import Decision

__all__ = ["assert_holds", "assert_refuted", "describe_result"]


def describe_result(res: ReadingResult) -> str:
    """A failure text: verdict, evidence summary and the witness (its repr is exact)."""
    lines = [f"{res.claim_id} [{res.reading}]: {res.verdict.value}"]
    if res.finding:
        lines.append(f"  finding: {res.finding}" + (f" — {res.why}" if res.why else ""))
    ev = res.evidence
    if ev.get("undecided_reasons"):
        lines += [f"  undecided: {r}" for r in ev["undecided_reasons"][:5]]
    if "proof" in ev:
        lines.append(f"  proof: {ev['proof'].get('truth')} ({ev['proof'].get('method')}): {ev['proof'].get('reason')}")
    if res.witness is not None:
        w = res.witness
        lines.append(f"  witness: {w.label}")
        if w.mechanism is not None:
            lines.append(f"    mechanism = {w.mechanism!r}")
        if w.prior is not None:
            lines.append(f"    prior = {w.prior!r}")
        if w.params:
            lines.append(f"    params = {w.params!r}")
        d = res.witness_values.get("decision")
        if d:
            lines.append(f"    decision: {d.get('truth')} ({d.get('method')}): {d.get('reason')}")
        lines += _named_values(res.witness_values or {})
    return "\n".join(lines)


def _named_values(values: dict) -> list[str]:
    """The witness's values under the names the check recorded (``kl_dp(M) = … ≈ 0.0811``) and the relation
    the decision showed (``shown: kl_dp(M) > eps**2/3 at ε = pure_dp(M)``)."""
    from exactpriv.claims.forms import NAMES_KEY, shown_relation
    from exactpriv.measures.result import Measured, value_to_float

    def text(v) -> str:
        exact = v.value if isinstance(v, Measured) else v
        try:
            x = value_to_float(exact)
        except Exception:  # noqa: BLE001 - a value without a float image (a closed form in ε): exact text only
            x = None
        return f"{exact}" + (f" ≈ {x:.6g}" if x is not None and str(exact) != f"{x:.6g}" else "")

    names = values.get(NAMES_KEY)
    lines = [f"    {label} = {text(values[key])}" for key, label in (names or {}).items() if key in values] \
        if isinstance(names, dict) else []
    shown = shown_relation(values)
    if shown is not None:
        lines.append(f"    shown: {shown[0]} {shown[1]} {shown[2]}")
    return lines


def _results(target: Any, reading: str | None, include_slow: bool) -> list[ReadingResult]:
    from exactpriv.claims.check import check_reading
    from exactpriv.claims.model import Claim

    if isinstance(target, Claim):
        readings = [target.reading(reading)] if reading is not None else list(target.readings)
        if not readings:
            raise InvalidArgument(f"claim {target.id} has no readings to check")
        return [check_reading(target, r, include_slow=include_slow) for r in readings]
    raise InvalidArgument(f"target={target!r} of type {type(target).__name__} must be a Claim or a Decision")


def assert_holds(target: Any, reading: str | None = None, *, include_slow: bool = False) -> list[ReadingResult] | None:
    """Assert that a Decision is TRUE, or that every (or the named) reading of a Claim is PROVED or CHECKED.

    Raises AssertionError with the verdict, the evidence and the witness otherwise (an UNDECIDED never
    passes).  Returns the reading results for a Claim."""
    from exactpriv.claims.verdicts import Verdict
    from exactpriv.exact.decisions import Decision, Truth

    if isinstance(target, Decision):
        if target.truth is not Truth.TRUE:
            raise AssertionError(f"{target.truth.value} ({target.method}): {target.reason}")
        return None
    results = _results(target, reading, include_slow)
    bad = [r for r in results if r.verdict not in (Verdict.PROVED, Verdict.CHECKED)]
    if bad:
        raise AssertionError("claim does not hold:\n" + "\n".join(describe_result(r) for r in bad))
    return results


def assert_refuted(target: Any, reading: str | None = None, *, include_slow: bool = False) -> ReadingResult | Decision:
    """Assert that a Decision is FALSE, or that a Claim (its named reading, or else some reading) is REFUTED.

    Returns the refuting result (with ``.witness``, an exact instance) so the test can look at it."""
    from exactpriv.claims.verdicts import Verdict
    from exactpriv.exact.decisions import Decision, Truth

    if isinstance(target, Decision):
        if target.truth is not Truth.FALSE:
            raise AssertionError(f"expected FALSE, got {target.truth.value} ({target.method}): {target.reason}")
        return target
    results = _results(target, reading, include_slow)
    for r in results:
        if r.verdict is Verdict.REFUTED:
            return r
    raise AssertionError("claim is not refuted:\n" + "\n".join(describe_result(r) for r in results))
