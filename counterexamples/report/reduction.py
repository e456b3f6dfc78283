"""A proof "by reduction" as a referee reads it: the chain of meta-theorems, the family proof, the confirmations.

The certificate of kind ``reduction`` (:meth:`exactpriv.reductions.Reduction.certificate`) holds the chain;
this module renders it as numbered steps — the dominance theorem with its reference, the data-processing
theorem, the pairwise maximum, the certified family inequality with its method — followed by the trusted
meta-theorems cited (statement and reference) and how many dominance kernels were constructed and checked
on the listed instances.  A parameter grid (certificate kind ``all``) gives one chain per point.
"""

from __future__ import annotations

from .document import Doc

__all__ = ["reduction_chains", "reduction_section"]


def reduction_chains(proof: dict) -> list[dict]:
    """The ``reduction`` certificates inside a reading's proof evidence (one per parameter point)."""
    cert = (proof or {}).get("certificate") or {}
    if cert.get("kind") == "reduction":
        return [cert]
    if cert.get("kind") == "all":
        return [p for p in cert.get("parts", []) if isinstance(p, dict) and p.get("kind") == "reduction"]
    return []


def reduction_section(doc: Doc, evidence: dict) -> bool:
    """Render the proof by reduction of a reading's evidence (False when it has none)."""
    chains = reduction_chains(evidence.get("proof", {}))
    if not chains:
        return False
    doc.p("Proof by reduction (for every mechanism):")
    cited: dict = {}
    for cert in chains:
        point = cert.get("point")
        if point:
            doc.p("At " + ", ".join(f"{k} = {v}" for k, v in point.items()) + ":")
        lines = [step.get("text", "") for step in cert.get("steps", [])]
        if cert.get("family"):
            lines.append(cert["family"])
        doc.items([f"step {i}: {text}" for i, text in enumerate(lines, 1)])
        cited.update(cert.get("theorems", {}))
    if cited:
        doc.p("Trusted meta-theorems used (the axioms of the reduction; docs/reductions.md):")
        doc.items([f"{t['id']}: {t['statement']} — {'; '.join(t.get('references', []))}" for t in cited.values()])
    fams = evidence.get("families", {})
    confirmed = sum(v.get("kernels_confirmed", 0) for v in fams.values() if isinstance(v, dict))
    if confirmed:
        doc.p(f"Dominance confirmed on the listed instances: {confirmed} post-processing kernels constructed in "
              f"exact rationals, each a stochastic matrix with non-negative entries reproducing its pair.")
    return True
