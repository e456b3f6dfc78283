"""REFUTED rows: the checker recomputes the witness's measures from the definitions; forged witnesses, values and
classes are refused.  The witnesses are the archived refutations (counterexamples/found), the statements written
here in the declarative form of docs/certificates.md; the values the checker recomputes are those the engine found
(an independent second computation of every number that decides)."""

import copy

import pytest

from exactpriv.checker import FAILED, NOT_CHECKABLE, RE_VERIFIED, check_document

from .evidence import archived_witness, make_bank, make_document

BDP_BSP = {"BDP": {"notion": "bayesian_dp"}, "BSP": {"notion": "bayesian_semantic_privacy", "game": "replace"}}

#: (claim, reading, bank kind, finding class, statement, values the engine reported in the archived witness)
CASES = [
    ("identitydp.prop4", "literal", "paper", "as-written",
     {"quantifier": "forall-instances", "hypotheses": ["prior_independent"], "claim": "CMI <= ID",
      "measures": {"CMI": {"notion": "conditional_mi"}, "ID": {"notion": "identity_dp"}}},
     {"CMI": "-log(2) + 3*log(3)/4", "ID": "0"}),
    ("zhao2019.thm1_conv", "replace", "convention", "convention",
     {"quantifier": "forall-instances", "hypotheses": [], "measures": BDP_BSP,
      "claim": "BSP >= 1/2 - 1/(exp(BDP) + 1)"},
     {"BDP": "oo", "BSP": "3 - 2*sqrt(2)"}),
    ("zhao2019.thm1_conv", "resample", "paper", "boundary",
     {"quantifier": "forall-instances", "hypotheses": [], "claim": "BSP >= 1/2 - 1/(exp(BDP) + 1)",
      "measures": {"BDP": {"notion": "bayesian_dp"}, "BSP": {"notion": "bayesian_semantic_privacy"}}},
     {"BDP": "oo", "BSP": "3 - 2*sqrt(2)"}),
    ("zhao2019.thm1_conv", "replace-positive-full-support", "convention", "convention",
     {"quantifier": "forall-instances", "hypotheses": ["prior_full_support", "mechanism_positive"],
      "measures": BDP_BSP, "claim": "BSP >= 1/2 - 1/(exp(BDP) + 1)"},
     {"BDP": "-log(11) + log(29)", "BSP": "3 - 2*sqrt(2)"}),
    ("identitydp.dp_special_case", "literal", "paper", "as-written",
     {"quantifier": "forall-instances", "hypotheses": [], "claim": "ID <= DP",
      "measures": {"ID": {"notion": "identity_dp"}, "DP": {"notion": "pure_dp"}}},
     {"ID": "-log(3) - log(17) + log(149)", "DP": "log(2)"}),
    ("identitydp.cor1", "without-independence", "variant", "variant",
     {"quantifier": "forall-instances", "hypotheses": [], "claim": "KL <= DP",
      "measures": {"KL": {"notion": "prior_posterior_kl"}, "DP": {"notion": "pure_dp"}}},
     {"KL": "-4*log(2) + log(263)", "DP": "4*log(2)"}),
    ("identitydp.prop1", "without-conditional-independence", "variant", "variant",
     {"quantifier": "forall-instances", "hypotheses": ["has_prior"], "claim": "E12 <= E1 + E2",
      "measures": {"E1": {"notion": "identity_dp"}, "E2": {"notion": "identity_dp", "mechanism": "M2"},
                   "E12": {"notion": "identity_dp", "mechanism": "M*M2"}}},
     {"E1": "log(2) + log(3) - log(5)", "E2": "-log(2) + log(3)", "E12": "log(2)"}),
    ("identitydp.prop3", "pairwise-independence", "paper", "as-written",
     {"quantifier": "forall-instances", "hypotheses": ["has_prior"], "claim": "ID <= K*DP",
      "measures": {"K": {"notion": "pairwise_k"}, "ID": {"notion": "identity_dp"}, "DP": {"notion": "pure_dp"}}},
     {"K": "1", "ID": "-log(2) + log(5)", "DP": "log(2)"}),
    ("li2013.prop5_3", "empty-uniform", "convention", "convention",
     {"quantifier": "forall-instances", "hypotheses": [], "claim": "PMP <= (2**k - 1)/(2**k - 2)",
      "measures": {"PMP": {"notion": "positive_membership"}}},
     {"PMP": "7/4", "k": "2"}),
    ("li2013.prop5_3", "empty-bottom", "convention", "convention",
     {"quantifier": "forall-instances", "hypotheses": [], "claim": "PMP <= (2**k - 1)/(2**k - 2)",
      "measures": {"PMP": {"notion": "positive_membership"}}},
     {"PMP": "oo"}),
    ("cuff2016.ex5_1", "literal", "paper", "boundary",
     {"quantifier": "forall-instances", "hypotheses": [], "claim": "C == e*log(N + 1)",
      "measures": {"C": {"notion": "capacity"}}},
     {"C": "0"}),
    ("zhao2019.thm1_fwd", "replace-skip-null", "convention", "convention",
     {"quantifier": "forall-instances", "hypotheses": [], "claim": "BSP <= exp(2*BDP) - 1",
      "measures": {"BDP": {"notion": "bayesian_dp", "null": "skip_null"},
                   "BSP": {"notion": "bayesian_semantic_privacy", "game": "replace", "null": "skip_null"}}},
     {"BDP": "0", "BSP": "3 - 2*sqrt(2)"}),
    ("zhao2019.thm2_conv", "undefined-excluded", "paper", "boundary",
     {"quantifier": "forall-instances", "hypotheses": [], "claim": "SP >= 1/2 - 1/(exp(DP) + 1)",
      "measures": {"DP": {"notion": "pure_dp"}, "SP": {"notion": "semantic_privacy"}}},
     {"DP": "oo", "SP": "3 - 2*sqrt(2)"}),
    ("zhao2019.thm3", "marginal-skip-null", "convention", "convention",
     {"quantifier": "forall-instances", "hypotheses": ["has_prior"], "claim": "MP <= exp(BDP)",
      "measures": {"BDP": {"notion": "bayesian_dp", "null": "skip_null"}, "MP": {"notion": "two_point_membership"}}},
     {"BDP": "0", "MP": "3"}),
    ("identitydp.cor2", "without-independence", "variant", "variant",
     {"quantifier": "forall-instances", "hypotheses": [], "claim": "MI <= DP",
      "measures": {"MI": {"notion": "mutual_information", "record": "0"}, "DP": {"notion": "pure_dp"}}},
     {"MI": "14663*log(2)/10935 + 164*log(3)/27 - 2522*log(13)/10935 - 6817*log(17)/10935 - 1586*log(61)/10935"
            " - 388*log(97)/3645 - 6817*log(401)/10935", "DP": "log(3) - log(2)"}),
]


def _row(claim, reading, cls, statement, values):
    return {"id": claim, "reading": reading, "verdict": "REFUTED", "finding": cls, "statement": statement,
            "witness": archived_witness(f"{claim}--{reading}"), "values": values}


@pytest.fixture
def bank(tmp_path):
    entries = [{"id": f"{c}/{r}", "kind": kind, "statement": st, "finding": cls} for c, r, kind, cls, st, _ in CASES]
    return make_bank(tmp_path / "bank", entries)


def _doc(bank):
    return make_document(bank, [_row(c, r, cls, st, v) for c, r, _, cls, st, v in CASES])


def _status(doc, bank, k):
    report = check_document(doc, bank=bank)
    assert report.refused is None, report.refused
    return report.rows[k]


def test_every_archived_refutation_here_is_re_verified(bank):
    report = check_document(_doc(bank), bank=bank)
    assert report.refused is None
    assert [(r.status, r.why) for r in report.rows] == [(RE_VERIFIED, "")] * len(CASES)


def test_a_fake_witness_is_refused(bank):
    doc = _doc(bank)
    doc["rows"][0]["witness"]["mechanism"] = [["1/2", "1/2"]] * 4  # constant mechanism: the claim holds
    row = _status(doc, bank, 0)
    assert row.status == FAILED and "does not refute" in row.why


def test_a_witness_outside_the_hypotheses_is_refused(bank):
    doc = _doc(bank)
    doc["rows"][3]["witness"] = archived_witness("zhao2019.thm1_conv--replace")  # a prior with a zero entry
    row = _status(doc, bank, 3)
    assert row.status == FAILED and "outside the reading's hypotheses" in row.why


def test_an_edited_value_is_refused(bank):
    doc = _doc(bank)
    doc["rows"][4]["values"]["ID"] = "log(3)"
    row = _status(doc, bank, 4)
    assert row.status == FAILED and "value ID" in row.why and "log(3)" in row.why


def test_a_value_the_checker_does_not_recompute_is_refused(bank):
    doc = _doc(bank)
    doc["rows"][4]["values"]["headline"] = "1"
    assert _status(doc, bank, 4).status == FAILED


def test_a_hand_written_as_written_class_on_a_boundary_witness_is_refused(bank):
    doc = _doc(bank)
    doc["rows"][2]["finding"] = "as-written"
    row = _status(doc, bank, 2)
    assert row.status == FAILED and "declares the finding of this reading boundary" in row.why
    # without the bank's declaration, the witness's zeros still refuse the class
    bare = make_bank(bank.parent / "bare", [{"id": f"{c}/{r}", "kind": kind, "statement": st}
                                            for c, r, kind, _, st, _ in CASES])
    row = _status(make_document(bare, doc["rows"]), bare, 2)
    assert row.status == FAILED and "boundary witness" in row.why


def test_a_class_the_bank_does_not_declare_is_refused(bank):
    doc = _doc(bank)
    doc["rows"][0]["finding"] = "variant"  # the paper's own reading relabelled a probe
    assert _status(doc, bank, 0).status == FAILED
    doc["rows"][0]["finding"] = "boundary"  # the bank declares as-written, and the witness is strictly positive
    assert "declares the finding of this reading as-written" in _status(doc, bank, 0).why
    bare = make_bank(bank.parent / "bare", [{"id": f"{c}/{r}", "kind": kind, "statement": st}
                                            for c, r, kind, _, st, _ in CASES])
    assert "strictly positive" in _status(make_document(bare, doc["rows"]), bare, 0).why


def test_an_edited_statement_is_refused_against_the_bank(bank):
    doc = _doc(bank)
    doc["rows"][1]["statement"] = copy.deepcopy(doc["rows"][1]["statement"])
    doc["rows"][1]["statement"]["claim"] = "BSP >= 1/2"  # a weaker statement the witness also refutes
    assert "statement differs" in _status(doc, bank, 1).why


def test_the_same_rows_without_a_bank_are_checked_against_their_own_statements(bank):
    report = check_document(_doc(bank), bank=None)
    assert report.refused is None and "not checked" in report.bank
    # identitydp.prop3's XOR prior has zero masses: its as-written class needs the bank's declaration
    assert [r.reading for r in report.rows if r.status != RE_VERIFIED] == ["identitydp.prop3/pairwise-independence"]
    assert report.rows[[r.reading for r in report.rows].index("identitydp.prop3/pairwise-independence")].status \
        == NOT_CHECKABLE


def test_a_class_other_than_the_banks_declared_finding_is_refused(bank):
    doc = _doc(bank)
    k = next(i for i, r in enumerate(doc["rows"]) if r["reading"] == "pairwise-independence")
    doc["rows"][k]["finding"] = "boundary"
    row = _status(doc, bank, k)
    assert row.status == FAILED and "declares the finding of this reading as-written" in row.why
