"""What a CHECKED verdict searched: the spaces, prior kinds and mechanism kinds of the instances it checked.

A CHECKED verdict is only as good as the instances behind it (issue 23).  Every instance a reading checks
inside its hypotheses is described here by three kinds of tag, counted per reading, so that a referee can see
at a glance whether the verdict ever met, say, a correlated prior without mass on a value on two records:

* **space** — ``D^n, |D| = m`` for a Hamming space (else the space's type and size);
* **prior kinds** (several may apply) — ``independent`` / ``correlated`` (records mutually independent or
  not; one record counts as independent), ``full-support`` / ``with-zeros``, ``without-value`` (some value
  of some record has no marginal mass, e.g. no mass on ⊥), ``point-mass``; ``no prior`` when there is none;
* **mechanism kinds** — ``positive`` / ``with-zeros`` (some entry is 0), ``near-deterministic`` (some entry
  is at least 15/16), ``symbolic`` (entries in ε: a family, not a rational matrix), ``other`` otherwise.

The tags are exact (Fraction comparisons, the prior's exact independence test), computed once per distinct
prior and once per mechanism object.  :class:`SearchRecord` accumulates them; ``to_json()`` is the ``searched`` record a
result carries.
"""

from __future__ import annotations

import functools
from fractions import Fraction

__all__ = ["NEAR_DETERMINISTIC", "SearchRecord", "mechanism_kinds", "prior_kinds", "space_kind"]

#: an entry at least this large makes a row near-deterministic
NEAR_DETERMINISTIC = Fraction(15, 16)


def space_kind(space) -> str:
    alphabets = getattr(space, "alphabets", None)
    if alphabets is not None and len({len(a) for a in alphabets}) == 1:
        return f"D^{len(alphabets)}, |D| = {len(alphabets[0])}"
    size = getattr(space, "size", None)
    return f"{type(space).__name__} ({size} points)" if size is not None else type(space).__name__


@functools.lru_cache(maxsize=4096)
def _prior_kinds(prior) -> tuple:
    pmf = list(prior.pmf)
    tags = ["full-support" if all(q > 0 for q in pmf) else "with-zeros"]
    if sum(1 for q in pmf if q > 0) == 1:
        tags.append("point-mass")
    records = getattr(prior.space, "records", None)
    if records is not None and len(records) > 1:
        try:
            tags.append("independent" if prior.is_mutually_independent() else "correlated")
        except Exception:  # a prior whose structure cannot be read exactly gets no independence tag
            pass
    elif records is not None:
        tags.append("independent")
    if records is not None and tags[0] == "with-zeros":
        points = list(prior.space.points)
        for j, values in enumerate(records):
            if any(all(q == 0 for x, q in zip(points, pmf) if x[j] == v) for v in values):
                tags.append("without-value")
                break
    return tuple(tags)


def prior_kinds(prior) -> tuple:
    """The prior's kinds (see the module head); ``("no prior",)`` for None."""
    if prior is None:
        return ("no prior",)
    try:
        return _prior_kinds(prior)
    except TypeError:  # an unhashable prior-like object: classified uncached
        return _prior_kinds.__wrapped__(prior)
    except Exception:  # not a prior this module can read
        return ("other",)


def _mechanism_kinds(mech) -> tuple:
    if not getattr(mech, "is_rational", False):
        return ("symbolic",) if getattr(mech, "symbols", None) else ("other",)
    entries = [q for row in mech.rows for q in row]
    tags = ["positive" if all(q > 0 for q in entries) else "with-zeros"]
    if any(q >= NEAR_DETERMINISTIC for q in entries) and len(mech.outputs) > 1:
        tags.append("near-deterministic")
    return tuple(tags)


#: mechanism kinds by object identity (the object is kept, so its id cannot be reused while cached).  Not an
#: lru_cache on the mechanism: Mechanism hashes only (inputs, outputs), so every cached mechanism on the same
#: spaces collides and a lookup compared matrices one by one — slower than classifying (measured on the bank:
#: 466,557 matrix comparisons for 20,777 lookups).
_MECHANISM_KINDS: dict[int, tuple] = {}
_MECHANISM_KINDS_MAX = 4096


def mechanism_kinds(mech) -> tuple:
    if mech is None:
        return ("no mechanism",)
    hit = _MECHANISM_KINDS.get(id(mech))
    if hit is not None and hit[0] is mech:
        return hit[1]
    try:
        kinds = _mechanism_kinds(mech)
    except Exception:  # not a mechanism this module can read
        return ("other",)
    if len(_MECHANISM_KINDS) >= _MECHANISM_KINDS_MAX:
        _MECHANISM_KINDS.clear()
    _MECHANISM_KINDS[id(mech)] = (mech, kinds)
    return kinds


class SearchRecord:
    """Counts of the spaces, prior kinds and mechanism kinds of the instances a reading checked."""

    def __init__(self) -> None:
        self.instances = 0
        self.spaces: dict = {}
        self.priors: dict = {}
        self.mechanisms: dict = {}

    def add(self, inst) -> None:
        self.instances += 1
        mech, prior = getattr(inst, "mechanism", None), getattr(inst, "prior", None)
        space = getattr(mech, "inputs", None) or getattr(prior, "space", None)
        key = space_kind(space) if space is not None else "no space (parameters only)"
        self.spaces[key] = self.spaces.get(key, 0) + 1
        for tag in prior_kinds(prior):
            self.priors[tag] = self.priors.get(tag, 0) + 1
        for tag in mechanism_kinds(mech):
            self.mechanisms[tag] = self.mechanisms.get(tag, 0) + 1

    def to_json(self) -> dict:
        return {"instances": self.instances, "spaces": dict(sorted(self.spaces.items())),
                "prior_kinds": dict(sorted(self.priors.items())),
                "mechanism_kinds": dict(sorted(self.mechanisms.items()))}
