"""Li et al. §5.1: D_N, the k-Max mechanism and Proposition 5.3 (true under one convention for ∅).

Li, Qardaji, Su, Wu and Yang, "Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013): §5.1, the non-informative family D_N and the k-Max mechanism.

Main claims
-----------
* ``li2013.fam5_1`` — D_N is the product law with Pr[t] = 1/2;
* ``li2013.def5_2`` — the k-Max mechanism (A(∅) is undefined in the paper: the readings name their
  convention);
* ``li2013.prop5_3`` — k-Max is (D_N, (2^k-1)/(2^k-2))-PMP: true and tight with ∅ ↦ uniform on
  {c_1..c_k}, false under the other conventions for ∅; the proof's "s_j >= k" is false as written;
* ``li2013.prop5_3_values`` — the values after the proposition and the primes example;
* ``li2013.kmax_not_nmp`` — k-Max is not NMP for any γ (false only at n = k).

Every reading about k-Max declares the hypothesis :data:`IS_KMAX` and ``open_search=False``: it is a
statement about the paper's mechanism, never refuted by another one.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import sympy

from exactpriv.claims import (
    Claim, Family, Finding, Hypothesis, Instance, Outcome, Reading, Verdict, does_not_imply, param_domain,
)
from exactpriv.errors import ExactPrivError
from exactpriv.exact.decisions import Decision
from exactpriv.exact.kernel import compare
from exactpriv.exact.numbers import OO
from exactpriv.forall import equality_for_all, inequality_for_all
from exactpriv.measures.membership import negative_membership, positive_membership
from exactpriv.mechanisms import zoo
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Subsets

from theorems.li2013.brute_force import membership_level_at, product_dist, uniform_dist
from theorems.li2013.steps import as_int


__all__ = [
    "DEF5_2",
    "FAM5_1",
    "IS_KMAX",
    "KMAX_NOT_NMP",
    "PROP5_3",
    "PROP5_3_VALUES",
    "kmax_posterior",
    "prove_prop53_attained",
]


def _check_dn_product(inst: Instance) -> Outcome:
    n = as_int(inst.params["n"])
    sp = Subsets(tuple(range(1, n + 1)))
    uni = uniform_dist(sp)
    prod = product_dist(sp, {u: Fraction(1, 2) for u in sp.universe})
    marg = [sum((w for T, w in uni.items() if u in T), Fraction(0)) for u in sp.universe]
    return Outcome(Decision.of(uni == prod and all(m == Fraction(1, 2) for m in marg), "rational", f"uniform law on 2^{n} subsets = product of Bernoulli(1/2); Pr[t] = {set(marg)}"))


#: the domain of the reading's parameters, as its statement gives it (declared, so a search may draw
#: them — issue 23)
FAM51_N_DOMAIN = param_domain("n", lo=1, integer=True, text="n >= 1 records (an int)")


FAM5_1 = Claim(
    "li2013.fam5_1", "Distribution Family 5.1: D_N, the uniform (non-informative) distribution",
    "§5.1, Distribution Family 5.1",
    "DN: Non-informative Distribution DN includes a single distribution DN, the uniform distribution such "
    "that each subset of U has the same probability 1/2^|U|. ... Under DN, we have Pr[t] = 1/2 for every "
    "entity t.",
    "definition",
    [Reading("product-form", "the uniform law on all subsets equals the product law with p_t = 1/2, and "
             "Pr[t] = 1/2 (n = 1..6)", check=_check_dn_product,
             families=(Family("n-1..6", lambda: tuple(Instance(f"n={n}", params={"n": n}) for n in range(1, 7))),),
             hypotheses=(FAM51_N_DOMAIN,), expected=Verdict.CHECKED)])


# --- k-Max ---------------------------------------------------------------------------------
def _kmax_support(n, k, T):
    """The set C of Definition 5.2 for a non-empty T (output ranks)."""
    j = max(T)
    return set(range(j, j + k)) if j + k - 1 <= n else set(range(n - k + 1, n + 1))


def _kmax_bottom(n, k) -> Mechanism:
    """k-Max with T = ∅ mapped to a distinct output 'none' (reading 'empty-bottom')."""
    base = zoo.k_max(n, k)
    rows = []
    for T, row in zip(base.inputs.points, base.rows):
        rows.append(([Fraction(0)] * n + [Fraction(1)]) if not T else list(row) + [Fraction(0)])
    return Mechanism(base.inputs, list(base.outputs) + ["none"], rows)


def _kmax_instances(ks, n_max, empties, *, n_min_offset=0, bottom=False):
    out = []
    for n in range(min(ks) + n_min_offset, n_max + 1):
        for k in ks:
            if n < k + n_min_offset:
                continue
            for e in empties:
                M = _kmax_named(n, k, e)  # one (immutable) mechanism per (n, k, empty), shared by the families
                out.append(Instance(f"k_max(n={n}, k={k}, empty={e!r})", M, params={"n": n, "k": k, "empty": e}))
    return tuple(out)


def _kmax_of(params) -> Mechanism:
    """The k-Max mechanism named by an instance's parameters (n, k, empty)."""
    return _kmax_named(as_int(params["n"]), as_int(params["k"]), params["empty"])


# The families list the same k-Max mechanisms reading after reading, and the hypothesis "is this instance the k-Max
# mechanism its parameters name" rebuilds it for every instance it is asked about; it is a pure function of
# (n, k, empty), built once per distinct triple (the Mechanism is immutable; an unhashable `empty` is not
# remembered and fails as before).
def _kmax_named(n, k, e) -> Mechanism:
    try:
        return _kmax_cached(n, k, e)
    except TypeError:
        return _kmax_bottom(n, k) if e == "bottom" else zoo.k_max(n, k, empty=e)


@functools.lru_cache(maxsize=256)
def _kmax_cached(n, k, e) -> Mechanism:
    return _kmax_bottom(n, k) if e == "bottom" else zoo.k_max(n, k, empty=e)


def _is_kmax(inst) -> bool:
    try:
        want = _kmax_of(inst.params)
    except (KeyError, ValueError, TypeError, ExactPrivError):
        return False
    M = inst.mechanism
    return (M is not None and tuple(M.inputs.points) == tuple(want.inputs.points)
            and tuple(M.outputs) == tuple(want.outputs) and tuple(map(tuple, M.rows)) == tuple(map(tuple, want.rows)))


def _kmax_form(claim: str, measures: dict, *, empty=None, degenerate=None) -> dict:
    """A statement about k-Max (Definition 5.2) as data for the independent checker: the checker builds k-Max
    at the witness's (n, k) itself (``empty`` fixed, or read from the witness among "lowest"/"uniform")."""
    family: dict = {"construction": "k_max", "params": ["n", "k"]}
    if empty is None:
        family["grid"] = {"empty": ["lowest", "uniform"]}
    else:
        family["fixed"] = {"empty": empty}
    return {"quantifier": "forall-instances", "family": family, "hypotheses": ["range:k >= 2 and n >= k"],
            "measures": measures, "claim": claim, **({"degenerate": degenerate} if degenerate else {})}


#: the readings of §5.1 are about the k-Max mechanism: any other instance is outside
IS_KMAX = Hypothesis("k-max", "the mechanism is the k-Max mechanism of Definition 5.2 named by (n, k, A(∅))",
                     _is_kmax)


def _check_kmax_definition(inst: Instance) -> Outcome:
    M = inst.mechanism
    n, k, e = as_int(inst.params["n"]), as_int(inst.params["k"]), inst.params["empty"]
    parts = []
    for T, row in zip(M.inputs.points, M.rows):
        if T:
            C = _kmax_support(n, k, T)
        else:
            C = set(range(1, k + 1)) if e == "lowest" else set(range(1, n + 1))
        want = [Fraction(1, len(C)) if c in C else Fraction(0) for c in range(1, n + 1)]
        parts.append(Decision.of(list(row) == want, "rational", f"row of {set(T) or '∅'}"))
    return Outcome(Decision.all_of(parts, "zoo.k_max vs Definition 5.2"))


def _check_kmax_accuracy(inst: Instance) -> Outcome:
    M = inst.mechanism
    k = as_int(inst.params["k"])
    bad = [(set(T), y) for T, row in zip(M.inputs.points, M.rows) if T
           for y, v in zip(M.outputs, row) if v > 0 and abs(y - max(T)) >= k]
    return Outcome(Decision.of(not bad, "exhaustive", f"outputs within rank distance k-1 of max T; violations: {bad[:3]}"))


_FAM_DEF = Family("k-2..4,n-k..7", lambda: _kmax_instances((2, 3, 4), 7, ("lowest", "uniform")))

DEF5_2 = Claim(
    "li2013.def5_2", "Definition 5.2: the k-Max mechanism",
    "§5.1, Definition 5.2",
    "The k-Max mechanism, parameterized by an integer k >= 2, works as follows. Given a dataset T, let j be "
    "the largest element in T, the mechanism gives a value picked at uniform random from the following set: "
    "C = {c_j, c_j+1, ..., c_j+k-1} when j+k-1 <= n, {c_n-k+1, ..., c_n} otherwise. ... It outputs the value "
    "of an element whose rank in the universe is within distance k of the true max of the dataset.",
    "construction",
    [
        Reading("zoo-matches-definition", "zoo.k_max(n, k, empty) equals the definition row by row; T = ∅ "
                "(undefined in the paper) follows the chosen reading: 'lowest' (uniform on c_1..c_k) or "
                "'uniform' (uniform on all n values)",
                check=_check_kmax_definition, families=(_FAM_DEF,), expected=Verdict.CHECKED,
                hypotheses=(IS_KMAX,), open_search=False,
                notes="The hypothesis makes the instance zoo.k_max(n, k, A(∅)) of its parameters; the check rebuilds "
                      "Definition 5.2 independently and compares row by row."),
        Reading("accuracy", "every output of a non-empty T has rank within distance k - 1 of max(T)",
                check=_check_kmax_accuracy, families=(_FAM_DEF,), expected=Verdict.CHECKED,
                hypotheses=(IS_KMAX,), open_search=False),
    ])


# --- Proposition 5.3 ---------------------------------------------------------------------
def _gamma_k(k: int) -> Fraction:
    return Fraction(2 ** k - 1, 2 ** k - 2)


def _check_prop53(inst: Instance) -> Outcome:
    M = inst.mechanism
    k = as_int(inst.params["k"])
    m = positive_membership(M, family="uniform")
    d = compare(m.value, "<=", _gamma_k(k))
    return Outcome(Decision(d.truth, d.method, f"(D_N) PMP level {m.value} vs γ = {_gamma_k(k)}"), {"measure": m})


def _check_prop53_tight(inst: Instance) -> Outcome:
    M = inst.mechanism
    k = as_int(inst.params["k"])
    m = positive_membership(M, family="uniform")
    d = compare(m.value, "==", _gamma_k(k))
    return Outcome(Decision(d.truth, d.method, f"(D_N) PMP level {m.value} = γ = {_gamma_k(k)}?"), {"measure": m})


def _possible_maxima(M, j):
    """M_j of the proof: the maxima m of non-empty datasets T with P(c_j | T) > 0 (from the matrix)."""
    return sorted({max(T) for T, row in zip(M.inputs.points, M.rows) if T and row[M.output_index(j)] > 0})


def _check_sj(inst: Instance) -> Outcome:
    M = inst.mechanism
    k = as_int(inst.params["k"])
    bad = [(j, len(_possible_maxima(M, j))) for j in M.outputs if len(_possible_maxima(M, j)) < k]
    return Outcome(Decision.of(not bad, "exhaustive", f"outputs j with s_j < k: {bad[:3]}"),
                   {"violations": [list(b) for b in bad]})


def _posteriors(M, j, *, nonempty: bool):
    """Pr[i ∈ T | output c_j] under D_N (optionally conditioned on T ≠ ∅), brute force."""
    y = M.output_index(j)
    tot = Fraction(0)
    with_i = {i: Fraction(0) for i in M.inputs.universe}
    for T, row in zip(M.inputs.points, M.rows):
        if nonempty and not T:
            continue
        tot += row[y]
        for i in T:
            with_i[i] += row[y]
    return None if tot == 0 else {i: w / tot for i, w in with_i.items()}


def _check_posterior_formula(nonempty: bool):
    def check(inst: Instance) -> Outcome:
        M = inst.mechanism
        k = as_int(inst.params["k"])
        parts = []
        for j in M.outputs:
            Mj = _possible_maxima(M, j)
            post = _posteriors(M, j, nonempty=nonempty)
            if not Mj or post is None:
                continue
            s, mj = len(Mj), max(Mj)
            for i, v in post.items():
                if i > mj:
                    want = Fraction(0)
                elif i <= j - k:
                    want = Fraction(1, 2)
                else:
                    want = Fraction(2 ** (s - 1), 2 ** s - 1)
                parts.append(Decision.of(v == want, "rational", f"output c_{j}, entity {i}: Pr = {v}, proof's formula {want} "
                                                        f"(s_j = {s}, m_j = {mj})"))
        return Outcome(Decision.all_of(parts, "posterior formula of the proof of Prop. 5.3"))

    return check


def _check_prop53_bottom(inst: Instance) -> Outcome:
    M = inst.mechanism
    k = as_int(inst.params["k"])
    lvl, wit = membership_level_at(M, uniform_dist(M.inputs))
    d = compare(lvl, "<=", _gamma_k(k)) if lvl != OO else Decision.false("rational", "level +oo")
    return Outcome(Decision(d.truth, d.method, f"(D_N) PMP level {lvl} (brute force over events) vs {_gamma_k(k)}"),
                   {"brute_force": lvl, "witness": wit})


def _check_output_cn_count(inst: Instance) -> Outcome:
    """The premise of ``output-cn-algebra-all-k`` on one k-Max instance, by brute force over all 2^n subsets:
    Pr[i ∈ T | c_n] = 2^(n-1)/(2^n - 2^(n-k)) for i in M_n = {n-k+1..n} and 1/2 for i <= n-k."""
    M = inst.mechanism
    n, k = as_int(inst.params["n"]), as_int(inst.params["k"])
    post = _posteriors(M, n, nonempty=False)
    count = Fraction(2 ** (n - 1), 2 ** n - 2 ** (n - k))
    parts = [Decision.of(post is not None and v == (count if i > n - k else Fraction(1, 2)), "rational", f"Pr[{i} ∈ T | c_{n}] = {None if post is None else v}")
             for i, v in (post or {0: None}).items()]
    return Outcome(Decision.all_of(parts, f"subset count at output c_{n} (n = {n}, k = {k})"))


def prove_prop53_attained(gamma=None) -> Decision:
    """The algebra of ``output-cn-algebra-all-k`` for all k >= 2, n > k (A = 2^(n-k), B = 2^k, u = 2^k >= 4):
    (1) 2^(n-1)/(2^n - 2^(n-k)) = 2^(k-1)/(2^k - 1) (exact cancellation); (2) with prior 1/2 the two PMP
    ratios of an entity of M_n are π/(1/2) = u/(u-1) and (1/2)/(1 - π) = (u-1)/(u-2), and the second is
    the larger on u >= 4 (certified); (3) it equals (u-1)/(u-2) = (2^k-1)/(2^k-2) (``gamma`` replaces this
    target in broken variants), which is >= 1, the ratio of the entities outside M_n (posterior 1/2)."""
    half = sympy.Rational(1, 2)
    A, B = sympy.symbols("A B", positive=True)  # A = 2^(n-k), B = 2^k
    post_count = (A * B / 2) / (A * B - A)
    u = sympy.Symbol("u", positive=True)
    post = (u / 2) / (u - 1)
    level = (1 - half) / (1 - post)
    target = (u - 1) / (u - 2) if gamma is None else gamma(u)
    dom = dict(domain=(4, sympy.oo), closed=(True, False), variable=u)
    parts = [Decision.of(sympy.cancel(post_count - (B / 2) / (B - 1)) == 0, "sympy-cancel", "2^(n-1)/(2^n - 2^(n-k)) = 2^(k-1)/(2^k - 1) for all n, k"),
             inequality_for_all(level, ">=", post / half, **dom),
             equality_for_all(level, target, **dom),
             inequality_for_all(target, ">=", 1, **dom)]
    return Decision.all_of(parts, "given the subset count, k-Max attains (2^k-1)/(2^k-2) at output c_n for every k >= 2, n > k")


def _attained_form() -> dict:
    """'output-cn-algebra-all-k' as data for the independent checker (docs/certificates.md, "atom-identity",
    "resolve"), over real A = 2^(n-k) >= 2 and B = 2^k >= 4 (every k >= 2, n > k): the given count
    P = 2^(n-1)/(2^n - 2^(n-k)) = (AB/2)/(AB - A) is 2^(k-1)/(2^k-1), and the PMP level at c_n — for each entity the
    larger of Pr[i|c_n]/Pr[i] and Pr[i ∉ T]/Pr[i ∉ T | c_n] (Pr[i] = 1/2 under D_N), over the entities of M_n (P)
    and the others (posterior 1/2, as in the proof) — is (2^k-1)/(2^k-2)."""
    P = "((A*B/2)/(A*B - A))"
    return {"quantifier": "forall-params", "domain": {"A": "[2, oo)", "B": "[4, oo)"},
            "claim": f"{P} == (B/2)/(B - 1) and max({P}/(1/2), (1 - 1/2)/(1 - {P}), (1/2)/(1/2), "
                     f"(1 - 1/2)/(1 - 1/2)) == (B - 1)/(B - 2)"}


#: the proof's posterior formula at every output c_j and entity i with s_j > 0, as data for the independent
#: checker: Pr[i|c_j] = 0 if i > m_j, 1/2 if i <= j − k, else 2^(s_j−1)/(2^s_j − 1)
def _posterior_formula_form(given: str) -> dict:
    return dict(_kmax_form("S == 0 or (i > MJ and P == 0) or (i <= MJ and i <= j - k and P == 1/2) or "
                           "(i <= MJ and i > j - k and P == 2**(S - 1)/(2**S - 1))",
                           {"S": {"notion": "possible_maxima", "output": "j"},
                            "MJ": {"notion": "top_possible_maximum", "output": "j"},
                            "P": {"notion": "membership_posterior", "output": "j", "entity": "i", "given": given}},
                           empty="lowest"),
                for_each={"j": "outputs", "i": "entities"})


_PMP = {"PMP": {"notion": "positive_membership"}}

_FAM_LOWEST = Family("empty-lowest, k-2..4, n-k..8", lambda: _kmax_instances((2, 3, 4), 8, ("lowest",)))
_FAM_LOWEST_SLOW = Family("empty-lowest, k-2..5, n-k..10", lambda: _kmax_instances((2, 3, 4, 5), 10, ("lowest",)),
                          slow=True)


PROP5_3 = Claim(
    "li2013.prop5_3", "Proposition 5.3: k-Max satisfies (D_N, (2^k-1)/(2^k-2))-PMP",
    "§5.1, Proposition 5.3 and its proof (PMP reconstructed)",
    "PROPOSITION 5.3. The k-Max mechanism satisfies (DN, γ)-PMP for γ = (2^k - 1)/(2^k - 2). PROOF. ... Let Mj "
    "denote the set of entities that are possible true max when cj is output, and sj = |Mj| ... In any case, "
    "we always have sj >= k. When cj is output, we know that at least one element in Mj must appear ... We "
    "have Pr[i|cj] = 0 when i > mj, and Pr[i|cj] = 1/2 when i <= j - k. When j - k < i <= mj, we have "
    "Pr[i|cj] = 2^(sj-1)/(2^sj - 1) ... solving which gets γ >= max(2^k/(2^k-1), (2^k-1)/(2^k-2)).",
    "construction",
    [
        Reading("empty-lowest", "(the paper leaves A(∅) undefined) with A(∅) uniform on {c_1..c_k}: "
                "positive_membership(k_max(n, k), 'uniform') <= (2^k-1)/(2^k-2) for k = 2..4, n = k..8",
                check=_check_prop53, families=(_FAM_LOWEST, _FAM_LOWEST_SLOW), expected=Verdict.CHECKED,
                form=_kmax_form("PMP <= (2**k - 1)/(2**k - 2)", _PMP, empty="lowest"),
                hypotheses=(IS_KMAX,), open_search=False, convention="A(∅) uniform on {c_1..c_k} ('empty-lowest')"),
        Reading("empty-uniform", "with A(∅) uniform on all n values: the same bound",
                check=_check_prop53,
                families=(Family("empty-uniform", lambda: _kmax_instances((2, 3, 4), 7, ("uniform",))),),
                form=_kmax_form("PMP <= (2**k - 1)/(2**k - 2)", {"PMP": {"notion": "positive_membership"}},
                                empty="uniform"),
                expected=Verdict.REFUTED, hypotheses=(IS_KMAX,), open_search=False,
                finding=Finding.CONVENTION, convention="A(∅) uniform on {c_1..c_n} ('empty-uniform')",
                why="the paper leaves A(∅) undefined; with ∅ mapped uniformly onto all n outputs the bound fails "
                    "from n = 5 (k = 2: γ = 7/4 > 3/2); it holds under 'empty-lowest' (reading empty-lowest)",
                notes="Fails from n = 5 on (first instance in the family order: k = 2, n = 5, γ = 7/4 > 3/2): "
                      "output c_1 comes from T = {1} w.p. 1/k and from ∅ only w.p. 1/n, so "
                      "Pr[1|c_1] = n/(n+k) and the level is (n+k)/(2k), unbounded in n."),
        Reading("empty-bottom", "with A(∅) a distinct output ⊥ ('none'): the same bound (brute force over events)",
                check=_check_prop53_bottom,
                families=(Family("empty-bottom", lambda: _kmax_instances((2, 3), 6, ("bottom",), n_min_offset=1)),),
                form=_kmax_form("PMP <= (2**k - 1)/(2**k - 2)", {"PMP": {"notion": "positive_membership"}},
                                empty="bottom"),
                expected=Verdict.REFUTED, hypotheses=(IS_KMAX,), open_search=False,
                finding=Finding.CONVENTION, convention="A(∅) a distinct output ⊥ ('empty-bottom')",
                why="the paper leaves A(∅) undefined; with ∅ mapped to its own output, output c_1 reveals T = {1} "
                    "(posterior 1) for every n > k; it holds under 'empty-lowest' (reading empty-lowest)",
                notes="Fails for every n > k: output c_1 reveals T = {1}, so Pr[1|c_1] = 1 and no γ works."),
        Reading("tight-empty-lowest", "with A(∅) uniform on {c_1..c_k} and n > k, the PMP level equals "
                "(2^k-1)/(2^k-2) exactly (attained at output c_n, s_j = k)",
                check=_check_prop53_tight,
                families=(Family("n>k", lambda: _kmax_instances((2, 3, 4), 8, ("lowest",), n_min_offset=1)),),
                form=dict(_kmax_form("PMP == (2**k - 1)/(2**k - 2)", _PMP, empty="lowest"),
                          hypotheses=["range:k >= 2 and n > k"]),
                expected=Verdict.CHECKED, hypotheses=(IS_KMAX,), open_search=False,
                convention="A(∅) uniform on {c_1..c_k} ('empty-lowest')",
                notes="At n = k the mechanism ignores its input (level 1): tightness needs n > k."),
        Reading("proof-sj-ge-k", "the proof's 'in any case, we always have s_j >= k' (M_j = maxima of non-empty "
                "datasets that can output c_j, read off the matrix)",
                check=_check_sj,
                families=(Family("k-2..3,n-k..6", lambda: _kmax_instances((2, 3), 6, ("lowest",))),),
                form=_kmax_form("S >= k", {"S": {"notion": "least_possible_maxima"}}, empty="lowest"),
                expected=Verdict.REFUTED, hypotheses=(IS_KMAX,), open_search=False,
                finding=Finding.AS_WRITTEN,
                why="the proof's 'in any case, we always have s_j >= k' is false for outputs c_j with j < k, whose "
                    "possible maxima are {1..j} (k = 2, n = 3, j = 1: s_1 = 1); independent of A(∅)",
                notes="False for outputs j < k (M_j = {1..j}); minimal witness k = 2, n = 3, j = 1. Harmless "
                      "for the 'empty-lowest' reading (∅ then also outputs c_j and the posterior drops to 1/2), "
                      "fatal for 'empty-uniform' and 'empty-bottom'."),
        Reading("proof-posterior-formula-empty-lowest", "the proof's posterior formula under D_N with A(∅) "
                "uniform on {c_1..c_k}",
                check=_check_posterior_formula(False),
                families=(Family("k-2..3,n-k..6", lambda: _kmax_instances((2, 3), 6, ("lowest",))),),
                form=_posterior_formula_form("all"),
                expected=Verdict.REFUTED, hypotheses=(IS_KMAX,), open_search=False,
                finding=Finding.CONVENTION, convention="A(∅) uniform on {c_1..c_k} ('empty-lowest')",
                why="with ∅ mapped into {c_1..c_k}, ∅ contributes to outputs c_j, j <= k, and the proof's posterior "
                    "formula fails there (k = 2, n = 2: Pr[1|c_1] = 1/2, formula 2/3); when ∅ never outputs c_j "
                    "(reading proof-posterior-formula-nonempty, i.e. 'empty-bottom') it holds",
                notes="Fails at outputs j <= k, where ∅ contributes (e.g. k = 2, n = 2: Pr[1|c_1] = 1/2, "
                      "formula 2/3)."),
        Reading("proof-posterior-formula-nonempty", "the proof's posterior formula under D_N conditioned on "
                "T ≠ ∅ (the proof's implicit model: 'at least one element in M_j must appear')",
                check=_check_posterior_formula(True),
                families=(Family("k-2..4,n-k..7", lambda: _kmax_instances((2, 3, 4), 7, ("lowest",))),),
                form=_posterior_formula_form("nonempty"),
                expected=Verdict.CHECKED, hypotheses=(IS_KMAX,), open_search=False,
                convention="posteriors conditioned on T ≠ ∅ (as under A(∅) a distinct output ⊥ ('empty-bottom'))",
                notes="The formula is right in terms of s_j; what fails is s_j >= k."),
        Reading("output-cn-algebra-all-k",
                "for all k >= 2 and n > k, GIVEN the proof's subset count at output c_n — Pr[i ∈ T | c_n] = "
                "2^(n-1)/(2^n - 2^(n-k)) for i in M_n = {n-k+1..n} — the PMP level of k-Max at c_n is exactly "
                "(2^k-1)/(2^k-2): Proposition 5.3's γ is attained (machine-checked algebra; the count itself is "
                "checked by brute force on the instances, k <= 4, n <= 8, not proved for all k)",
                check=_check_output_cn_count,
                families=(Family("n>k", lambda: _kmax_instances((2, 3, 4), 8, ("lowest",), n_min_offset=1)),),
                prove=prove_prop53_attained, expected=Verdict.PROVED, hypotheses=(IS_KMAX,), open_search=False,
                form=_attained_form(),
                convention="A(∅) uniform on {c_1..c_k} ('empty-lowest')",
                notes="Formerly 'forall-k-output-cn' (PROVED for all k while the subset count lived in a "
                      "docstring): the count is now the reading's stated premise, checked on the instances; "
                      "tight-empty-lowest checks the attained level itself."),
    ])


# --- values after Prop. 5.3 and the primes example --------------------------------------
def kmax_posterior(n: int, k: int, j: int, i: int, *, empty: str = "lowest") -> Fraction:
    """Pr[i ∈ T | k-Max outputs c_j] under D_N on a universe of n ranks, without enumerating 2^n
    datasets.  P(c_j | T) depends on T only through m = max(T) (m = 0 for ∅); Pr[max = m] =
    2^{m-1}/2^n and Pr[∅] = 1/2^n; given max = m, i ∈ T w.p. 1 (i = m), 1/2 (i < m), 0 (i > m).
    Only maxima m with c_j in their output set contribute: j-k+1 <= m <= min(j, n-k+1), and
    m > n-k+1 when j >= n-k+1.  Weights are rescaled by 2^n/2^{lo-1} (lo = max(1, j-k+1)) to
    keep the integers small.  Agrees with the brute force on small n (tests)."""
    if empty not in ("lowest", "uniform"):
        raise ValueError(f"empty={empty!r} must be 'lowest' or 'uniform'")
    lo = max(1, j - k + 1)
    maxima = list(range(lo, min(j, n - k + 1) + 1))
    if j >= n - k + 1:
        maxima += list(range(n - k + 2, n + 1))
    num = den = Fraction(0)
    for m in maxima:
        C = _kmax_support(n, k, {m})
        if j not in C:
            continue
        w = Fraction(2 ** (m - lo), len(C))
        num += w * (1 if i == m else (Fraction(1, 2) if i < m else 0))
        den += w
    C0 = set(range(1, k + 1)) if empty == "lowest" else set(range(1, n + 1))
    if j in C0:  # T = ∅: weight 2^{-(lo-1)}, contains no entity
        den += Fraction(1, 2 ** (lo - 1) * len(C0))
    return num / den


def _prove_gamma_max() -> Decision:
    """For all k >= 2 (x = 2^k >= 4), with the proof's posterior π = 2^(k-1)/(2^k-1) = x/(2(x-1)):
    the solve step — π <= γ/2 iff γ >= 2π = x/(x-1), and π <= (γ - 1/2)/γ iff γ >= 1/(2(1-π)) = (x-1)/(x-2)
    (γ > 0, π < 1) — both right sides cancelled exactly; and (x-1)/(x-2) >= x/(x-1) on [4, oo) by the
    certifier, so the least γ is (2^k-1)/(2^k-2)."""
    from exactpriv.certify import prove_inequality

    x = sympy.Symbol("x", positive=True)
    post = x / (2 * (x - 1))
    solve = [Decision.of(sympy.cancel(2 * post - x / (x - 1)) == 0, "sympy-cancel", "2π = x/(x-1)"),
             Decision.of(sympy.cancel(1 / (2 * (1 - post)) - (x - 1) / (x - 2)) == 0, "sympy-cancel", "1/(2(1-π)) = (x-1)/(x-2)"),
             prove_inequality(1 - post, ">", 0, domain=(4, sympy.oo), closed=(True, False),
                              variable=x).to_decision()]
    res = prove_inequality((x - 1) / (x - 2), ">=", x / (x - 1), domain=(4, sympy.oo), closed=(True, False),
                           variable=x)
    return Decision.all_of(solve + [res.to_decision()], "the least γ after Proposition 5.3, all k >= 2")


def _values_form() -> dict:
    """'arithmetic' as data for the independent checker (docs/certificates.md, "all-of"), in real x = 2^k >= 4 with
    the proof's posterior π = 2^(k-1)/(2^k-1) = x/(2(x-1)) and G = (x-1)/(x-2) = (2^k-1)/(2^k-2): "the least γ > 0
    with π <= min(γ/2, (γ-1/2)/γ) is G" is stated as: it holds at γ = G, and fails at every γ = sG, s ∈ (0, 1);
    max(2^k/(2^k-1), G) = G; and the values stated for k = 2, 3, 4."""
    G, pi = "((x - 1)/(x - 2))", "(x/(2*(x - 1)))"
    x = {"x": "[4, oo)"}
    return {"quantifier": "all-of", "parts": [
        {"name": "the condition holds at gamma = G", "statement": {
            "quantifier": "forall-params", "domain": x, "claim": f"{pi} <= min({G}/2, ({G} - 1/2)/{G})"}},
        {"name": "the condition fails at every gamma = s*G < G", "statement": {
            "quantifier": "forall-params", "domain": dict(x, s="(0, 1)"),
            "claim": f"{pi} > min((s*{G})/2, ((s*{G}) - 1/2)/(s*{G}))"}},
        {"name": "max(2^k/(2^k-1), (2^k-1)/(2^k-2)) = (2^k-1)/(2^k-2)", "statement": {
            "quantifier": "forall-params", "domain": x, "claim": f"max(x/(x - 1), {G}) == {G}"}},
        {"name": "the stated values for k = 2, 3, 4", "statement": {
            "quantifier": "forall-params", "domain": x,
            "claim": "(2**2 - 1)/(2**2 - 2) == 3/2 and (2**3 - 1)/(2**3 - 2) == 7/6 and "
                     "(2**4 - 1)/(2**4 - 2) == 15/14"}}]}


def _check_values(inst: Instance) -> Outcome:
    k = as_int(inst.params["k"])
    g1, g2 = Fraction(2 ** k, 2 ** k - 1), _gamma_k(k)
    stated = {2: Fraction(3, 2), 3: Fraction(7, 6), 4: Fraction(15, 14)}
    parts = [Decision.of(max(g1, g2) == g2, "rational", f"max({g1}, {g2}) = {g2}")]
    if k in stated:
        parts.append(Decision.of(g2 == stated[k], "rational", f"k = {k}: γ = {g2}, stated {stated[k]}"))
    # the solve step: the least γ with 2^(k-1)/(2^k-1) <= min(γ/2, (γ - 1/2)/γ) is max(g1, g2)
    post = Fraction(2 ** (k - 1), 2 ** k - 1)

    def holds(g):
        return post <= min(g / 2, (g - Fraction(1, 2)) / g)

    parts.append(Decision.of(holds(g2) and not holds(g2 * Fraction(999, 1000)), "rational", f"2^(k-1)/(2^k-1) = {post} <= min(γ/2, (γ-1/2)/γ) holds at γ = {g2} and fails just below"))
    return Outcome(Decision.all_of(parts, "values after Proposition 5.3"))


def _check_primes_example(inst: Instance) -> Outcome:
    n, k = 10000, 3
    parts = [Decision.of(sympy.prime(n) == 104729, "exact", f"the 10000th prime is {sympy.prime(n)}")]
    T = [2, 5, 113, 9851]
    ranks = [int(sympy.primepi(v)) for v in T]
    j = max(ranks)
    C = sorted(_kmax_support(n, k, set(ranks)))
    vals = [int(sympy.prime(c)) for c in C]
    parts.append(Decision.of(vals == [9851, 9857, 9859] and len(C) == 3, "exact", f"3-Max on {T} outputs one of {vals}, each w.p. 1/{len(C)}"))
    worst = Fraction(0)
    for c in C:
        Mj = [m for m in range(max(1, c - k + 1), n + 1) if c in _kmax_support(n, k, {m})]
        # entities below min(M_j) (resp. above max(M_j)) all have the posterior of min(M_j) - 1
        # (resp. max(M_j) + 1): kmax_posterior depends on i only through comparisons with M_j
        cand = {1, n, max(1, min(Mj) - 1), min(n, max(Mj) + 1)} | set(Mj)
        for i in cand:
            worst = max(worst, kmax_posterior(n, k, c, i))
        parts.append(Decision.of(kmax_posterior(n, k, c, j) <= Fraction(7, 12), "rational", f"Pr[9851 | output {int(sympy.prime(c))}] = {kmax_posterior(n, k, c, j)} <= 7/12"))
    parts.append(Decision.of(worst <= Fraction(7, 12), "rational", f"largest posterior of any entity after these outputs: {worst} <= 7/12 (prior 1/2)"))
    return Outcome(Decision.all_of(parts, "first-10000-primes example"))


PROP5_3_VALUES = Claim(
    "li2013.prop5_3_values", "Values after Proposition 5.3 and the primes example",
    "§5.1, end of the proof of Prop. 5.3 and the example after Definition 5.2",
    "solving which gets γ >= max(2^k/(2^k-1), (2^k-1)/(2^k-2)) = (2^k-1)/(2^k-2). This means that one obtains "
    "(DN, 3/2)-PMP for k = 2, (DN, 7/6)-PMP for k = 3, and (DN, 15/14)-PMP for k = 4. ... suppose that the "
    "elements in the universe have values that are the first 10000 prime numbers (up to 104729), on a dataset "
    "that has four entities with values {2, 5, 113, 9851}, the mechanism 3-Max outputs one of 9851, 9857, "
    "9859 each with probability 1/3 ... the posterior probability that the entity with value 9851 (or any "
    "other entity) is in the input is not significantly higher than the prior probability of 1/2; it is at "
    "most 7/12.",
    "value",
    [
        Reading("arithmetic", "for every k >= 2 (real x = 2^k >= 4): the least γ with 2^(k-1)/(2^k-1) <= "
                "min(γ/2, (γ-1/2)/γ) is max(2^k/(2^k-1), (2^k-1)/(2^k-2)) = (2^k-1)/(2^k-2) (solve step and max, "
                "certified); the stated values for k = 2, 3, 4 (exact, instances)",
                check=_check_values, prove=_prove_gamma_max, form=_values_form(),
                families=(Family("k-2..8", lambda: tuple(Instance(f"k={k}", params={"k": k}) for k in range(2, 9))),),
                expected=Verdict.PROVED, open_search=False),
        Reading("example-primes", "the 3-Max example on the first 10000 primes, with posteriors under D_N "
                "computed exactly through the max-structure (kmax_posterior; A(∅) uniform on c_1..c_k, "
                "irrelevant here since c_j is far from the bottom)",
                check=_check_primes_example,
                families=(Family("the example", lambda: (Instance("first 10000 primes, T = {2,5,113,9851}"),)),),
                expected=Verdict.CHECKED, open_search=False,
                notes="The actual worst posterior is 4/7 = 2^(k-1)/(2^k-1) < 7/12 = γ/2."),
    ])


def _check_not_nmp(inst: Instance) -> Outcome:
    M = inst.mechanism
    m = negative_membership(M, family="uniform")
    zero = [(j, i) for j in M.outputs for i, v in (_posteriors(M, j, nonempty=False) or {}).items() if v == 0]
    return Outcome(Decision.of(m.value == OO and bool(zero), "exact", f"(D_N) NMP level {m.value}; (output, entity) with posterior 0: {zero[:2]}"), {"measure": m})


KMAX_NOT_NMP = Claim(
    "li2013.kmax_not_nmp", "Claim: k-Max is not (D_N, γ)-NMP for any γ",
    "§5.1, after Proposition 5.3 (NMP reconstructed)",
    "We also note that the accuracy of k-Max is also due in part to satisfying only PMP and not NMP. k-Max "
    "does not satisfy (DN, γ)-NMP for any γ, as observing output cj can reduce the posterior probability of "
    "some large entities to 0.",
    "non-implication",
    [
        Reading("literal", "for every n >= k (both readings of A(∅)): the (D_N) NMP level of k-Max is +oo",
                check=_check_not_nmp,
                families=(Family("k-2..3,n-k..6", lambda: _kmax_instances((2, 3), 6, ("lowest", "uniform"))),),
                form=_kmax_form("NMP == oo", {"NMP": {"notion": "negative_membership"}}, degenerate="n == k"),
                expected=Verdict.REFUTED, hypotheses=(IS_KMAX,), open_search=False, finding=Finding.BOUNDARY,
                why="only at the parameter end point n = k, where k-Max outputs uniformly on {c_1..c_n} whatever T "
                    "is (NMP level 1); for every n > k it holds (reading n-greater-than-k)",
                relations=(does_not_imply("positive_membership", "negative_membership",
                                          note="REFUTED at n = k (k-Max is then uniform)"),),
                notes="Fails only at n = k, where k-Max outputs uniform on {c_1..c_n} whatever T is (NMP level "
                      "1); minimal witness n = k = 2."),
        Reading("n-greater-than-k", "for every n > k (both readings of A(∅)): the NMP level is +oo and some "
                "output gives some entity posterior 0",
                check=_check_not_nmp,
                families=(Family("k-2..4,n-k+1..7", lambda: _kmax_instances((2, 3, 4), 7, ("lowest", "uniform"),
                                                                            n_min_offset=1)),),
                expected=Verdict.CHECKED, hypotheses=(IS_KMAX,), open_search=False,
                relations=(does_not_imply("positive_membership", "negative_membership", note="n > k"),)),
    ])


