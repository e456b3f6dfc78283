"""Test configuration.

BLAS threads: on the 2-core machines this project runs on, multithreaded OpenBLAS made
729x729 matrix-vector products 10x slower under load (measured while building the capacity
code), so the tests pin BLAS to one thread before numpy is imported.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
