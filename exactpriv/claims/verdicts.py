"""Verdicts and finding classes: what a check of a reading showed, and how bad a refutation is.

Verdicts
--------
* ``REFUTED`` — an exact counterexample (a replayable witness file) or a refuting certificate;
* ``PROVED`` — a certificate covering the reading's whole statement (every parameter value);
* ``CHECKED`` — every instance of the listed families was decided TRUE (the counts are the evidence);
* ``UNDECIDED`` — some instance could not be decided and none refuted (the reasons are listed).

Finding classes (of a REFUTED reading)
--------------------------------------
A refutation of a paper's statement is not always an error of the paper.  Each REFUTED reading says which
of four kinds of finding it is:

* ``as-written`` — the statement fails on an instance meeting every hypothesis the paper states;
* ``boundary`` — it fails only where a quantity degenerates (zero-probability events, undefined posteriors,
  priors without full support, parameter endpoints) that the paper does not explicitly exclude;
  mechanically: the witness disappears when every mechanism entry and every prior mass is required to be
  positive;
* ``convention`` — the failure depends on a convention exactpriv chose for a quantity the paper leaves
  undefined (the reading names the convention; the other conventions are readings of their own);
* ``variant`` — a deliberately altered statement (a probe, a stronger or weaker constant, a dropped
  hypothesis), not the paper's claim.

The headline "errors found in the papers" counts ``as-written`` findings only.
"""

from __future__ import annotations

import enum

from exactpriv.exact.verdicts import Verdict  # one Verdict type everywhere (prove's too)

__all__ = ["Finding", "Verdict"]


class Finding(str, enum.Enum):
    """The class of a refutation (see the module docstring)."""

    AS_WRITTEN = "as-written"
    BOUNDARY = "boundary"
    CONVENTION = "convention"
    VARIANT = "variant"

    def __str__(self) -> str:
        return self.value
