"""The symbolic families of family_claims.py, in a module of their own next to it (a bank file imports it
without PYTHONPATH: the loader puts the bank file's directory on the import path while it loads)."""

from exactpriv import EPS
from exactpriv.claims import symbolic_family
from exactpriv.mechanisms.zoo import randomized_response, truncated_geometric

RR = symbolic_family("RR(m, ε)", lambda m: randomized_response(m, eps=EPS), over={"m": [2, 3]})
RR2 = symbolic_family("RR(2, ε)", randomized_response(2, eps=EPS))
GEOMETRIC = symbolic_family("TG(3, ε)", truncated_geometric(3, eps=EPS))
