"""``report --from-json`` against a hostile co-author (issue 20): every forgery of a ``verify.json`` is refused,
naming the reading, or corrected — the report's verdicts, classes, reasons, witnesses and counts come only from
evidence the independent checker re-verified or from a fresh check, never from the file's words.

The file is what ``exactpriv verify`` writes for Zhao's Theorem 2 converse and Theorem 1 converse: REFUTED
readings with a declarative statement (re-verified by the checker from the witness), REFUTED by a refuting proof,
CHECKED and PROVED readings whose statements are Python code (checked afresh)."""

from __future__ import annotations

import copy
import json

import pytest

from exactpriv.claims import check_reading
from exactpriv.claims.banks import find_claim, load_bank
from exactpriv.cli import main
from exactpriv.cli._evidence_run import read_verify_json
from exactpriv.claims.evidence import evidence_json
from exactpriv.errors import InvalidArgument

CLAIMS = ("zhao2019.thm2_conv", "zhao2019.thm1_conv", "zhao2019.g_mono")


@pytest.fixture(scope="module")
def run():
    bank = load_bank("papers")
    claims = [find_claim(c, [bank]) for c in CLAIMS]
    results = [check_reading(c, r) for c in claims for r in c.readings]
    return bank, claims, evidence_json([bank], claims, results, seconds_per_reading=60)


def _read(tmp_path, run, doc, *, seconds=60):
    bank, claims, _ = run
    path = tmp_path / "verify.json"
    path.write_text(json.dumps(doc))
    return read_verify_json(path, claims, banks=[bank], seconds_per_reading=seconds)


def _rehash(doc):
    """What a careful forger does after editing rows: list and hash the rows as they now stand."""
    import hashlib

    doc["readings"] = [f"{r['id']}/{r['reading']}" for r in doc["rows"]]
    doc["bank"]["readings_sha256"] = hashlib.sha256("\n".join(doc["readings"]).encode()).hexdigest()
    return doc


def _index(doc, claim, reading):
    return next(k for k, r in enumerate(doc["rows"]) if (r["id"], r["reading"]) == (claim, reading))


def test_the_file_as_written_is_accepted_and_declarative_refutations_are_re_verified(tmp_path, run):
    _, claims, doc = run
    results = _read(tmp_path, run, doc)
    assert [(r.claim_id, r.reading, r.verdict.value) for r in results] == \
        [(row["id"], row["reading"], row["verdict"]) for row in doc["rows"]]
    by = {(r.claim_id, r.reading): r for r in results}
    resample = by[("zhao2019.thm1_conv", "resample")]
    assert resample.evidence.get("re-verified") == "exactpriv.checker"
    assert resample.finding == "boundary" and resample.witness is not None


def test_deleted_rows_are_refused_naming_the_reading(tmp_path, run):
    doc = copy.deepcopy(run[2])
    k = _index(doc, "zhao2019.thm2_conv", "undefined-excluded")
    del doc["rows"][k]
    with pytest.raises(InvalidArgument, match="zhao2019.thm2_conv/undefined-excluded"):
        _read(tmp_path, run, _rehash(doc))


def test_deleted_rows_without_rehashing_are_refused(tmp_path, run):
    doc = copy.deepcopy(run[2])
    doc["rows"] = [r for r in doc["rows"] if r["verdict"] != "REFUTED"]
    with pytest.raises(InvalidArgument, match="refused"):
        _read(tmp_path, run, doc)


def test_repeated_rows_are_refused_naming_the_reading(tmp_path, run):
    doc = copy.deepcopy(run[2])
    k = _index(doc, "zhao2019.thm1_conv", "resample")
    doc["rows"].insert(k, copy.deepcopy(doc["rows"][k]))
    with pytest.raises(InvalidArgument, match="zhao2019.thm1_conv/resample"):
        _read(tmp_path, run, _rehash(doc))


def test_reordered_rows_are_refused(tmp_path, run):
    doc = copy.deepcopy(run[2])
    doc["rows"][0], doc["rows"][1] = doc["rows"][1], doc["rows"][0]
    with pytest.raises(InvalidArgument, match="order"):
        _read(tmp_path, run, _rehash(doc))


def test_a_hand_written_class_is_refused(tmp_path, run):
    """'as-written' written over the boundary finding of a re-verified row (the checker sees the zero entry) and
    over a custom-code row (the bank's class is another)."""
    for claim, reading in (("zhao2019.thm1_conv", "resample"), ("zhao2019.thm2_conv", "forall-rr-attains-paper-map")):
        doc = copy.deepcopy(run[2])
        doc["rows"][_index(doc, claim, reading)]["finding"] = "as-written"
        with pytest.raises(InvalidArgument, match=f"{claim}/{reading}"):
            _read(tmp_path, run, doc)


def test_a_fake_witness_is_refused(tmp_path, run):
    doc = copy.deepcopy(run[2])
    row = doc["rows"][_index(doc, "zhao2019.thm1_conv", "replace")]
    row["witness"]["mechanism"] = [["1/2", "1/2"] for _ in row["witness"]["mechanism"]]  # refutes nothing
    with pytest.raises(InvalidArgument, match="zhao2019.thm1_conv/replace.*does not refute"):
        _read(tmp_path, run, doc)


def test_an_edited_value_is_refused(tmp_path, run):
    doc = copy.deepcopy(run[2])
    row = doc["rows"][_index(doc, "zhao2019.thm1_conv", "replace-positive-full-support")]
    assert row["values"], "the engine states the decisive values of a declarative refutation"
    name = sorted(row["values"])[0]
    row["values"][name] = "1/3"
    with pytest.raises(InvalidArgument, match=f"value {name}"):
        _read(tmp_path, run, doc)


def test_an_edited_certificate_is_not_published(tmp_path, run):
    """A key the checker does not read, added to every PROVED row's certificate, never reaches the report: a
    re-verified certificate is published only as far as the checker read it (exactpriv.claims.checked_view), a
    prover's record is proved afresh.  (The three claims' PROVED rows are all re-verified today: zhao2019.g_mono
    by kind parts, thm2_conv's by family certificates.)"""
    doc = copy.deepcopy(run[2])
    edited = [row for row in doc["rows"] if row["verdict"] == "PROVED"]
    assert edited
    for row in edited:
        row["certificate"]["reason"] = "FORGED: trust me"
    results = _read(tmp_path, run, doc)
    proved = [r for r in results if r.verdict.value == "PROVED"]
    assert len(proved) == len(edited)
    assert all("FORGED" not in json.dumps(r.evidence, default=str) for r in proved)


def test_an_edited_verdict_is_refused(tmp_path, run):
    doc = copy.deepcopy(run[2])
    for reading, verdict in (("undefined-is-breach", "PROVED"), ("forall-rr-paper-map-never-attained", "REFUTED")):
        edited = copy.deepcopy(doc)
        edited["rows"][_index(edited, "zhao2019.thm2_conv", reading)]["verdict"] = verdict
        with pytest.raises(InvalidArgument, match=f"zhao2019.thm2_conv/{reading}"):
            _read(tmp_path, run, edited)


def test_an_edited_bank_binding_is_refused(tmp_path, run):
    doc = copy.deepcopy(run[2])
    doc["rows"][3]["bank"]["source_sha256"] = "0" * 64
    with pytest.raises(InvalidArgument, match="foreign row"):
        _read(tmp_path, run, doc)
    doc = copy.deepcopy(run[2])
    for row in doc["rows"]:
        row["bank"]["version"] = "9.9"
    doc["bank"]["version"] = "9.9"
    with pytest.raises(InvalidArgument, match="foreign row"):
        _read(tmp_path, run, doc)


USER_BANK = '''
from exactpriv.claims import Claim, Reading, Verdict, randomized_responses
from exactpriv.exact.decisions import Decision

CLAIMS = [Claim("zhao2019.thm2_conv", "a user's claim re-using a built-in id", "nowhere", "anything", "implication",
                [Reading("undefined-excluded", "always true", lambda inst: Decision.true("trivial", "true"),
                         [randomized_responses([2])], expected=Verdict.CHECKED)])]
'''


def test_a_foreign_user_bank_re_using_the_id_is_refused(tmp_path, run):
    """A user bank with a claim zhao2019.thm2_conv gets a CHECKED row; spliced into the built-in bank's file in
    place of the REFUTED row, it is refused as foreign (its binding names the user's bank)."""
    bank_file = tmp_path / "mine.py"
    bank_file.write_text(USER_BANK)
    theirs = tmp_path / "theirs.json"
    assert main(["verify", str(bank_file), "--json", str(theirs), "--markdown", ""]) == 0
    row = json.loads(theirs.read_text())["rows"][0]
    assert (row["id"], row["verdict"]) == ("zhao2019.thm2_conv", "CHECKED")
    doc = copy.deepcopy(run[2])
    doc["rows"][_index(doc, "zhao2019.thm2_conv", "undefined-excluded")] = row
    with pytest.raises(InvalidArgument, match="zhao2019.thm2_conv/undefined-excluded.*(foreign|statement)"):
        _read(tmp_path, run, doc)


def test_a_spliced_budget_starved_undecided_row_is_refused(tmp_path, run):
    """A row of a run starved of time (another run's STOPPED row, bound to the same bank) hides a CHECKED
    reading: refused, naming the reading (the checker does not accept it, and a fresh check does not reproduce it)."""
    bank, claims, doc = run
    claim = claims[0]
    reading = claim.reading("undefined-is-breach")
    from exactpriv.claims import ReadingResult, Verdict

    starved = ReadingResult(claim.id, reading.name, Verdict.STOPPED,
                            {"stopped": {"by": "time limit", "limit_seconds": 0.001,
                                         "reason": "stopped by the time limit of 0.001 s"}})
    other = evidence_json([bank], [claim], [starved if r.name == reading.name else check_reading(claim, r)
                                            for r in claim.readings], seconds_per_reading=0.001)
    spliced = copy.deepcopy(doc)
    k = _index(spliced, claim.id, reading.name)
    spliced["rows"][k] = other["rows"][_index(other, claim.id, reading.name)]
    with pytest.raises(InvalidArgument, match=f"{claim.id}/{reading.name}"):
        _read(tmp_path, run, spliced)


def test_an_old_verify_json_without_evidence_is_refused(tmp_path, run):
    rows = [{"id": "zhao2019.thm2_conv", "reading": "undefined-excluded", "verdict": "CHECKED", "evidence": {}}]
    with pytest.raises(InvalidArgument, match="without evidence"):
        _read(tmp_path, run, rows)
