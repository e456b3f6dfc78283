"""Li et al. §5: k-anonymity does not give (D_N, γ)-PMP; the summary of §5; Definition 5.4.

Li, Qardaji, Su, Wu and Yang, "Membership Privacy: A Unifying Framework for Privacy Definitions"
(ACM CCS 2013): §5, the informal claims and the summary of Section 5.

Main claims
-----------
* ``li2013.kanon`` — k-anonymity does not give (D_N, γ)-PMP (finite analogue);
* ``li2013.sec5_summary`` — D_U is too strong; UDP ↔ D_I; BDP ↔ D_B;
* ``li2013.def5_4`` — ρ-differential identifiability: not encodable (the text stops inside it).
"""

from __future__ import annotations

from fractions import Fraction

from exactpriv.claims import Claim, Family, Hypothesis, Instance, Outcome, Reading, Verdict
from exactpriv.exact.decisions import Decision
from exactpriv.exact.numbers import OO
from exactpriv.measures import udp
from exactpriv.measures.divergence import pure_dp
from exactpriv.measures.membership import negative_membership, positive_membership
from exactpriv.mechanisms.base import Mechanism
from exactpriv.spaces import Subsets

from theorems.li2013.brute_force import membership_level_at
from theorems.li2013.equivalences import check_bdp_pmp_levels, equivalence_on_levels
from theorems.li2013.instances import BOUNDED_ZOO, SUBSETS, count_geometric
from theorems.li2013.measured import pmp_bounded_certified
from theorems.li2013.steps import as_int


__all__ = ["DEF5_4", "DU_COUNT", "KANON", "KANON_RELEASE", "SEC5_SUMMARY"]


def _kanon_release(classes, k) -> Mechanism:
    """Deterministic k-anonymous release: per quasi-identifier class, the number of members present
    if at least k are, else '*' (suppressed).  Every published group has >= k records."""
    universe = [u for c in classes for u in c]
    sp = Subsets(universe)
    outs, rows_idx = [], []
    for T in sp.points:
        y = tuple((len(T & set(c)) if len(T & set(c)) >= k else "*") for c in classes)
        if y not in outs:
            outs.append(y)
        rows_idx.append(outs.index(y))
    rows = [[Fraction(int(j == r)) for j in range(len(outs))] for r in rows_idx]
    return Mechanism(sp, outs, rows)


def _kanon_instances():
    cases = [([["a", "b"], ["c"]], 2), ([["a", "b", "c"]], 2), ([["a", "b"], ["c", "d"]], 2),
             ([["a", "b", "c"], ["d"]], 3), ([["a", "b", "c", "d"]], 3), ([["a", "b"], ["c", "d", "e"]], 3),
             ([["a", "b"], ["c", "d", "e"]], 2)]
    return tuple(Instance(f"classes={c}, k={k}", _kanon_release(c, k),
                          params={"k": k, "classes": "|".join("".join(cl) for cl in c)}) for c, k in cases)


def _is_kanon_release(inst) -> bool:
    """The mechanism is the k-anonymous count release of its parameters (classes written "ab|c")."""
    try:
        k, classes = as_int(inst.params["k"]), [list(c) for c in str(inst.params["classes"]).split("|")]
    except (KeyError, ValueError, TypeError):
        return False
    M = inst.mechanism
    if M is None or k < 1 or not all(classes):
        return False
    want = _kanon_release(classes, k)
    return (tuple(M.inputs.points) == tuple(want.inputs.points) and tuple(M.outputs) == tuple(want.outputs)
            and tuple(map(tuple, M.rows)) == tuple(map(tuple, want.rows)))


KANON_RELEASE = Hypothesis("k-anonymous-release", "the mechanism is the deterministic k-anonymous count release "
                           "of its quasi-identifier classes", _is_kanon_release)


def _check_kanon(inst: Instance) -> Outcome:
    M = inst.mechanism
    m = positive_membership(M, family="uniform")
    return Outcome(Decision.of(m.value == OO, "exact", f"(D_N) PMP level of a k-anonymous count release: {m.value}"),
                   {"measure": m})


KANON = Claim(
    "li2013.kanon", "Informal claim: k-anonymity does not give (D_N, γ)-PMP",
    "§5.1, after Family 5.1",
    "We note that mechanisms that satisfy syntactic privacy notions such as k-anonymity generally does not "
    "satisfy (DN, γ)-PMP, because from anonymized dataset one can tell membership with high confidence even "
    "assuming the uninformed prior.",
    "informal",
    [Reading("finite-analogue", "deterministic k-anonymous releases (per quasi-identifier class: the number "
             "of members present, suppressed below k) with at least one class of size >= k: the (D_N) PMP "
             "level is +oo (the output 'class full' reveals membership with certainty)",
             check=_check_kanon, families=(Family("partitions", _kanon_instances),), expected=Verdict.CHECKED,
             hypotheses=(KANON_RELEASE,), open_search=False,
             notes="Finite analogue of an informal claim; 'generally' = whenever anything is published.")],
)


# --- Section 5 summary ------------------------------------------------------------------
def _du_sup(M: Mechanism):
    """sup of the PMP level over D_U (all laws on datasets) = max over outputs y, T ∋ t, T' ∌ t of
    P(y|T)/P(y|T'): any law gives a ratio of mixtures Σμ(T)P(y|T)/Σν(T')P(y|T') <= max/min (mediant),
    the two-point law {T: p, T': 1-p} attains the ratio, and sup_p Φ(p, A) = A (membership module doc)."""
    best = Fraction(1)
    for t in M.inputs.universe:
        with_t = [r for T, r in zip(M.inputs.points, M.rows) if t in T]
        without = [r for T, r in zip(M.inputs.points, M.rows) if t not in T]
        for y in range(len(M.outputs)):
            hi = max(r[y] for r in with_t)
            lo = min(r[y] for r in without)
            if lo == 0:
                if hi > 0:
                    return OO
                continue
            best = max(best, hi / lo)
    return best


def _du_instances():
    return tuple(Instance(f"count+geometric(|U|={n}, e^eps={a})", count_geometric("abcd"[:n], a),
                          params={"n": n, "exp_eps": a})
                 for n in (1, 2, 3, 4) for a in (Fraction(2), Fraction(3, 2)))


def _is_du_count(inst) -> bool:
    try:
        n, a = as_int(inst.params["n"]), Fraction(inst.params["exp_eps"])
    except (KeyError, ValueError, TypeError):
        return False
    M = inst.mechanism
    if M is None or not 1 <= n <= 4 or a <= 1:
        return False
    want = count_geometric("abcd"[:n], a)
    return (tuple(M.inputs.points) == tuple(want.inputs.points) and tuple(M.outputs) == tuple(want.outputs)
            and tuple(map(tuple, M.rows)) == tuple(map(tuple, want.rows)))


DU_COUNT = Hypothesis("count-construction", "the mechanism is the count of T plus truncated geometric noise "
                      "(e^ε = exp_eps) on Subsets of n entities", _is_du_count)


def _check_du(inst: Instance) -> Outcome:
    M = inst.mechanism
    n, a = as_int(inst.params["n"]), Fraction(inst.params["exp_eps"])
    du = _du_sup(M)
    di = positive_membership(M, family="independent").value
    parts = [Decision.of(pure_dp(M).witness.get("ratio") == a, "rational", "the mechanism is exactly ε-DP"),
             Decision.of(di == a, "rational", f"(D_I) PMP level {di} = e^ε"),
             Decision.of(du == a ** n, "rational", f"(D_U) PMP level {du} = e^(nε) = {a ** n}")]
    # the D_U level is approached by explicit two-point laws (all vs nobody)
    U = frozenset(M.inputs.universe)
    g = (1 + du) / 2
    delta = (du / g - 1) / (2 * (du - 1)) if du > 1 else Fraction(1, 2)
    lvl, _w = membership_level_at(M, {U: delta, frozenset(): 1 - delta})
    parts.append(Decision.of(du == 1 or lvl > g, "rational", f"two-point law {{U: {delta}, ∅}} has level {lvl} > {g}"))
    return Outcome(Decision.all_of(parts, "D_U vs D_I for an ε-DP count"))


_check_dp_di = equivalence_on_levels(
    pure_dp, [lambda M: positive_membership(M, family="independent"),
              lambda M: negative_membership(M, family="independent")],
    "ε-DP ⟺ (D_I, e^ε)-PMP and (D_I, e^ε)-NMP")

_check_udp_di = equivalence_on_levels(
    udp.positive_udp, [lambda M: positive_membership(M, family="independent")],
    "ε-positive UDP ⟺ (D_I, e^ε)-PMP")


SEC5_SUMMARY = Claim(
    "li2013.sec5_summary", "Summary (Section 5 intro): D_U too strong; UDP ↔ D_I; BDP ↔ D_B",
    "§5, first paragraph (refers to Theorems 4.5 and 4.8; Thm 4.5 reconstructed)",
    "We have shown that choosing DU, the family that includes all possible distributions, results in a "
    "privacy notion that is likely too strong. We have also shown that UDP corresponds to choosing DI, the "
    "family that includes all mutually independent distributions, and that BDP corresponds to choosing DB_I, "
    "that family that includes all bounded mutually independent distributions.",
    "informal",
    [
        Reading("udp-di", "(Theorem 4.5, reconstructed) for every level λ of a grid: (ln λ)-positive UDP ⟺ "
                "(D_I, λ)-PMP", check=_check_udp_di, families=SUBSETS, expected=Verdict.CHECKED, open_search=False),
        Reading("dp-di", "unbounded ε-DP ⟺ (D_I, e^ε)-PMP and (D_I, e^ε)-NMP (levels grid)",
                check=_check_dp_di, families=SUBSETS, expected=Verdict.CHECKED, open_search=False),
        Reading("bdp-db", "BDP ⟺ D_B (Theorem 4.8, decided exactly with membership.bmi_membership)",
                check=check_bdp_pmp_levels(pmp_bounded_certified), families=(BOUNDED_ZOO,),
                expected=Verdict.CHECKED, notes="See li2013.thm4_8 for the full families.", open_search=False),
        Reading("du-too-strong", "finite analogue of 'likely too strong': for the ε-DP count with truncated "
                "geometric noise on Subsets(U), the PMP level over D_U (all laws) is e^{|U|ε}, over D_I it "
                "is e^ε; two-point laws approach the D_U level (brute force)",
                check=_check_du, families=(Family("count+geometric", _du_instances),),
                hypotheses=(DU_COUNT,), open_search=False,
                expected=Verdict.CHECKED,
                notes="'Likely too strong' is informal; the analogue shows the level grows with |U|."),
    ])


DEF5_4 = Claim(
    "li2013.def5_4", "Definition 5.4: ρ-differential identifiability (truncated)",
    "§5.2, Definition 5.4",
    "DEFINITION 5.4. (ρ-differential identifiability (DI) [20]) A mechanism A is said to satisfy ρ-DI if for "
    "any dataset T, any entity",
    "definition", encodable=False,
    reason="the bank's text of the paper ends inside Definition 5.4, before the condition on ρ; reconstructing "
           "it from the paper's reference [20] would encode a statement this paper does not make here")
