"""The implication atlas: which privacy notions imply which, with what parameter map.

Algorithm and why
-----------------
* **Edges come from the bank's verdicts, not from our beliefs.**  Each reading that states an
  implication or non-implication between notions declares it (``Reading.relations``, a
  :class:`~exactpriv.claims.relations.Relation`); :func:`bank_entries` turns every declaration
  of the installed banks into an :class:`Entry` — the claims are the single source of truth.
  :func:`build_atlas` joins the entries with a run of the bank (``ReadingResult`` s
  or the rows of ``verify.json``): an implication reading that is PROVED/CHECKED becomes an
  implication edge labelled with its map and claim id, a REFUTED one a refuted edge with its
  witness file, a CHECKED non-implication claim (witness families) a non-implication edge.
  Entries whose claim has not been run (a bank module still being written) stay out of the
  graph and are listed as "unchecked".
* The graph is a :class:`networkx.DiGraph` on notion names; all entries between the same
  ordered pair of notions sit on one edge (``entries``), the edge's ``kind`` summarising them:
  ``implication`` (holds unconditionally), ``conditional`` (holds only under a hypothesis such
  as independent records), ``non-implication`` (refuted or shown false) or ``undecided``.
* **Derived implications** (:func:`derive`) compose maps along paths of implication edges:
  α-A ⇒ f(α)-B and β-B ⇒ g(β)-C give α-A ⇒ g(f(α))-C, valid because every composable map is
  non-decreasing (B ≤ f(A) ⇒ C ≤ g(B) ≤ g(f(A))); hypotheses accumulate.  Maps that depend
  on more than the parameter (cardinalities, n, the prior's ε_X) are marked non-composable.
  Each derived implication is **re-checked** (:func:`recheck`) on a pool of exact instances
  with the measures and the decision kernel (:func:`exactpriv.claims.implication`), so an
  annotation error in the table or a false "CHECKED" upstream shows up as a failing derived
  edge with an exact witness.
* **Rendering** (:func:`draw_atlas`): matplotlib with networkx drawing on a fixed hand-made
  layout (17 notions in four groups: divergence notions, information notions, prior-dependent
  notions, semantic/membership notions) — spring layouts put the hub ``pure_dp`` on top of its
  neighbours' labels; graphviz is not a dependency.  Edges carry a number and a short map;
  the full label (claims, readings, hypotheses) is in :func:`edge_table`.
"""

from __future__ import annotations

import functools
import io as _io
import zlib
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

import networkx as nx
import sympy

from exactpriv.claims.relations import COMPOSABLE_CONDITIONS as _COMPOSABLE_CONDITIONS
from exactpriv.claims.relations import CONDITIONS, NOTIONS, Relation
from exactpriv.errors import InvalidArgument
from exactpriv.exact.numbers import EPS

__all__ = [
    "NOTIONS",
    "CONDITIONS",
    "Entry",
    "bank_entries",
    "Derived",
    "build_atlas",
    "derive",
    "recheck",
    "recheck_map",
    "compose",
    "edge_table",
    "draw_atlas",
    "atlas_png",
    "unchecked_entries",
]

E = EPS

# --------------------------------------------------------------------------------------
# entries: one (claim, reading, relation) per declared relation of a bank reading
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One reading of a bank stating an implication (or a non-implication) between notions.

    claim, reading : the bank's ids; ``reading=None`` means the claim's first (literal) reading
    relation : the reading's own declaration (:class:`~exactpriv.claims.relations.Relation`), held as it is —
        the entry adds only where it was declared; ``source``, ``target``, ``map``, ... read through to it
    """

    claim: str
    reading: str | None
    relation: Relation

    def __post_init__(self):
        if not isinstance(self.relation, Relation):
            raise InvalidArgument(f"Entry({self.claim!r}, {self.reading!r}): relation={self.relation!r} of type "
                                  f"{type(self.relation).__name__} must be a Relation")
        if not isinstance(self.relation.conditions, tuple):  # hashable, as entries key edges
            object.__setattr__(self, "relation", replace(self.relation, conditions=tuple(self.relation.conditions)))

    @classmethod
    def of(cls, claim: str, reading: str | None, rel: Relation) -> "Entry":
        return cls(claim, reading, rel)

    source = property(lambda self: self.relation.source, doc="the implying notion")
    target = property(lambda self: self.relation.target, doc="the implied notion")
    map = property(lambda self: self.relation.map, doc="the stated parameter map (None: non-implication)")
    label = property(lambda self: self.relation.label, doc="short text of the map")
    kind = property(lambda self: self.relation.kind, doc='"implication" or "non-implication"')
    conditions = property(lambda self: self.relation.conditions, doc="hypothesis tags")
    composable = property(lambda self: self.relation.composable, doc="whether the map composes")
    tight = property(lambda self: self.relation.tight, doc="the paper says the map is the tightest")
    note = property(lambda self: self.relation.note, doc="a remark shown with the edge")

    @property
    def is_composable(self) -> bool:
        return self.relation.is_composable


def bank_entries(claims=None) -> tuple[Entry, ...]:
    """The atlas entries declared by the claims (default: every installed bank), in bank order.

    Each reading's ``relations`` (:class:`~exactpriv.claims.relations.Relation`) give one entry each: the
    claims are the single source of truth of the atlas."""
    if claims is None:
        return _installed_bank_entries()
    out = []
    for c in claims:
        for r in c.readings:
            for rel in r.relations:
                out.append(Entry.of(c.id, r.name, rel))
    return tuple(out)


@functools.lru_cache(maxsize=1)
def _installed_bank_entries() -> tuple[Entry, ...]:
    from exactpriv.claims.banks import resolve_banks, select_claims

    return bank_entries(select_claims(resolve_banks()))


# --------------------------------------------------------------------------------------
# joining the table with the bank's results
# --------------------------------------------------------------------------------------
def _result_rows(results) -> list[dict]:
    """ReadingResult objects or verify.json rows -> uniform dicts (id, reading, verdict, evidence)."""
    rows = []
    for r in results:
        if isinstance(r, dict):
            if r.get("reading") is None:
                continue
            rows.append({"id": r["id"], "reading": r["reading"], "verdict": str(r["verdict"]),
                         "evidence": r.get("evidence", {}) or {}})
        else:
            rows.append({"id": r.claim_id, "reading": r.reading, "verdict": r.verdict.value,
                         "evidence": r.evidence or {}})
    return rows


def _match(entry: Entry, rows: list[dict]) -> dict | None:
    same = [r for r in rows if r["id"] == entry.claim]
    if not same:
        return None
    if entry.reading is None:
        return same[0]
    for r in same:
        if r["reading"] == entry.reading:
            return r
    return None


def _status(entry: Entry, verdict: str) -> str:
    if entry.kind == "implication":
        return {"PROVED": "holds", "CHECKED": "holds", "REFUTED": "refuted"}.get(verdict, "undecided")
    return {"PROVED": "non-implication", "CHECKED": "non-implication",
            "REFUTED": "non-implication refuted"}.get(verdict, "undecided")


def _witness_file(entry: Entry, row: dict) -> str | None:
    ev = row.get("evidence", {})
    if ev.get("witness_file"):
        return ev["witness_file"]
    from counterexamples.archive import witness_path

    p = witness_path(row["id"], row["reading"])
    return f"counterexamples/found/{p.name}" if p.exists() else ev.get("witness")


def _edge_kind(entries: list[dict]) -> str:
    holds = [e for e in entries if e["status"] == "holds"]
    if any(not (set(e["conditions"]) - {"pair-level"}) for e in holds):
        return "implication"
    if holds:
        return "conditional"
    if any(e["status"] in ("refuted", "non-implication") for e in entries):
        return "non-implication"
    return "undecided"


def build_atlas(results, *, table: Iterable[Entry] | None = None) -> nx.DiGraph:
    """The atlas of the bank: a DiGraph on notions with one edge per ordered pair of notions
    that some checked table entry relates.

    Parameters
    ----------
    results : iterable of :class:`~exactpriv.claims.ReadingResult` or ``verify.json`` rows
    table : the entries (default: :func:`bank_entries`, the relations the installed banks declare)

    Edge attributes: ``entries`` (list of dicts: claim, reading, map, label, kind, verdict,
    status "holds"/"refuted"/"non-implication"/..., conditions, witness_file, composable,
    tight, note), ``kind`` (implication / conditional / non-implication / undecided),
    ``number`` (legend index), ``label`` (short text for the figure), ``map`` and ``claim``
    (the first holding unconditional entry, else the first entry).  Graph attribute
    ``unchecked``: entries whose claim was not in ``results``.
    """
    if table is None:
        table = bank_entries()
    rows = _result_rows(results)
    G = nx.DiGraph()
    G.graph["unchecked"] = []
    for n, (label, needs_prior, what) in NOTIONS.items():
        G.add_node(n, label=label, needs_prior=needs_prior, description=what)
    number = 0
    for entry in table:
        row = _match(entry, rows)
        if row is None:
            G.graph["unchecked"].append(entry)
            continue
        status = _status(entry, row["verdict"])
        rec = {"claim": entry.claim, "reading": row["reading"], "map": entry.map, "label": entry.label,
               "kind": entry.kind, "verdict": row["verdict"], "status": status, "conditions": tuple(entry.conditions),
               "composable": entry.is_composable, "tight": entry.tight, "note": entry.note,
               "witness_file": _witness_file(entry, row) if row["verdict"] == "REFUTED" else None,
               "entry": entry}
        u, v = entry.source, entry.target
        if not G.has_edge(u, v):
            number += 1
            G.add_edge(u, v, entries=[], number=number)
        G.edges[u, v]["entries"].append(rec)
    for u, v, d in G.edges(data=True):
        d["kind"] = _edge_kind(d["entries"])
        primary = next((e for e in d["entries"] if e["status"] == "holds" and not (set(e["conditions"]) - {"pair-level"})),
                       next((e for e in d["entries"] if e["status"] == "holds"), d["entries"][0]))
        d["map"], d["claim"] = primary["map"], primary["claim"]
        d["label"] = primary["label"] if d["kind"] in ("implication", "conditional") else "⇏"
    G.remove_nodes_from([n for n in list(G.nodes) if G.degree(n) == 0])
    return G


def unchecked_entries(G: nx.DiGraph) -> list[Entry]:
    """Table entries whose claim was not among the results the atlas was built from."""
    return list(G.graph.get("unchecked", []))


# --------------------------------------------------------------------------------------
# derived implications
# --------------------------------------------------------------------------------------
@dataclass
class Derived:
    """A composed implication source ⇒ target along ``path``, with its re-check."""

    path: tuple
    map: Any
    claims: tuple
    conditions: tuple
    status: str = "unchecked"  # "holds on instances" | "FAILS" | "undecided" | "unchecked"
    instances: int = 0
    undecided: int = 0
    witness: Any = None
    values: dict = field(default_factory=dict)
    reason: str = ""

    @property
    def source(self):
        return self.path[0]

    @property
    def target(self):
        return self.path[-1]

    def to_json(self) -> dict:
        from exactpriv import io

        return {"path": list(self.path), "map": sympy.sstr(self.map), "claims": list(self.claims),
                "conditions": list(self.conditions), "status": self.status, "instances": self.instances,
                "undecided": self.undecided, "reason": self.reason,
                "witness": None if self.witness is None else io.instance_to_json(self.witness)}


def compose(f, g):
    """g∘f for maps in ``eps``: the level implied after following f, then g."""
    return sympy.sympify(g).subs(E, f) if isinstance(g, sympy.Basic) else g(f)


def derive(G: nx.DiGraph, *, max_length: int = 2, include_direct: bool = False) -> list[Derived]:
    """Compose composable holding implication entries along simple paths of 2..max_length edges.

    For each hop the first composable holding entry of the edge is used (the table order puts
    the paper's main claim first).  ``include_direct=False`` skips pairs that already have an
    implication edge.  Cycles (source == target) are skipped.
    """
    if not isinstance(max_length, int) or max_length < 2:
        raise InvalidArgument(f"max_length={max_length!r} must be an int >= 2")
    hop = {}
    for u, v, d in G.edges(data=True):
        e = next((e for e in d["entries"] if e["status"] == "holds" and e["composable"]), None)
        if e is not None:
            hop[(u, v)] = e
    H = nx.DiGraph()
    H.add_edges_from(hop)
    out = []
    for s in H.nodes:
        for t in H.nodes:
            if s == t:
                continue
            if not include_direct and G.has_edge(s, t) and G.edges[s, t]["kind"] in ("implication", "conditional"):
                continue
            for path in nx.all_simple_paths(H, s, t, cutoff=max_length):
                if len(path) < 3:
                    continue
                m = E
                claims, conds = [], []
                for a, b in zip(path, path[1:]):
                    e = hop[(a, b)]
                    m = compose(m, e["map"])
                    claims.append(f"{e['claim']}[{e['reading']}]")
                    conds.extend(c for c in e["conditions"] if c not in conds and c != "pair-level")
                out.append(Derived(tuple(path), m, tuple(claims), tuple(conds)))
    return out


# ----- instances for re-checks
def _instance_pool(needs_prior: bool, conditions: tuple) -> list:
    """Small exact instances satisfying ``conditions`` by construction (see tightness's generators)."""
    from exactpriv.claims import Instance

    out = []
    for M in _mechanisms():
        if "positive" in conditions and any(v == 0 for row in M.rows for v in row):
            continue
        if not needs_prior:
            out.append(Instance(repr(M), M))
            continue
        for P in _priors(M.inputs, "uniform" if "uniform" in conditions else
                         ("independent" if "independent" in conditions else "any"),
                         "full-support" in conditions):
            out.append(Instance(f"{M!r} with {P!r}", M, P))
    return out


@functools.lru_cache(maxsize=1)
def _mechanisms() -> tuple:
    import random
    from fractions import Fraction as F

    from exactpriv.mechanisms import zoo
    from exactpriv.spaces import Hamming
    from counterexamples.tightness import query_mechanism, random_mechanism

    rng = random.Random(20240611)
    b1, b2, t1 = Hamming([0, 1], 1), Hamming([0, 1], 2), Hamming([0, 1, 2], 1)
    ms = [zoo.randomized_response(p=F(3, 4)), zoo.randomized_response(p=F(9, 10)),
          zoo.randomized_response(3, exp_eps=F(2)), zoo.binary_erasure_channel(F(1, 2)),
          zoo.count_query_geometric(2, exp_eps=F(2)),
          query_mechanism(b2, lambda x: x[0] ^ x[1], 2, exp_eps=F(3)),  # randomized response of the parity
          query_mechanism(b2, lambda x: x[0], 2, exp_eps=F(2))]
    for space, k in ((b1, 2), (b1, 3), (t1, 3), (b2, 2), (b2, 3)):
        ms.append(random_mechanism(space, k, rng, zeros=False))
        ms.append(random_mechanism(space, k, rng, zeros=True))
    return tuple(ms)


@functools.lru_cache(maxsize=64)
def _priors(space, kind: str, full_support: bool) -> tuple:
    import random

    from exactpriv.distributions import Prior
    from counterexamples.tightness import random_prior

    rng = random.Random(zlib.crc32(f"{space!r}/{kind}/{full_support}".encode()))  # stable across processes
    out = [Prior.uniform(space)]
    if kind == "uniform":
        return tuple(out)
    out.append(random_prior(space, "independent", rng, full_support=True))
    if kind == "any":
        out.append(random_prior(space, "correlated", rng, full_support=True))
        if not full_support:
            out.append(random_prior(space, "correlated", rng, full_support=False))
    elif not full_support:
        out.append(random_prior(space, "independent", rng, full_support=False))
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def _notion_value(name: str, M, P):
    # cached: derived implications share notions and the instance pool
    from exactpriv.measures import compute
    from exactpriv.measures.information import record_mi

    if name == "record_mi":
        return record_mi(M, prior=P)
    return compute(name, M, prior=P)


def _notion_fn(name: str):
    return lambda inst: _notion_value(name, inst.mechanism, inst.prior)


def _needs_prior(*names) -> bool:
    return any(NOTIONS[n][1] for n in names)


def recheck_map(source: str, target: str, map_, *, conditions: tuple = (), instances=None,
                max_instances: int | None = None):
    """Re-check "α-source ⇒ map(α)-target" exactly on instances; returns a :class:`Derived`
    (path = (source, target)) with status "holds on instances", "FAILS" (with the first
    violating instance and the values behind it) or "undecided".

    ``instances`` default: the pool of :func:`_instance_pool` (randomized response, erasure,
    geometric, parity, seeded random mechanisms on {0,1}, {0,1,2}, {0,1}²; priors uniform,
    product and correlated as ``conditions`` allow).  Errors raised by a measure on an instance
    (e.g. a measure undefined there) skip the instance and are counted as undecided.
    """
    from exactpriv.claims import Outcome, implication
    from exactpriv.errors import ExactPrivError

    for n in (source, target):
        if n not in NOTIONS:
            raise InvalidArgument(f"unknown notion {n!r}; known: {', '.join(NOTIONS)}")
    if not isinstance(map_, sympy.Basic):
        raise InvalidArgument(f"map={map_!r} must be a sympy expression in eps")
    bad = set(conditions) - _COMPOSABLE_CONDITIONS
    if bad:
        raise InvalidArgument(f"conditions {sorted(bad)} cannot be generated for a re-check")
    if instances is None:
        instances = _instance_pool(_needs_prior(source, target), tuple(conditions))
    if max_instances is not None:
        instances = list(instances)[:max_instances]
    check = implication(_notion_fn(source), _notion_fn(target), lambda a: map_.subs(E, a))
    d = Derived((source, target), map_, (), tuple(conditions))
    for inst in instances:
        try:
            out = check(inst)
        except ExactPrivError as exc:
            d.undecided += 1
            d.reason = d.reason or f"{inst.label}: {type(exc).__name__}: {exc}"
            continue
        out = out if isinstance(out, Outcome) else Outcome(out)
        if out.decision.is_true:
            d.instances += 1
        elif out.decision.is_false:
            d.status, d.witness, d.values = "FAILS", inst, dict(out.values)
            d.reason = out.decision.reason
            return d
        else:
            d.undecided += 1
            d.reason = d.reason or out.decision.reason
    # an undecided instance is never counted as holding
    d.status = "holds on instances" if d.instances and not d.undecided else "undecided"
    return d


def recheck(derived: Iterable[Derived], *, max_instances: int | None = None) -> list[Derived]:
    """Re-check each derived implication (see :func:`recheck_map`); returns them updated."""
    out = []
    for dv in derived:
        r = recheck_map(dv.source, dv.target, dv.map, conditions=dv.conditions, max_instances=max_instances)
        out.append(replace(dv, status=r.status, instances=r.instances, undecided=r.undecided, witness=r.witness,
                           values=r.values, reason=r.reason))
    return out


# --------------------------------------------------------------------------------------
# tables and figure
# --------------------------------------------------------------------------------------
def edge_table(G: nx.DiGraph) -> list[dict]:
    """One row per (edge, entry), in legend order: number, source, target, kind, map, claim,
    reading, verdict, status, conditions, witness file."""
    rows = []
    for u, v, d in sorted(G.edges(data=True), key=lambda e: e[2]["number"]):
        for e in d["entries"]:
            rows.append({"number": d["number"], "source": u, "target": v, "edge_kind": d["kind"],
                         "kind": e["kind"], "map": e["label"] if e["kind"] == "implication" else "⇏",
                         "map_expr": None if e["map"] is None else sympy.sstr(e["map"]),
                         "claim": e["claim"], "reading": e["reading"], "verdict": e["verdict"],
                         "status": e["status"], "conditions": ", ".join(CONDITIONS[c] for c in e["conditions"]),
                         "witness_file": e["witness_file"], "tight": e["tight"], "note": e["note"]})
    return rows


#: hand-made layout (x, y): divergence notions left, information notions bottom, prior-dependent
#: notions centre-right, semantic and membership notions right.
LAYOUT = {
    "free_lunch": (0.0, 7.6),
    "capacity": (0.0, 4.6),
    "identifiability": (1.9, 7.6),
    "pure_dp": (3.4, 4.6),
    "kl_dp": (1.3, 2.7),
    "tv_dp": (0.0, 0.6),
    "mi_dp": (2.9, 0.6),
    "record_mi": (5.6, 0.0),
    "identity_dp": (5.9, 2.5),
    "conditional_mi": (8.4, 0.0),
    "semantic_privacy": (6.6, 6.4),
    "positive_membership": (8.4, 4.3),
    "negative_membership": (7.4, 2.6),
    "bayesian_dp": (10.6, 2.2),
    "bayesian_semantic_privacy": (10.6, 7.6),
    "adversarial_privacy": (13.2, 1.5),
    "mi_privacy": (13.2, 0.0),
}

_STYLE = {
    "implication": {"color": "#1f4e9c", "style": "solid", "width": 1.8},
    "conditional": {"color": "#d08a00", "style": "solid", "width": 1.6},
    "non-implication": {"color": "#c0392b", "style": "dashed", "width": 1.5},
    "undecided": {"color": "#888888", "style": "dotted", "width": 1.2},
}


def draw_atlas(G: nx.DiGraph, *, ax=None, title: str | None = None):
    """Draw the atlas with matplotlib; returns the matplotlib Figure."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    if ax is None:
        fig, ax = plt.subplots(figsize=(15, 9.5), dpi=110)
    else:
        fig = ax.figure
    if G.number_of_nodes() == 0:
        ax.set_axis_off()
        ax.text(0.5, 0.5, "no implication between notions among the selected claims", ha="center", va="center",
                fontsize=14, transform=ax.transAxes)
        return fig
    pos = {n: LAYOUT.get(n, (0, 0)) for n in G.nodes}
    missing = [n for n in G.nodes if n not in LAYOUT]
    if missing:
        extra = nx.circular_layout(G.subgraph(missing), center=(7, 9), scale=2)
        pos.update(extra)
    node_size = 4400
    rad = 0.14
    xs = [p[0] for p in pos.values()] or [0.0]  # an empty atlas (a selection without implications)
    ys = [p[1] for p in pos.values()] or [0.0]
    ax.set_xlim(min(xs) - 1.2, max(xs) + 1.2)
    ax.set_ylim(min(ys) - 0.9, max(ys) + 0.9)
    ax.set_axis_off()
    if title:
        ax.set_title(title, fontsize=12)
    fig.tight_layout()
    for kind, st in _STYLE.items():
        edges = [(u, v) for u, v, d in G.edges(data=True) if d["kind"] == kind]
        if not edges:
            continue
        nx.draw_networkx_edges(G, pos, edgelist=edges, ax=ax, edge_color=st["color"], style=st["style"],
                               width=st["width"], arrows=True, arrowstyle="-|>", arrowsize=16,
                               node_size=node_size, connectionstyle=f"arc3,rad={rad}", min_source_margin=8,
                               min_target_margin=8)
    nx.draw_networkx_nodes(G, pos, ax=ax, node_size=node_size, node_color="#f4f1e8", edgecolors="#555555",
                           linewidths=1.0)
    nx.draw_networkx_labels(G, pos, labels={n: G.nodes[n]["label"] for n in G.nodes}, ax=ax, font_size=9)
    # Edge labels are placed by hand at the middle of each arc, anchored on the side the arc
    # bulges to: the two arcs of a bidirectional pair bulge to opposite sides, so their labels
    # cannot overlap (networkx centres labels on the arc, and long labels of such pairs collide).
    to_disp, to_data = ax.transData.transform, ax.transData.inverted().transform
    from counterexamples.report.figure_math import mathtext  # (here: the report package imports this module)

    for u, v, d in G.edges(data=True):
        # the map typeset from its expression, as the report's pages typeset it (not sympy's sqrt(1 - exp(-eps)))
        shown = mathtext(d["map"], limit=40) if isinstance(d.get("map"), sympy.Basic) else d["label"]
        text = f"{d['number']}: {shown}" if d["kind"] != "non-implication" else f"{d['number']} ⇏"
        (x1, y1), (x2, y2) = to_disp(pos[u]), to_disp(pos[v])
        dx, dy = x2 - x1, y2 - y1
        # matplotlib's arc3: control point = midpoint + rad * (dy, -dx) (display coordinates);
        # the quadratic Bezier passes at half that offset at t = 1/2
        mx, my = (x1 + x2) / 2 + rad * dy / 2, (y1 + y2) / 2 - rad * dx / 2
        nxv, nyv = dy, -dx
        norm = (nxv ** 2 + nyv ** 2) ** 0.5 or 1.0
        nxv, nyv = nxv / norm, nyv / norm
        lx, ly = to_data((mx + 3 * nxv, my + 3 * nyv))
        ha = "left" if nxv > 0.35 else ("right" if nxv < -0.35 else "center")
        va = "bottom" if nyv > 0.35 else ("top" if nyv < -0.35 else "center")
        ax.text(lx, ly, text, fontsize=8.5, ha=ha, va=va, color=_STYLE[d["kind"]]["color"], zorder=5,
                bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none", "alpha": 0.85})
    handles = [Line2D([0], [0], color=st["color"], ls=st["style"], lw=st["width"], label=k)
               for k, st in _STYLE.items() if any(d["kind"] == k for _, _, d in G.edges(data=True))]
    ax.legend(handles=handles, loc="upper right", fontsize=9, frameon=True, title="edge (numbers: see table)")
    return fig


def atlas_png(G: nx.DiGraph, *, title: str | None = None) -> bytes:
    """The rendered atlas as PNG bytes."""
    import matplotlib.pyplot as plt

    fig = draw_atlas(G, title=title)
    buf = _io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()
