"""Command line: measure (JSON shape, names), verify (JSON shape), error exit codes."""

import json

import pytest

from exactpriv import io
from exactpriv.cli import main
from exactpriv.distributions import Prior
from exactpriv.mechanisms import zoo


@pytest.fixture
def rr_files(tmp_path):
    M = zoo.randomized_response(p="3/4")
    io.dump(M, tmp_path / "rr.json")
    io.dump(Prior.uniform(M.inputs), tmp_path / "prior.json")
    return tmp_path


def test_measure_json_shape_and_values(rr_files):
    out = rr_files / "m.json"
    rc = main(["measure", str(rr_files / "rr.json"), "--prior", str(rr_files / "prior.json"),
               "--only", "pure_dp,kl_dp,tv_dp,mi_dp", "--json", str(out)])
    assert rc == 0
    doc = json.loads(out.read_text())["measures"]
    assert doc["pure_dp"]["exact"] == "log(3)" and doc["pure_dp"]["lower"] == doc["pure_dp"]["upper"] == "log(3)"
    assert doc["kl_dp"]["exact"] == "log(3)/2"
    assert doc["tv_dp"]["exact"] == "1/2"
    # log 2 - h(1/4) in nats (binary symmetric capacity)
    assert doc["mi_dp"]["exact"] == "-log(2) + 3*log(3)/4"
    for name in doc:
        assert set(doc[name]) >= {"exact", "lower", "upper", "float", "witness"}
    assert doc["pure_dp"]["witness"]["pair"] in ([[0], [1]], [[1], [0]])


def test_measure_all_applicable(rr_files):
    out = rr_files / "all.json"
    assert main(["measure", str(rr_files / "rr.json"), "--prior", str(rr_files / "prior.json"),
                 "--json", str(out)]) == 0
    doc = json.loads(out.read_text())["measures"]
    expected = {"pure_dp", "approx_dp", "tv_dp", "kl_dp", "renyi_dp", "mi_dp", "free_lunch", "mi_privacy",
                "conditional_mi", "identifiability", "bayesian_dp", "identity_dp", "semantic_privacy",
                "bayesian_semantic_privacy", "positive_membership", "negative_membership", "sibson_mi",
                "adversarial_privacy", "capacity",
                # issue 11: notions registered from outside the five papers
                "zcdp", "f_dp", "privacy_loss_distribution", "probabilistic_dp", "min_entropy_leakage"}
    assert set(doc) == expected
    assert all("not_applicable" not in v for v in doc.values())
    assert doc["identifiability"]["exact"] == "log(3)"  # uniform prior: identifiability = DP (Wang–Ying–Zhang)


def test_measure_without_prior_skips_prior_measures(rr_files):
    out = rr_files / "np.json"
    assert main(["measure", str(rr_files / "rr.json"), "--json", str(out)]) == 0
    doc = json.loads(out.read_text())["measures"]
    assert "mi_privacy" not in doc and "pure_dp" in doc


def test_bad_file_exits_1_with_message(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "mechanism", "space": {"type": "hamming", "values": ["0","1"], "n": 1}, '
                   '"outputs": [0, 1], "matrix": [["__import__(\'os\')", "0"], ["1", "0"]]}')
    assert main(["measure", str(bad)]) == 1
    assert "UnsafeInputError" in capsys.readouterr().err


def test_unknown_measure_name(rr_files, capsys):
    assert main(["measure", str(rr_files / "rr.json"), "--only", "nonsense"]) == 1
    assert "unknown measure" in capsys.readouterr().err


def test_non_utf8_file_and_unwritable_output(tmp_path, rr_files, capsys):
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert main(["measure", str(binary)]) == 1
    assert "FormatError" in capsys.readouterr().err
    assert main(["measure", str(rr_files / "rr.json"), "--json", str(tmp_path / "no" / "dir" / "x.json")]) == 1
    assert "OutputError: cannot write" in capsys.readouterr().err


def test_mechanism_given_as_prior(rr_files, capsys):
    assert main(["measure", str(rr_files / "rr.json"), "--prior", str(rr_files / "rr.json")]) == 1
    assert "does not hold a prior" in capsys.readouterr().err
