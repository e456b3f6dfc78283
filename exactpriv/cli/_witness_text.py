"""How a witness (a mechanism, its prior, its parameters, the values that refute) is shown on a terminal.

The JSON witness document (``hunt --json``, ``conjecture --json``, an archived witness) is what ``replay``
and ``measure`` read; on screen it is shown as lines a person reads: the label, one line per input row of
the matrix with the point written plainly (``(0, 1): 3/4 1/4``, not Python reprs such as
``{"('0',)": "1/2"}``), the prior's masses, the parameters and the measured values.  Long lines are wrapped
at blanks (never inside a number or a word, never wider than the width asked for); a large matrix shows its
first rows and says how many more there are and where the whole of it is.
"""

from __future__ import annotations

import textwrap

__all__ = ["point_text", "wrap", "witness_lines"]

#: Rows of a matrix (and masses of a prior) shown before "… N more".
MAX_ROWS = 12


def point_text(x) -> str:
    """A point of a space written plainly: ``(0, 1)`` for a tuple, ``{a, b}`` for a set, else ``str``."""
    if isinstance(x, (list, tuple)):
        return "(" + ", ".join(point_text(v) for v in x) + ")"
    if isinstance(x, (set, frozenset)):
        return "{" + ", ".join(sorted(point_text(v) for v in x)) + "}"
    return str(x)


def wrap(text: str, width: int, indent: str = "", *, hanging: str | None = None) -> list[str]:
    """``text`` as lines of at most ``width`` columns, broken at blanks only.  A single token longer than the
    line (a huge fraction) is kept whole on a line of its own rather than cut: that line is the only
    exception to the width."""
    hanging = indent + "    " if hanging is None else hanging
    return textwrap.wrap(" ".join(str(text).split()), width=max(20, width), initial_indent=indent,
                         subsequent_indent=hanging, break_long_words=False, break_on_hyphens=False) or [indent]


def _space_text(space: dict) -> str:
    kind = space.get("type", "?")
    if kind == "hamming":
        values = space.get("values") or []
        return f"hamming {{{', '.join(map(str, values))}}}^{space.get('n', '?')}"
    if kind in ("subsets", "bounded"):
        return f"{kind} n={space.get('n', '?')}" + (f", k={space['k']}" if "k" in space else "")
    return str(kind)


def _load(doc: dict, path: str):
    """The object of a mechanism/prior document, or None when it cannot be read (then only the label shows)."""
    from exactpriv import io
    from exactpriv.errors import ExactPrivError

    try:
        return io.from_json(doc, path)
    except (ExactPrivError, ValueError, TypeError, KeyError):
        return None


def _points(space) -> list | None:
    """The points of a space object in matrix-row order, or None."""
    points = getattr(space, "points", None)
    if points is None:
        return None
    return list(points() if callable(points) else points)


def _mechanism_lines(doc: dict, width: int) -> list[str]:
    space = doc.get("space") or {}
    if doc.get("kind") == "product_mechanism":
        factors = doc.get("factors") or []
        return wrap(f"mechanism: a product of {len(factors)} per-record factors on {_space_text(space)} "
                    f"(each factor's matrix is in the JSON)", width, "  ")
    matrix = doc.get("matrix") or []
    outputs = doc.get("outputs") or []
    lines = wrap(f"mechanism on {_space_text(space)}: {len(matrix)} inputs × {len(outputs)} outputs "
                 f"[{', '.join(point_text(y) for y in outputs)}]", width, "  ")
    M = _load(doc, "$.mechanism")
    inputs = _points(getattr(M, "inputs", None)) or [f"x{i}" for i in range(len(matrix))]
    for x, row in list(zip(inputs, matrix))[:MAX_ROWS]:
        lines += wrap(f"{point_text(x)}: " + "  ".join(str(v) for v in row), width, "    ", hanging="        ")
    if len(matrix) > MAX_ROWS:
        lines.append(f"    … {len(matrix) - MAX_ROWS} more rows (the whole matrix is in the JSON)")
    return lines


def _prior_lines(doc: dict, width: int) -> list[str]:
    pmf = doc.get("pmf") or []
    points = _points(getattr(_load(doc, "$.prior"), "space", None))
    if points is not None and len(points) == len(pmf):
        masses = [f"{point_text(x)} {p}" for x, p in zip(points, pmf)]
    else:
        masses = [str(p) for p in pmf]
    if len(set(map(str, pmf))) == 1 and pmf:
        return wrap(f"prior: uniform, {pmf[0]} on each of the {len(pmf)} inputs", width, "  ")
    shown = ", ".join(masses[:MAX_ROWS]) + (f", … {len(masses) - MAX_ROWS} more" if len(masses) > MAX_ROWS else "")
    return wrap("prior: " + shown, width, "  ")


#: How a value is called when its recorded name is its own text (a stated bound ``eps/2`` in ε).
_SIDE_WORDS = {"lhs": "left side", "rhs": "right side", "bound": "bound"}


def _value_text(name: str, v, key: str = "") -> str:
    if isinstance(v, str) and v == name:
        return f"{_SIDE_WORDS.get(key, key or 'value')}: {v}"
    if isinstance(v, (str, int)) and not isinstance(v, bool) and _float_text(v) and _float_text(v) != str(v):
        return f"{name} = {v} ≈ {_float_text(v)}"
    if isinstance(v, dict) and "truth" in v:
        return f"{name}: {v['truth']} — {v.get('reason', '')}"
    if isinstance(v, dict) and ("exact" in v or "lower" in v):
        if v.get("exact") is not None:
            text = f"{name} = {v['exact']}"
        else:
            text = f"{name} in [{v.get('lower')}, {v.get('upper')}]"
        if isinstance(v.get("float"), (int, float)):
            text += f" ≈ {v['float']:.6g}"
        return text
    if isinstance(v, dict):
        return f"{name}: " + ", ".join(f"{k}={point_text(w)}" for k, w in v.items())
    return f"{name} = {point_text(v)}"


#: Values that describe the others (exactpriv.claims.forms.name_values) or the statement, not numbers.
_NOT_VALUES = ("what", "names", "relation")


def _float_text(v) -> str:
    """The value's float for display (never decides): a measured value's own ``float``, else the exact text
    read with the safe grammar; "" when there is none (a closed form in ε)."""
    x = v.get("float") if isinstance(v, dict) else None
    if x is None:
        text = v.get("exact") if isinstance(v, dict) else v
        if not isinstance(text, (str, int)) or isinstance(text, bool):
            return ""
        from exactpriv import io
        from exactpriv.errors import ExactPrivError
        from exactpriv.measures.result import value_to_float

        try:
            x = value_to_float(io.parse_value(text))
        except (ExactPrivError, ValueError, TypeError, ArithmeticError):
            return ""
    return "" if not isinstance(x, (int, float)) or isinstance(x, bool) else f"{x:.6g}"


def _relation_line(values: dict, labels: dict[str, str]) -> str:
    """"shown: kl_dp(M) > eps**2/3 at ε = pure_dp(M) (0.0811 > 0.0548 …)": the recorded relation of two named
    values, negated as the witness's FALSE decision shows it; "" when the document records none."""
    from exactpriv.claims.forms import shown_relation

    shown = shown_relation({**values, "names": labels})
    if shown is None:
        return ""
    left, sign, right, lkey, rkey = shown
    fl, fr = _float_text(values.get(lkey)), _float_text(values.get(rkey))
    floats = f" ({fl} {sign} {fr} in floats; decided exactly)" if fl and fr else " at the witness"
    return f"shown: {left} {sign} {right}{floats}"


def witness_lines(doc: dict, width: int, *, title: str = "witness", names: dict[str, str] | None = None,
                  violated: str = "") -> list[str]:
    """A witness document (archived / ``hunt --json`` form with ``instance``, or ``conjecture --json`` form
    with ``mechanism`` at the top) as readable lines of at most ``width`` columns.  Values are labelled by the
    names the check recorded with them (``values["names"]``, :func:`exactpriv.claims.forms.name_values`:
    ``kl_dp(M)``, ``eps**2/3 at ε = pure_dp(M)``), else by ``names`` (``{"A": "pure_dp", "B": "kl_dp"}``: the
    JSON keys stay "A"/"B"); the recorded relation is printed as the witness shows it violated
    (``shown: kl_dp(M) > …``).  ``violated`` is the reading's statement the witness violates."""
    inst = doc.get("instance") if isinstance(doc.get("instance"), dict) else doc
    label = inst.get("label") or "(no label)"
    lines = wrap(f"{title}: {label}", width)
    if violated:
        lines += wrap("violates: " + violated, width, "  ")
    if isinstance(inst.get("mechanism"), dict):
        lines += _mechanism_lines(inst["mechanism"], width)
    if isinstance(inst.get("prior"), dict):
        lines += _prior_lines(inst["prior"], width)
    params = inst.get("params") or {}
    if params:
        shown = ", ".join(f"{k} = {v.get('value', v) if isinstance(v, dict) else v}" for k, v in params.items())
        lines += wrap("parameters: " + shown, width, "  ")
    values = doc.get("values") or {}
    recorded = values.get("names") if isinstance(values.get("names"), dict) else {}
    labels = {**(names or {}), **{k: str(v) for k, v in recorded.items()}}
    for name, v in values.items():
        if name not in _NOT_VALUES:
            lines += wrap(_value_text(labels.get(name, name), v, name), width, "  ")
    relation = _relation_line(values, labels)
    if relation:
        lines += wrap(relation, width, "  ")
    if values.get("what"):
        lines += wrap("statement checked: " + str(values["what"]), width, "  ")
    return lines
