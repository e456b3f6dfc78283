"""Building small banks and evidence documents for the checker's tests (the format of docs/certificates.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from exactpriv.checker.bank import readings_sha256, source_sha256


def make_bank(root: Path, entries: list[dict], *, name: str = "toy", version: str = "1") -> Path:
    """A bank directory: one source file and its manifest listing ``entries`` ({id, kind, statement})."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "claims.py").write_text("# the toy bank's source: its hash binds the evidence\n", encoding="utf-8")
    manifest = {"format": "exactpriv-bank-manifest", "format_version": 1, "bank": {"name": name, "version": version},
                "readings": entries}
    (root / "MANIFEST.json").write_text(json.dumps(manifest), encoding="utf-8")
    return root


def make_document(bank_dir: Path, rows: list[dict], *, name: str = "toy", version: str = "1",
                  effort: dict | None = None) -> dict:
    """An evidence document over ``rows`` (each gets the bank binding), readings in row order."""
    binding = {"name": name, "version": version, "source_sha256": source_sha256(bank_dir)}
    rows = [dict(copy.deepcopy(r), bank=dict(binding)) for r in rows]
    readings = [f"{r['id']}/{r['reading'] if r.get('reading') is not None else '-'}" for r in rows]
    return {"format": "exactpriv-evidence", "format_version": 1,
            "bank": dict(binding, readings_sha256=readings_sha256(readings)),
            "readings": readings, "effort": effort or {}, "rows": rows}


def rehash(doc: dict) -> dict:
    """Recompute readings/readings_sha256 from the rows, as a forger who edits rows consistently would."""
    doc["readings"] = [f"{r['id']}/{r['reading'] if r.get('reading') is not None else '-'}" for r in doc["rows"]]
    doc["bank"]["readings_sha256"] = readings_sha256(doc["readings"])
    return doc


def write(path: Path, doc) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


FOUND = Path(__file__).resolve().parents[2] / "counterexamples" / "found"


def archived_witness(name: str) -> dict:
    """The witness of an archived refutation (counterexamples/found/NAME.json) in the evidence format."""
    doc = json.loads((FOUND / f"{name}.json").read_text(encoding="utf-8"))
    inst = doc["instance"]
    m, p = inst.get("mechanism"), inst.get("prior")
    space = (m or p)["space"]
    if space["type"] == "subsets":
        w = {"space": {"type": "subsets", "universe": space["universe"]}}
    else:
        w = {"space": {"type": space["type"], "values": space["values"], "n": space["n"]}}
    if m:
        w["outputs"] = m["outputs"]
        w["mechanism"] = m["matrix"]
    if p:
        w["prior"] = p["pmf"]
    w["params"] = {k: v["value"] for k, v in (inst.get("params") or {}).items() if "value" in v}
    for k, v in (inst.get("extra") or {}).items():
        w.setdefault("extra", {})[k] = {"outputs": v["outputs"], "mechanism": v["matrix"]}
    return w
