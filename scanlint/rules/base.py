"""What a rule is: a small class that looks at one module through the shared resolver."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

import libcst as cst

from scanlint.analysis.resolver import ScanIndex
from scanlint.registry import BY_CODE, RuleInfo


@dataclass(frozen=True)
class Replacement:
    """Part of a fix: put `code` where `node` is (with `before`, insert ahead of it instead)."""

    node: cst.CSTNode
    code: str
    before: bool = False


@dataclass(frozen=True)
class FixProposal:
    message: str
    safe: bool
    replacements: tuple[Replacement, ...]


@dataclass(frozen=True)
class Report:
    """A rule's finding before positions are known: the node it is about and what to say.

    `message` is the whole explanation; `summary` says what is wrong in one short line (without
    it, the rule's catalog summary is shown), and `help` what to do instead, in a sentence or two."""

    node: cst.CSTNode
    message: str
    fix: FixProposal | None = None
    summary: str | None = None
    help: str | None = None


@dataclass(frozen=True)
class FileContext:
    path: str
    module: cst.Module
    index: ScanIndex


class Rule:
    """Base class. Subclasses set CODE, write a docstring (what it flags and why), give a BAD and
    a GOOD example (rendered into the rule's page under `rules/` and executed by the tests), and
    implement `check`."""

    CODE: ClassVar[str]
    BAD: ClassVar[str]
    GOOD: ClassVar[str]

    @classmethod
    def info(cls) -> RuleInfo:
        return BY_CODE[cls.CODE]

    def check(self, context: FileContext) -> Iterator[Report]:
        raise NotImplementedError
