"""Wang–Ying–Zhang's exponential mechanism E_d(ε) (30), symbolic in ε: its exact DP level and distortions.

The exponential mechanism E_d(ε) of Wang, Ying and Zhang, (30), with a symbolic ε: its exact pure-DP
level and its row distortions for every ε at once.

E_d(y|x) = e^{-εd(x,y)}/(1+(m-1)e^{-ε})^n is also the posterior (61) of Lemma 1's proof (the matrix is
symmetric).  On D^n with (n, m) in :data:`SMALL_SPACES` the measures of the symbolic mechanism are replaced
by their exact closed forms (:mod:`exactpriv.measures.symbolic` through :func:`exactpriv.forall.value_for_all`)
and each identity is certified for all ε >= 0 (:func:`exactpriv.forall.equality_for_all`).  General (n, m)
rests on the sums (71)–(78) (``wang2016.lemma1.claim_ub``), not on this module.
"""

from __future__ import annotations

import functools

import sympy

from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import EPS
from exactpriv.forall import equality_for_all, value_for_all
from exactpriv.mechanisms import zoo
from theorems.wang2016.steps import symbolic_zero


__all__ = ["SMALL_SPACES", "e_d_form", "h_symbolic", "prove_e_d"]

#: the spaces D^n, |D| = m, on which the all-ε proofs below run
SMALL_SPACES = ((1, 2), (1, 3), (2, 2), (2, 3))
_T = sympy.exp(EPS)


def h_symbolic(n, m):
    """h(ε) = n/(1 + e^ε/(m-1)) (36), as a sympy expression in ε."""
    return n / (1 + _T / (m - 1))


@functools.lru_cache(maxsize=None)
def _e_d(n, m):
    return zoo.wang_E_d(list(range(m)), n, eps=EPS)


def e_d_form(claim: str) -> dict:
    """A claim on E_d(ε) for every ε >= 0 and every input x of each space of :data:`SMALL_SPACES`, as data for
    the independent checker (docs/certificates.md, "forall-family"): DP is E_d's pure DP and DIST the
    distortion Σ_y p(y|x) d(x, y) of x's row, both derived by the checker from the matrix; n and m are the
    space's parameters."""
    from exactpriv.certify.checker_format import family_entry
    from exactpriv.claims.evidence import space_json

    families = []
    for n, m in SMALL_SPACES:
        E = _e_d(n, m)
        entry = family_entry(f"E_d on D^{n}, m = {m}", "eps", "[0, oo)", space_json(E.inputs),
                             E.to_json()["outputs"], E.rows)
        families.append(dict(entry, params={"n": str(n), "m": str(m)}))
    return {"quantifier": "forall-family", "families": families, "inputs": "each",
            "measures": {"DP": {"notion": "pure_dp"}, "DIST": {"notion": "distortion", "input": "this"}},
            "claim": claim}


def _row_distortions(E):
    """Σ_y p(y|x) d(x, y) for every x, exactly (sympy)."""
    D = E.inputs.distance_matrix()
    return [sympy.cancel(sympy.Add(*[sympy.sympify(v) * int(D[x, y]) for y, v in enumerate(row)]))
            for x, row in enumerate(E.rows)]


def _all(parts, what: str) -> Decision:
    """TRUE iff every part is TRUE; the first FALSE refutes; else UNDECIDED."""
    cert = {"parts": [{"truth": d.truth.value, "method": d.method, "reason": d.reason} for d in parts]}
    for d in parts:
        if d.is_false:
            return Decision.false(d.method, f"{what}: {d.reason}", certificate={**cert, **d.certificate})
    if all(d.is_true for d in parts):
        return Decision.true("forall", f"{what}: all {len(parts)} steps proved", certificate=cert)
    und = next(d for d in parts if d.is_undecided)
    return Decision.undecided(und.method, f"{what}: {und.reason}", certificate=cert)


def prove_e_d(lemma: str, distortion=h_symbolic) -> Decision:
    """For every ε >= 0 on each space of :data:`SMALL_SPACES`: the pure-DP level of E_d(ε) is exactly ε and
    every row has distortion ``distortion(n, m)`` (h(ε) unless a broken variant is tested).  With
    ``lemma="lemma1"`` also: E_d is a symmetric matrix, so the posterior (61) equals E_d(y|x) and constraint
    (23) of R-PD is the pure DP of E_d, attained."""
    parts = []
    for n, m in SMALL_SPACES:
        E = _e_d(n, m)
        if lemma == "lemma1":
            # a refutation needs an exact nonzero entry difference at some eps (symbolic_zero), not a failed cancel
            points = [{EPS: sympy.log(t)} for t in (2, 3, sympy.Rational(3, 2))]
            sym = Decision.all_of([symbolic_zero(sympy.sympify(E.rows[x][y]) - sympy.sympify(E.rows[y][x]),
                                                 f"E_d[{x}][{y}] = E_d[{y}][{x}]", points)
                                   for x in range(len(E.rows)) for y in range(x)])
            parts.append(Decision(sym.truth, sym.method,
                                  f"D^{n}, m={m}: the posterior (61) p(x|y) equals E_d(y|x) (a symmetric matrix), "
                                  f"so (23) is the pure DP of E_d: {sym.reason}", sym.precision, sym.certificate))
        parts.append(value_for_all(E, "pure_dp", EPS))
        for val in dict.fromkeys(_row_distortions(E)):
            parts.append(equality_for_all(val, distortion(n, m)))
    what = ("R-PD witness (61) is feasible with (23) tight and distortion h(eps), all eps" if lemma == "lemma1"
            else "E_d is exactly eps-DP with E[d] = h(eps) under every prior, all eps")
    return _all(parts, what)
