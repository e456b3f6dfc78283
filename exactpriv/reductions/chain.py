"""A proof by reduction as data: its links (:class:`Link`), the result (:class:`Reduction`) and the citations.

Shared by the ε-DP chain (:mod:`exactpriv.reductions.prover`) and the (ε, δ) chain in δ
(:mod:`exactpriv.reductions.approx`); the certificate (kind ``reduction``, docs/certificates.md) is built here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sympy

from exactpriv.errors import InvalidArgument
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS
from exactpriv.reductions.metatheorems import METATHEOREMS

__all__ = ["Link", "Reduction", "bound_in_eps", "cite", "limit_at_infinity"]


@dataclass(frozen=True)
class Link:
    """One step of a chain: the meta-theorem used (or "family-proof"), the hypotheses met, the sentence."""

    theorem: str
    text: str
    hypotheses: tuple[str, ...] = ()

    def to_json(self) -> dict:
        doc: dict = {"theorem": self.theorem, "text": self.text}
        if self.hypotheses:
            doc["hypotheses_met"] = list(self.hypotheses)
        return doc


@dataclass
class Reduction:
    """The result of :func:`prove_by_reduction`.

    decision : TRUE (PROVED for every mechanism, certificate = the chain) or UNDECIDED (``missing`` says why)
    chain : the links, extremal family first
    missing : which link is missing, in words (None when proved)
    family_proof : the certifier's Decision for measure(extremal(ε)) ≤ f(ε), when it was run
    """

    given: str
    measure: str
    bound: Any
    decision: Decision
    chain: list[Link] = field(default_factory=list)
    missing: str | None = None
    family_proof: Decision | None = None
    infinity_end: dict | None = None
    #: for a reduction in another variable than ε (exactpriv.reductions.approx: the (ε, δ) extremal pair in δ):
    #: the family statement, and the given and measured notions as data; None: the ε-DP chain's defaults
    family_statement: dict | None = None
    given_spec: dict | None = None
    measure_spec: dict | None = None

    @property
    def proved(self) -> bool:
        return self.decision.is_true

    def proof_text(self) -> str:
        """The chain as a proof a referee reads (one sentence a link)."""
        if self.missing:
            return f"No reduction: {self.missing}."
        return "; ".join(link.text for link in self.chain) + "."

    def certificate(self) -> dict:
        """The chain as data: kind ``reduction`` of docs/certificates.md — ``steps`` cite trusted meta-theorems
        and chain by statements (each ``to`` is the next ``from``; the first ``from`` is the family statement,
        certified by ``family_proof``; the last ``to`` is the implication for every mechanism)."""
        fam = self.family_proof.to_json() if self.family_proof is not None else None
        closed = (fam or {}).get("certificate", {}).get("measure")
        row = {"quantifier": "forall-instances", "measures": {"A": self.given_spec or {"notion": self.given},
                                                             "B": self.measure_spec or {"notion": self.measure}},
               "claim": f"B <= {_text(self.bound, 'A')}"}
        family = self.family_statement or {
            "quantifier": "forall-params", "domain": {"eps": "[0, oo)"},
            "claim": f"{closed} <= {self.bound}" if closed else f"{self.measure}(extremal(eps)) <= {self.bound}"}
        trusted = [link for link in self.chain if link.theorem in METATHEOREMS]
        states = [family] + [{"quantifier": "forall-pairs", "after": link.theorem,
                              "claim": f"{self.measure} of every neighbouring pair at level eps <= {self.bound}"}
                             for link in trusted[:-1]] + [row]
        steps = [{**link.to_json(), "from": states[k], "to": states[k + 1]} for k, link in enumerate(trusted)]
        family_text = next((link.text for link in self.chain if link.theorem == "family-proof"), "")
        return {
            "kind": "reduction",
            "statement": row,
            "steps": steps,
            "family": family_text,
            "theorems": {link.theorem: METATHEOREMS[link.theorem].to_json() for link in trusted},
            "family_proof": fam,
            "infinity_end": self.infinity_end,
            "proof": self.proof_text(),
        }


def _text(expr, name: str = "eps") -> str:
    return str(expr).replace("eps", name) if name != "eps" else str(expr)


_SHORT = {
    "rr-dominance": "Kairouz–Oh–Viswanath 2015, Thm 2.1 with Blackwell 1953",
    "approx-dominance": "Kairouz–Oh–Viswanath 2015, Thm 2.1 with Blackwell 1953",
    "data-processing-f": "Csiszár 1967; Liese–Vajda 2006",
    "data-processing-renyi": "van Erven–Harremoës 2014, Thm 9",
}


def cite(theorem: str) -> str:
    return _SHORT.get(theorem, theorem)


def limit_at_infinity(expr):
    """lim_{ε→∞} expr: Min/Max argument-wise (the limit commutes with them; sympy's gruntz does not take
    them), otherwise sympy's limit."""
    if EPS not in expr.free_symbols:
        return expr
    if isinstance(expr, (sympy.Min, sympy.Max)):
        return type(expr)(*(limit_at_infinity(a) for a in expr.args))
    return sympy.limit(expr, EPS, sympy.oo)


def bound_in_eps(bound, eps_names: str = "eps") -> sympy.Expr:
    """A reduction's bound as a sympy expression in ``eps`` only: text is read by the safe grammar (never
    sympify on text), any other free symbol refused (``eps_names`` says what eps stands for in the message)."""
    from exactpriv.exact.expressions import parse_expression

    if isinstance(bound, str):
        bound = parse_expression(bound, symbols={"eps": EPS}, name="bound")
    bound = sympy.sympify(bound)
    extra = bound.free_symbols - {EPS}
    if extra:
        raise InvalidArgument(f"bound {bound} has symbols {sorted(map(str, extra))} besides {eps_names}: "
                              f"substitute each parameter point first")
    return bound
