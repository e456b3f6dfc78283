"""Operators in a conjecture: "given(M) = ε ⇒ measure(op(M)) ≤ bound(ε, params)".

``conjecture(..., operator="k_fold")`` (CLI ``--operator k_fold``) measures the conclusion on an operator's output,
the hypothesis on M itself — the shape of composition, group-privacy, post-processing and subsampling results:

* ``k_fold`` — the k-fold composition M^k (parameter ``k``, integers ≥ 1; e.g. ``--param k=2,3 --bound "k*eps"``);
* ``compose`` (CLI ``--compose K[,K...]``) — the same M^k for k up to :data:`MAX_COMPOSE`, kept factored and measured
  by exact composition accounting, never on its |Y|^k outputs: pure ε from the factors' worst ratios and δ(ε) /
  ε(δ) from the exactly composed privacy-loss distributions (atoms grouped by exact log-ratio), so only the measures
  in :data:`COMPOSED_MEASURES`;
* ``group`` — M on the pairs at distance ≤ k of its neighbour graph (parameter ``k``: group privacy, Dwork–Roth
  Thm 2.2, ``--bound "k*eps"``);
* ``subsample`` — Poisson subsampling at rate ``q`` ∈ [0, 1] on the add/remove space (the search then climbs
  ``subsets:n=1..3``; Balle–Barthe–Gaboardi: ``--bound "log(1 + q*(exp(eps) - 1))"``);
* ``post_process`` — K∘M for a stochastic kernel K from M's outputs, drawn with M (each structured seed is paired
  with the identity and with the merge of its last outputs); the witness records its K (``witness["kernel"]``) so
  ``replay`` re-checks the same pipeline.  A conclusion the reduction to the extremal mechanism proves for M (KL,
  TV, Rényi, δ(ε') after ε-DP; TV, δ(ε') after a given δ) is PROVED for K∘M as well, with one more data-processing
  step in the chain (:func:`exactpriv.claims.by_reduction.reducible`); the other operators are hunted.

The operator's parameters are ordinary ``--param`` values (so the bound can use them) with their domains checked
when the claim is built.  Why the given side is never transformed: every classic of this shape bounds what the
operator does to a mechanism of known level, so the level is the input's.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from exactpriv.claims import Instance
from exactpriv.claims.notions import Notion
from exactpriv.errors import InvalidArgument

__all__ = ["COMPOSED_MEASURES", "MAX_COMPOSE", "OPERATORS", "attach_kernels", "check_composed_measure", "check_operator",
           "kernels", "operator_levels", "operator_notion", "parameter_domain", "read_kernel", "write_kernel"]

#: operator -> (its parameter or None, the parameter's domain, integer, one line for help texts)
OPERATORS = {
    "k_fold": ("k", "[1, oo)", True, "the k-fold composition of M (param k)"),
    "compose": ("k", "[1, oo)", True, "the k-fold composition of M by exact composition accounting (param k up to "
                                      "10,000; pure_dp, approx_dp)"),
    "group": ("k", "[1, oo)", True, "M on pairs at distance <= k (group privacy; param k)"),
    "subsample": ("q", "[0, 1]", False, "Poisson subsampling at rate q on the add/remove space (param q)"),
    "post_process": (None, None, False, "K∘M for a stochastic kernel K drawn with M"),
}

#: largest fold count / group size searched (the product's outputs grow as |Y|^k)
MAX_K = 4
#: largest k of ``compose``: M^k stays factored; k randomized responses compose to k + 1 privacy-loss atoms (10,000
#: folds of a 3-output mechanism: about 5·10^7 atoms at worst, so the bound is the accountant's size, not the clock)
MAX_COMPOSE = 10_000
#: the measures ``compose`` accounts exactly without expanding M^k (exactpriv.measures: pure_dp of a
#: ProductMechanism from its factors, approx_dp through the composed privacy-loss distributions)
COMPOSED_MEASURES = ("pure_dp", "approx_dp")


def check_operator(operator: str | None, values: dict) -> None:
    """Validate ``operator`` and that its parameter is given (``values``: the parsed ``--param`` values)."""
    if operator is None:
        return
    if operator not in OPERATORS:
        raise InvalidArgument(f"operator={operator!r}: known operators are {', '.join(OPERATORS)}")
    name = OPERATORS[operator][0]
    if name is not None and name not in values:
        raise InvalidArgument(f"operator {operator!r} needs --param {name}=... (e.g. {name}="
                              f"{'2,3' if name == 'k' else '1/2'})")
    if name == "k":
        top = MAX_COMPOSE if operator == "compose" else MAX_K
        for v in values["k"]:
            if not str(v).isdigit() or not 1 <= int(v) <= top:
                raise InvalidArgument(
                    f"operator {operator!r}: k={v} must be an integer from 1 to {top:,} " + (
                        "(the accountant's size)" if operator == "compose" else
                        "(the composed mechanism's outputs grow as |Y|^k; --compose K accounts larger k exactly "
                        "for pure_dp and approx_dp)"))


def check_composed_measure(operator: str | None, measure: str) -> None:
    """``compose`` measures only what composition accounting gives exactly (:data:`COMPOSED_MEASURES`)."""
    if operator == "compose" and measure not in COMPOSED_MEASURES:
        raise InvalidArgument(f"--compose measures {' and '.join(COMPOSED_MEASURES)} by exact composition "
                              f"accounting; {measure!r} of M^k would expand its |Y|^k outputs: use --operator k_fold "
                              f"--param k=... (k up to {MAX_K})")


def parameter_domain(operator: str | None, name: str) -> tuple[str, bool] | None:
    """(domain, integer) of ``name`` when it is ``operator``'s parameter, else None."""
    if operator is None or OPERATORS[operator][0] != name:
        return None
    return OPERATORS[operator][1], OPERATORS[operator][2]


def _k(inst: Instance) -> int:
    return int(inst.params["k"])


def _apply_k_fold(inst: Instance):
    from exactpriv.mechanisms.operators import k_fold

    return k_fold(inst.mechanism, _k(inst))


def _apply_group(inst: Instance):
    from exactpriv.mechanisms.operators import group

    return group(inst.mechanism, _k(inst))


def _apply_subsample(inst: Instance):
    from exactpriv.mechanisms.operators import poisson_subsample

    return poisson_subsample(inst.mechanism, inst.params["q"])


def _apply_post_process(inst: Instance):
    from exactpriv.mechanisms.operators import post_process

    K = inst.extra.get("kernel")
    if K is None:
        raise InvalidArgument(f"instance {inst.label!r} carries no post-processing kernel (extra['kernel'])")
    return post_process(inst.mechanism, K, outputs=list(range(len(K[0]))))


#: a post-processing: a reducible measure of K∘M is bounded through M (exactpriv.claims.by_reduction.reducible)
_apply_post_process.post_processing = True  # type: ignore[attr-defined]

_APPLY = {"k_fold": _apply_k_fold, "compose": _apply_k_fold, "group": _apply_group, "subsample": _apply_subsample,
          "post_process": _apply_post_process}
#: the operator as data for the independent checker (docs/certificates.md, "Operators"); post_process has none:
#: its kernel is per instance
_FORMS = {"k_fold": {"k_fold": "k"}, "compose": {"k_fold": "k"}, "group": {"group": "k"},
          "subsample": {"subsample": "q"}}


def operator_notion(measure: Notion, operator: str | None) -> Notion:
    """``measure`` taken on the operator's output (unchanged without an operator)."""
    if operator is None:
        return measure
    return Notion(measure.name, at=measure.at, on=_APPLY[operator], on_form=_FORMS.get(operator),
                  **dict(measure.params))


def operator_levels(operator: str | None) -> list[str] | None:
    """The spaces the search climbs for this operator (None: the default Hamming ladder)."""
    if operator == "subsample":
        return ["subsets:n=1", "subsets:n=2", "subsets:n=3"]
    return None


# ------------------------------------------------------------------------------------------- kernels
def _identity(width: int) -> list[list[Fraction]]:
    return [[Fraction(int(i == j)) for j in range(width)] for i in range(width)]


def _merge_last(width: int) -> list[list[Fraction]]:
    """Outputs 0 and 1 kept, every later output merged into 1 (for width 2: 0 and 1 merged into one)."""
    if width <= 2:
        return [[Fraction(1)] for _ in range(width)]
    return [[Fraction(int(i == 0)), Fraction(int(i != 0))] for i in range(width)]


def attach_kernels(seeds: list[Instance]) -> list[Instance]:
    """Each structured seed with the identity kernel and with the merge of its outputs (deterministic)."""
    out = []
    for inst in seeds:
        width = len(inst.mechanism.outputs)
        for name, K in (("identity", _identity(width)), ("merge", _merge_last(width))):
            out.append(Instance(f"{inst.label} then {name}", inst.mechanism, inst.prior, dict(inst.params),
                                {**inst.extra, "kernel": K}))
    return out


@st.composite
def kernels(draw, width: int, *, max_outputs: int = 3):
    """A stochastic matrix with ``width`` rows and 1..max_outputs columns, exact rationals (small numerators,
    zeros allowed: deterministic merges are among the draws)."""
    cols = draw(st.integers(1, max_outputs))
    rows = []
    for _ in range(width):
        weights = draw(st.lists(st.integers(0, 4), min_size=cols, max_size=cols).filter(lambda w: sum(w) > 0))
        total = sum(weights)
        rows.append([Fraction(w, total) for w in weights])
    return rows


def write_kernel(K) -> list[list[str]]:
    return [[str(Fraction(v)) for v in row] for row in K]


def read_kernel(doc, where: str = "$.witness.kernel") -> list[list[Fraction]]:
    """A kernel from a witness document (strings like "1/2"), validated: a non-empty stochastic matrix."""
    from exactpriv.exact.numbers import as_rational

    if not isinstance(doc, list) or not doc or not all(isinstance(r, list) and r for r in doc):
        raise InvalidArgument(f"{where}: a post-processing kernel must be a non-empty list of rows")
    K = [[as_rational(v, f"{where}[{i}][{j}]") for j, v in enumerate(row)] for i, row in enumerate(doc)]
    if len({len(r) for r in K}) != 1 or any(v < 0 for r in K for v in r) or any(sum(r) != 1 for r in K):
        raise InvalidArgument(f"{where}: the kernel's rows must have equal lengths, non-negative entries and sum 1")
    return K
