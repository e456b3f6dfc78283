"""Shared pieces of the subcommands."""

from __future__ import annotations

__all__ = ["console"]


def console():
    from rich.console import Console

    return Console(stderr=False)
