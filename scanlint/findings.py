"""The finding model shared by the static rules, the runtime companion and every reporter."""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field
from typing import Any


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"


class FixSafety(str, enum.Enum):
    """How far a rule's fix can be trusted to keep behaviour (shown in `scanlint rules`)."""

    NONE = "none"  # advice only, no automatic fix
    SAFE = "safe"  # applied by --fix
    UNSAFE = "unsafe"  # applied only with --unsafe-fixes
    SOMETIMES = "sometimes"  # safe or unsafe depending on the call site; each fix says which


@dataclass(frozen=True, order=True)
class Edit:
    """Replace the text between two positions (1-based lines, 0-based columns) by `text`."""

    line: int
    column: int
    end_line: int
    end_column: int
    text: str


@dataclass(frozen=True)
class Fix:
    message: str
    safe: bool
    edits: tuple[Edit, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "message": self.message,
            "applicability": "safe" if self.safe else "unsafe",
            "edits": [
                {
                    "location": {"line": e.line, "column": e.column + 1},
                    "end_location": {"line": e.end_line, "column": e.end_column + 1},
                    "content": e.text,
                }
                for e in self.edits
            ],
        }


@functools.total_ordering
@dataclass(frozen=True)
class Finding:
    """One located problem. Lines are 1-based; columns are 1-based, as editors show them.

    In a notebook, `cell` is the cell's 1-based position among all the notebook's cells
    (markdown and raw cells count, as in `notebook["cells"][cell - 1]`), and the lines are lines
    of that cell. `cell` is None for a Python file, and for a problem with the notebook file
    itself (its lines are then lines of the file).

    `message` is the whole explanation (what is wrong, the evidence, what JAX does, what to do);
    `summary` says what is wrong in one short line (the message itself when none is given), and
    `help` what to do, when the producer can say it apart from the message."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    code: str
    name: str = field(compare=False)
    message: str = field(compare=False)
    severity: Severity = field(default=Severity.ERROR, compare=False)
    fix: Fix | None = field(default=None, compare=False)
    summary: str = field(default="", compare=False)
    help: str | None = field(default=None, compare=False)
    cell: int | None = None

    def __post_init__(self) -> None:
        if not self.summary:
            object.__setattr__(self, "summary", self.message)

    def _order(self) -> tuple[str, int, int, int, int, int, str]:
        return (self.path, self.cell or 0, self.line, self.column, self.end_line, self.end_column, self.code)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Finding):
            return NotImplemented
        return self._order() < other._order()

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "cell": self.cell,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "code": self.code,
            "name": self.name,
            "message": self.message,
            "summary": self.summary,
            "help": self.help,
            "severity": self.severity.value,
            "fix": self.fix.to_json() if self.fix else None,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Finding:
        fix = None
        if data.get("fix"):
            raw = data["fix"]
            fix = Fix(
                message=raw["message"],
                safe=raw["applicability"] == "safe",
                edits=tuple(
                    Edit(
                        e["location"]["line"],
                        e["location"]["column"] - 1,
                        e["end_location"]["line"],
                        e["end_location"]["column"] - 1,
                        e["content"],
                    )
                    for e in raw["edits"]
                ),
            )
        return cls(
            path=data["path"],
            line=data["line"],
            column=data["column"],
            end_line=data["end_line"],
            end_column=data["end_column"],
            code=data["code"],
            name=data["name"],
            message=data["message"],
            severity=Severity(data["severity"]),
            fix=fix,
            cell=data.get("cell"),
            summary=data.get("summary") or "",
            help=data.get("help"),
        )


# Codes that are not rules but are reported through the same pipeline.
SYNTAX_ERROR = "SCN000"  # the file does not parse or cannot be decoded
INTERNAL_ERROR = "SCN001"  # a rule crashed on this file
READ_ERROR = "SCN002"  # the file could not be read
