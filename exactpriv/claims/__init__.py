"""Claims, readings, verdicts and banks: the public API for stating and checking theorems.

* :mod:`~exactpriv.claims.model` — :class:`Claim`, :class:`Reading`, :class:`Family`, :class:`Instance`,
  :class:`Outcome`;
* :mod:`~exactpriv.claims.verdicts` — :class:`Verdict` and the finding classes :class:`Finding`;
* :mod:`~exactpriv.claims.hypotheses` — named hypotheses an instance must meet before it may refute;
* :mod:`~exactpriv.claims.relations` — implications between notions as data (read by the atlas);
* :mod:`~exactpriv.claims.forms` — the checks claims are made of (:func:`implication`, :func:`equality`);
* :mod:`~exactpriv.claims.declare` — a claim in a few lines (:func:`implication_claim`, :func:`tightness_claim`,
  :func:`non_implication_claim`, :func:`inequality_claim`, with :class:`Notion` and :class:`Param`);
* :mod:`~exactpriv.claims.pairs` — :func:`pair_claim`: a statement for *every* (neighbouring) pair of inputs;
* :mod:`~exactpriv.claims.families` — ready-made instance families (:func:`symbolic_family`: families in ε);
* :mod:`~exactpriv.claims.symbolic` — claims over symbolic families decided for every ε
  (:func:`prove_family_bound`, :class:`FamilyVerdict`);
* :mod:`~exactpriv.claims.check` — :func:`check_reading` and :class:`ReadingResult`;
* :mod:`~exactpriv.claims.banks` — banks found through the ``exactpriv.banks`` entry points or files.
"""

from exactpriv.claims.banks import Bank, Paper, find_claim, installed_banks, load_bank, resolve_banks, select_claims
from exactpriv.claims.declare import (
    Notion,
    Param,
    implication_claim,
    inequality_claim,
    non_implication_claim,
    tightness_claim,
    with_params,
)
from exactpriv.claims.pairs import PAIR_QUANTITIES, pair_claim
from exactpriv.claims.families import instances, random_mechanisms, randomized_responses, symbolic_family
from exactpriv.claims.symbolic import FamilyVerdict, prove_family_bound
from exactpriv.claims.check import ReadingResult, as_outcome, check_claim, check_reading, summarize
from exactpriv.claims.forms import equality, implication
from exactpriv.claims.hypotheses import (
    Hypothesis,
    full_support_prior,
    has_prior,
    independent_records,
    param_domain,
    pmf_params,
    positive_mechanism,
    unmet_hypotheses,
)
from exactpriv.claims.model import KINDS, QUANTIFIERS, Claim, Family, Instance, Outcome, Reading
from exactpriv.claims.relations import CONDITIONS, NOTIONS, Relation, does_not_imply, implies
from exactpriv.claims.verdicts import Finding, Verdict

__all__ = [
    "CONDITIONS",
    "KINDS",
    "NOTIONS",
    "QUANTIFIERS",
    "Bank",
    "Claim",
    "Family",
    "Finding",
    "Hypothesis",
    "Instance",
    "Notion",
    "Outcome",
    "Paper",
    "Param",
    "Reading",
    "ReadingResult",
    "Relation",
    "Verdict",
    "as_outcome",
    "check_claim",
    "check_reading",
    "does_not_imply",
    "equality",
    "find_claim",
    "full_support_prior",
    "has_prior",
    "implication",
    "implication_claim",
    "implies",
    "independent_records",
    "inequality_claim",
    "pair_claim",
    "PAIR_QUANTITIES",
    "param_domain",
    "pmf_params",
    "installed_banks",
    "instances",
    "load_bank",
    "non_implication_claim",
    "positive_mechanism",
    "random_mechanisms",
    "randomized_responses",
    "resolve_banks",
    "select_claims",
    "summarize",
    "symbolic_family",
    "prove_family_bound",
    "FamilyVerdict",
    "tightness_claim",
    "unmet_hypotheses",
    "with_params",
]
