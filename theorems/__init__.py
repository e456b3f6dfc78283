"""The built-in bank: the claims of five papers on privacy notions, one package per paper.

Registered as the bank ``papers`` under the ``exactpriv.banks`` entry-point group (see pyproject.toml),
exactly as a third-party bank would be; exactpriv's library layers never import this package by name.

Papers (the references every claim, report and docstring cites):
"""

from __future__ import annotations

from exactpriv.claims.banks import Bank, Paper

__all__ = ["BANK", "PAPERS", "all_claims", "claims_of", "get_claim"]

#: paper key -> reference (the keys are the claim-id prefixes)
PAPERS: dict[str, Paper] = {
    "wang2016": Paper(
        "wang2016", "Weina Wang, Lei Ying, Junshan Zhang",
        "On the Relation Between Identifiability, Differential Privacy, and Mutual-Information Privacy",
        "IEEE Transactions on Information Theory 62(9)", 2016, arxiv="1402.3757"),
    "cuff2016": Paper(
        "cuff2016", "Paul Cuff, Lanqing Yu", "Differential Privacy as a Mutual Information Constraint",
        "ACM CCS 2016", 2016, doi="10.1145/2976749.2978308"),
    "li2013": Paper(
        "li2013", "Ninghui Li, Wahbeh Qardaji, Dong Su, Yi Wu, Weining Yang",
        "Membership Privacy: A Unifying Framework for Privacy Definitions", "ACM CCS 2013", 2013,
        note="(The bank encodes §4.1 onwards.)"),
    "zhao2019": Paper(
        "zhao2019", "Jun Zhao", "Relations Among Different Privacy Notions", "arXiv preprint", 2019,
        arxiv="1911.00761"),
    "identitydp": Paper(
        "identitydp", "Genqiang Wu, Xianyao Xia, Yeping He", "Identity differential privacy for dependent records",
        "arXiv preprint, version 1", 2017, arxiv="1703.07474v1",
        note="(Later versions of this arXiv entry were rewritten and retitled; the bank follows v1.)"),
}

__doc__ += "\n".join(f"\n* ``{k}`` — {p.citation()}" for k, p in PAPERS.items()) + "\n"

BANK = Bank(
    "papers",
    "Claims of Wang–Ying–Zhang 2016, Cuff–Yu 2016, Li et al. 2013, Zhao 2019 and Wu–Xia–He 2017",
    PAPERS,
    modules={k: f"theorems.{k}" for k in PAPERS},
)


def claims_of(paper: str):
    """The claims of one paper of the bank."""
    return BANK.claims(paper)


def all_claims():
    """Every claim of the bank, in paper order."""
    return BANK.claims()


def get_claim(claim_id: str):
    """The claim with this id."""
    from exactpriv.claims.banks import find_claim

    return find_claim(claim_id, [BANK])
