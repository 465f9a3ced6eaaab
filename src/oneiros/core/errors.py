"""Errors raised by the engine. Every message is one line that names the bad value."""

from __future__ import annotations


class OneirosError(Exception):
    """Base class of every error the engine raises on purpose."""


class ConfigError(OneirosError, ValueError):
    """An unknown game, rule set, option or player count, or a malformed record."""


class IllegalAction(OneirosError, ValueError):
    """An action that is not legal for the deciding seat; the state is left unchanged."""


class ContentError(OneirosError, ValueError):
    """A content data file (dice, cards) that does not validate.

    The message names the file, the entry and the problem.
    """

    def __init__(self, file: str, entry: str, problem: str) -> None:
        self.file = file
        self.entry = entry
        self.problem = problem
        super().__init__(f"{file}: {entry}: {problem}")
