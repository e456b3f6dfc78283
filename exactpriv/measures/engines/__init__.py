"""The engines below the privacy notions: how the measures of :mod:`exactpriv.measures` are computed.

A notion module (``divergence``, ``information``, ``bayesian`` …) says *what* a measure is; the
engine it calls says *how* its value is found exactly.  One concept a module:

* :mod:`~exactpriv.measures.engines.scan` — max over pairs of rows of a rational mechanism
  (pure ε, δ(ε), TV, KL, Rényi), by integer value codes or a float filter with a proved margin;
* :mod:`~exactpriv.measures.engines.information` — exact channels, collected log-sums and
  certified Shannon quantities (mutual information, KL, binary entropy);
* :mod:`~exactpriv.measures.engines.capacity` — the certified capacity enclosure of a channel;
* :mod:`~exactpriv.measures.engines.channel_reduction` — capacity-preserving reduction of a
  channel and its closed forms;
* :mod:`~exactpriv.measures.engines.mi_dp_filter` — which sub-channels can hold the MI-DP maximum;
* :mod:`~exactpriv.measures.engines.joint_pmf` — sums over the joint pmf (conditional MI);
* :mod:`~exactpriv.measures.engines.prior_tensors` — integer tensors of a prior and a mechanism by records, and
  exact likelihood-ratio scans (Bayesian DP, identity DP, semantic and membership privacy);
* :mod:`~exactpriv.measures.engines.product` — the worst pair of a product mechanism;
* :mod:`~exactpriv.measures.engines.composition` — exact composed privacy-loss distributions (δ(ε) of a
  composition without expanding it);
* :mod:`~exactpriv.measures.engines.clamped` — pure ε and δ(ε) of clamped noise on counts;
* :mod:`~exactpriv.measures.engines.symbolic_pure_dp` — pure ε of symbolic and product mechanisms.

Engines are internal: users call the notions.  The plain reference evaluator that every engine
is differential-tested against lives apart, in :mod:`exactpriv.measures.reference`.
"""
