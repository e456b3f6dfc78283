"""Mechanisms: the exact Mechanism class and the zoo of mechanisms the seed papers use."""

from exactpriv.mechanisms.base import Mechanism, ProductMechanism

__all__ = ["Mechanism", "ProductMechanism"]
