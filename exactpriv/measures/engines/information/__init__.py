"""Exact information quantities of finite channels: the engine of the information notions.

* :mod:`~exactpriv.measures.engines.information.channel` — a validated exact channel and its
  certified arb evaluations;
* :mod:`~exactpriv.measures.engines.information.logsums` — collected log-sums of integers, their
  exact or certified values, and exact maxima of measured values;
* :mod:`~exactpriv.measures.engines.information.shannon` — certified I(X;Y), D(P‖Q) and h(p).
"""
