"""Conversions between exactpriv's exact objects and other libraries' objects, each tested against the other
library (``tests/interop/``); the other libraries are optional and imported when a function is called.

* :mod:`.dit_distributions` — ``to_dit`` / ``from_dit``: a mechanism and a prior as the joint (X, Y) of a
  ``dit.Distribution`` with exact ``sympy.Rational`` probabilities, and back;
* :mod:`.dp_accounting_pld` — ``to_dp_accounting_pld``: an exact privacy-loss distribution as a
  ``dp_accounting`` PLD, its losses rounded up (pessimistic) or down (optimistic) onto dp_accounting's grid,
  each rounding decided with certified arb balls; a mechanism whose neighbour pairs differ through its tight
  dominating pair (``dominating_pair_loss``: the same exact δ(ε));
* :mod:`.opendp_maps` — ``check_opendp_privacy_map``: an OpenDP measurement's stated privacy map checked
  exactly against the mechanism's own exact level, on small inputs (when OpenDP is installed).
"""

from .dit_distributions import from_dit, to_dit
from .dp_accounting_pld import dominating_pair_loss, rounded_losses, to_dp_accounting_pld
from .opendp_maps import check_opendp_privacy_map, opendp_randomized_response, opendp_randomized_response_bitvec

__all__ = ["check_opendp_privacy_map", "dominating_pair_loss", "from_dit", "opendp_randomized_response",
           "opendp_randomized_response_bitvec", "rounded_losses", "to_dit", "to_dp_accounting_pld"]
