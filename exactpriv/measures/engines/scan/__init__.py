"""The exact scan engine: max over ordered pairs of rows of a rational mechanism of a divergence
between them, decided without floating point.

:mod:`~exactpriv.measures.engines.scan.engine` holds the engine and explains the algorithm (pure
ratio and hockey-stick scans); :mod:`~exactpriv.measures.engines.scan.kl_renyi` its KL and Rényi
scans; :mod:`~exactpriv.measures.engines.scan.codes` the integer value codes, packed pair
indices and exact maxima they share.
"""
