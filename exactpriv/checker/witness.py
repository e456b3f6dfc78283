"""A witness instance read from evidence (docs/certificates.md, "Witnesses"): inputs, mechanism, prior, parameters.

Every number is an exact rational; rows must be probability vectors and the prior a distribution, checked here.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from fractions import Fraction

from exactpriv.checker.errors import Failed, NotCheckable
from exactpriv.checker.polys import json_key, remembered

__all__ = ["Instance", "hamming_pairs", "instance_digest", "read_instance"]

#: Largest input space the checker enumerates (its notions are sums over inputs and records).
MAX_INPUTS = 4096


def _q(x, where: str) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, (str, int)):
        raise Failed(f"{where}: {x!r} is not an exact rational (write it as a string)")
    if type(x) is str:
        # the matrices of one check repeat a few texts ("1/2", "0", ...) hundreds of thousands of times; a text
        # read once (Fractions are immutable; a text that is no rational is not remembered)
        q = _READ.get(x)
        if q is not None:
            return q
    try:
        q = Fraction(x)
    except (ValueError, ZeroDivisionError):
        raise Failed(f"{where}: {x!r} is not an exact rational") from None
    if type(x) is str:
        if len(_READ) >= _READ_LIMIT:
            _READ.clear()
        _READ[x] = q
    return q


_READ: dict = {}
_READ_LIMIT = 65536


class Instance:
    """inputs (list), records (alphabets, or None for an explicit space), neighbours (index pairs, both ways),
    outputs, P[x][y] (Fractions), prior (Fractions or None), params (strings), extra mechanisms."""

    def __init__(self, inputs, records, neighbours, outputs, P, prior, params, extra, hints=None):
        self.inputs, self.records, self.neighbours = inputs, records, neighbours
        self.outputs, self.P, self.prior, self.params, self.extra = outputs, P, prior, params, extra
        self.hints = hints or {}
        self.digest: str | None = None  # instance_digest of the witness it was read from

    @property
    def n(self) -> int:
        if self.records is None:
            raise NotCheckable("the notion needs records (a Hamming space)")
        return len(self.records)

    def code(self, k: int, i: int):
        return self.inputs[k][i]

    def positive(self) -> bool:
        rows = self.P if self.P is not None else []
        extra = [row for m in self.extra.values() for row in m[1]]
        return all(q > 0 for row in rows + extra for q in row) and all(q > 0 for q in (self.prior or []))

    def with_mechanism(self, name: str) -> "Instance":
        """The instance with another of the witness's mechanisms: "M2", or "M*M2" for the two run independently
        on the same input (outputs are pairs: P((y1, y2)|x) = P1(y1|x) P2(y2|x))."""
        mechs = {"M": (self.outputs, self.P), **self.extra}
        parts = name.split("*")
        if not all(p in mechs and mechs[p][1] is not None for p in parts):
            raise Failed(f"the witness has no mechanism {name!r}")
        outputs, P = mechs[parts[0]]
        for p in parts[1:]:
            o2, P2 = mechs[p]
            outputs = [[a, b] for a in outputs for b in o2]
            P = [[q1 * q2 for q1 in r1 for q2 in r2] for r1, r2 in zip(P, P2)]
        return Instance(self.inputs, self.records, self.neighbours, outputs, P, self.prior, self.params, self.extra,
                        self.hints)


def hamming_pairs(sizes) -> tuple[list, list]:
    """The inputs of a product of alphabets of the given sizes (tuples of value indices, in itertools.product's
    order) and the ordered pairs (a, b) of input indices at Hamming distance 1, sorted: each input's neighbours
    found by changing one coordinate (N·Σ sizes steps, not the N² comparisons of every pair; a 12-record
    subsets space has 4,096 inputs)."""
    inputs = list(itertools.product(*[range(k) for k in sizes]))
    index = {x: i for i, x in enumerate(inputs)}
    nbrs = []
    for a, x in enumerate(inputs):
        near = []
        for c, k in enumerate(sizes):
            for v in range(k):
                if v != x[c]:
                    near.append(index[x[:c] + (v,) + x[c + 1:]])
        nbrs += [(a, b) for b in sorted(near)]
    return inputs, nbrs


def read_space(space) -> tuple[list, list | None, list]:
    """(inputs, record alphabets or None, ordered neighbouring pairs) of a space object of the format."""
    # a bank's rows list the same few spaces thousands of times (3,008 reads per check), each read enumerating
    # its neighbouring pairs: read once per distinct space written as JSON, each caller getting its own lists
    key = json_key(space)
    if key is None:  # not plain JSON (e.g. tuples): read as given
        return _read_space(space)
    inputs, records, nbrs = _remembered_space(key)
    return list(inputs), None if records is None else [list(a) for a in records], list(nbrs)


@remembered(lambda key: key)
def _remembered_space(key: str) -> tuple:
    inputs, records, nbrs = _read_space(json.loads(key))
    return tuple(inputs), None if records is None else tuple(tuple(a) for a in records), tuple(nbrs)


def _read_space(space) -> tuple[list, list | None, list]:
    if not isinstance(space, dict):
        raise Failed("the witness has no space")
    kind = space.get("type")
    if kind in ("hamming", "subsets"):
        # subsets of a universe are its membership vectors in {0,1}^n, add/remove-one neighbours (exactpriv.spaces)
        if kind == "subsets":
            universe = space.get("universe")
            alphabets = [[0, 1]] * len(universe) if isinstance(universe, list) and universe else None
        elif "alphabets" in space:
            alphabets = space["alphabets"]
        else:
            values, n = space.get("values"), space.get("n")
            ok = isinstance(values, list) and values and isinstance(n, int) and not isinstance(n, bool) and n >= 1
            alphabets = [list(values)] * n if ok else None
        if not isinstance(alphabets, list) or not alphabets or not all(isinstance(a, list) and a for a in alphabets):
            raise Failed("a hamming space needs 'values' and 'n' >= 1 (or 'alphabets'); a subsets space 'universe'")
        size = 1
        for a in alphabets:
            size *= len(a)
        if size > MAX_INPUTS:
            raise NotCheckable(f"the space has {size} inputs (the checker enumerates at most {MAX_INPUTS})")
        inputs, nbrs = hamming_pairs([len(a) for a in alphabets])
        return inputs, [list(a) for a in alphabets], nbrs
    if kind == "explicit":
        inputs, pairs = space.get("inputs"), space.get("neighbours")
        if not isinstance(inputs, list) or not isinstance(pairs, list) or len(inputs) > MAX_INPUTS:
            raise Failed("an explicit space needs 'inputs' and 'neighbours' lists")
        nbrs = set()
        for p in pairs:
            if not (isinstance(p, list) and len(p) == 2 and all(isinstance(k, int) and 0 <= k < len(inputs)
                                                                 for k in p) and p[0] != p[1]):
                raise Failed(f"neighbour pair {p!r} is not two distinct input indices")
            nbrs |= {(p[0], p[1]), (p[1], p[0])}
        return list(range(len(inputs))), None, sorted(nbrs)
    raise NotCheckable(f"space type {kind!r} is not known to the checker")


def _matrix(rows, n_inputs: int, where: str):
    if not isinstance(rows, list) or len(rows) != n_inputs:
        raise Failed(f"{where} must have one row per input ({n_inputs})")
    P = []
    for k, row in enumerate(rows):
        if not isinstance(row, list) or not row:
            raise Failed(f"{where} row {k} is not a list")
        r = [_q(v, f"{where}[{k}]") for v in row]
        if any(v < 0 or v > 1 for v in r) or sum(r) != 1:
            raise Failed(f"{where} row {k} is not a probability vector")
        P.append(r)
    if len({len(r) for r in P}) != 1:
        raise Failed(f"{where}: rows of different lengths")
    return P


def instance_digest(space, outputs, P, prior) -> str:
    """sha256 of the instance's canonical JSON — its space as written, output labels, rows and prior as reduced
    fractions — by which a bank lists the exact instances a statement is about (docs/certificates.md, "Listed
    instances")."""
    doc = {"space": space, "outputs": outputs, "mechanism": None if P is None else [[str(q) for q in r] for r in P],
           "prior": None if prior is None else [str(q) for q in prior]}
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def read_instance(w) -> Instance:
    if not isinstance(w, dict):
        raise Failed("no witness")
    if w.get("space") is None and w.get("mechanism") is None and w.get("prior") is None:
        inputs, records, nbrs = [], None, []  # a point of parameters only (an arithmetic claim)
    else:
        inputs, records, nbrs = read_space(w.get("space"))
    P = _matrix(w["mechanism"], len(inputs), "mechanism") if w.get("mechanism") is not None else None
    outputs = w.get("outputs") if P is not None else None
    if P is not None and (not isinstance(outputs, list) or len(outputs) != len(P[0])):
        raise Failed("'outputs' must list one label per column of the mechanism")
    prior = None
    if w.get("prior") is not None:
        if not isinstance(w["prior"], list) or len(w["prior"]) != len(inputs):
            raise Failed("the prior must have one mass per input")
        prior = [_q(v, "prior") for v in w["prior"]]
        if any(v < 0 for v in prior) or sum(prior) != 1:
            raise Failed("the prior is not a probability distribution")
    params = w.get("params") or {}
    if not isinstance(params, dict) or not all(isinstance(v, str) for v in params.values()):
        raise Failed("'params' must map names to exact numbers written as strings")
    extra = {}
    for name, m in (w.get("extra") or {}).items():
        if not isinstance(m, dict):
            raise Failed(f"extra mechanism {name!r} is not an object")
        Pm = _matrix(m.get("mechanism"), len(inputs), f"extra {name}")
        if not isinstance(m.get("outputs"), list) or len(m["outputs"]) != len(Pm[0]):
            raise Failed(f"extra {name}: 'outputs' must list one label per column")
        extra[name] = (m["outputs"], Pm)
    hints = w.get("hints") or {}
    if not isinstance(hints, dict):
        raise Failed("'hints' must be an object")
    inst = Instance(inputs, records, nbrs, outputs, P, prior, dict(params), extra, hints)
    if not extra:
        inst.digest = instance_digest(w.get("space"), outputs, P, prior)
    return inst
