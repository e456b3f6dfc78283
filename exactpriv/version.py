"""The library's version: one definition, at the ground floor, so that any layer may name it.

``exactpriv.__version__`` re-exports it; pyproject.toml states the same number for packaging.
"""

__all__ = ["__version__"]

__version__ = "0.1.0"
