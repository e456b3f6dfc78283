"""The declarative statement (docs/certificates.md, "Statements") of a reading built by the claim declarations
(:mod:`exactpriv.claims.declare`), so that the independent checker re-reads what the reading checks.

A form is written only when every piece of the reading has a data form the checker evaluates from its own
definitions — each notion and its parameters, each operator (``Notion.on_form``) and each parameter grid — over
numeric families: a statement about every mechanism (``implication_form``) or about the listed exact instances
(``listed_inequality_form``).  Readings over symbolic families have their one form in
:func:`exactpriv.claims.declare.family_form` (``forall-family``, docs/certificates.md); otherwise the reading stays
custom code (None).
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Sequence

from exactpriv.claims.notions import Notion

__all__ = ["implication_form", "listed_inequality_form", "measure_form"]

#: engine notions the checker computes itself, and the parameters it takes for each
_PARAMS = {"pure_dp": (), "kl_dp": (), "tv_dp": (), "renyi_dp": ("alpha",), "capacity": ()}


def measure_form(n: Notion) -> dict | None:
    """The checker's measure for the notion ({"notion": ..., parameters, operators}), or None."""
    if n.on is not None and n.on_form is None:
        return None
    spec: dict[str, Any] = {"notion": n.name}
    if n.name == "approx_dp" and n.at == "epsilon":
        spec = {"notion": "approx_dp_epsilon", "delta": str(n.params["delta"])}
    elif n.name == "approx_dp":
        spec["epsilon"] = str(n.params["eps"])
    elif n.name in _PARAMS:
        for k, v in n.params.items():
            if k not in _PARAMS[n.name]:
                return None
            spec[k] = str(v)
    else:
        return None
    if n.on_form:
        spec.update(n.on_form)
    return spec


def _scope(families: Sequence, params: Sequence, hypotheses: Sequence) -> dict | None:
    """{"hypotheses": [...]} of a reading over numeric families (a statement about every mechanism), or None — over
    symbolic families the reading's one form is the ``forall-family`` statement (declare.family_form)."""
    if hypotheses or not families or any(getattr(f, "symbolic", False) for f in families):
        return None
    return {"hypotheses": [f"range:{' or '.join(f'{p.name} == {v}' for v in p.values)}" for p in params]}


def implication_form(given: Notion, measure: Notion, bound: str, *, families: Sequence, params: Sequence,
                     hypotheses: Sequence) -> dict | None:
    """measure(M) ≤ bound(ε := given(M)): the bound's ``eps`` is the given notion's value G."""
    g, m, scope = measure_form(given), measure_form(measure), _scope(families, params, hypotheses)
    if g is None or m is None or scope is None:
        return None
    rhs = re.sub(r"\beps\b", "(G)", bound)
    return {"quantifier": "forall-instances", **scope, "measures": {"G": g, "X": m}, "claim": f"X <= {rhs}"}


def listed_inequality_form(measure: Notion, op: str, bound: str, *, families: Sequence, params: Sequence,
                           hypotheses: Sequence) -> Callable[[], dict] | None:
    """measure(M) op bound(ε) on each listed exact instance M with its own ε (``params["eps"]``), as a form built
    on first use (the instances may be compiled programs, built lazily): the statement lists each instance of the
    non-slow families by its sha256 (the checker's ``instance_digest``), so only those matrices can refute or be
    checked; a slow family is listed by the digests it pins (:class:`~exactpriv.claims.model.Family` ``pinned``),
    else named with its instances not bound (a witness from it is then not independently checkable).
    None when the reading has hypotheses, parameter grids or symbolic families, or the notion has no data form."""
    m = measure_form(measure)
    if m is None or hypotheses or params or not families or any(getattr(f, "symbolic", False) for f in families):
        return None

    @functools.cache
    def build() -> dict:
        from exactpriv.checker.witness import read_instance
        from exactpriv.claims.evidence import witness_of

        listed: list[dict] = []
        for fam in families:
            if fam.slow and fam.pinned:  # bound by the digests the bank pins (a slow test builds and compares)
                listed.extend({"label": label, "params": {"eps": eps}, "sha256": digest}
                              for label, eps, digest in fam.pinned)
                continue
            if fam.slow:
                listed.append({"family": fam.name, "unbound": "a slow family (verify --slow): not built for the "
                                                              "manifest"})
                continue
            for inst in fam.build():
                w = witness_of(inst)
                eps = (w or {}).get("params", {}).get("eps")
                if w is None or eps is None or "extra" in w:
                    listed.append({"family": fam.name, "label": inst.label, "unbound": "no exact witness"})
                    continue
                listed.append({"label": inst.label, "params": {"eps": eps}, "sha256": read_instance(w).digest})
        return {"quantifier": "forall-instances", "family": {"listed": listed}, "hypotheses": [],
                "measures": {"X": m}, "claim": f"X {op} {bound}"}

    build.quantifier = "forall-instances"  # known before it is built (a test selects readings by it cheaply)
    return build
