"""`# noqa` comments and `# scanlint: skip-file`: one parser for every front end."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from scanlint import registry
from scanlint.findings import Finding

SKIP_FILE = re.compile(rb"^[ \t]*#[ \t]*scanlint:[ \t]*skip-file[ \t]*$", re.MULTILINE)
_NOQA = re.compile(
    r"#\s*noqa(?::\s*(?P<codes>[A-Za-z0-9_-]+(?:[\s,]+[A-Za-z0-9_-]+)*))?",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z0-9_-]+")


def skips_file(data: bytes) -> bool:
    return b"skip-file" in data and SKIP_FILE.search(data) is not None


def noqa_codes(line: str) -> frozenset[str] | None:
    """What a line's `# noqa` suppresses: None for no comment, an empty set for a bare `# noqa`
    (everything), else the codes, code prefixes (`SCN2`) and rule names it lists."""
    if "#" not in line:
        return None
    match = _NOQA.search(line)
    if match is None:
        return None
    listed = match.group("codes")
    if not listed:
        return frozenset()
    words = set()
    for word in _WORD.findall(listed):
        words.add(registry.code_for(word) or word.upper())
    return frozenset(words)


def is_suppressed(finding: Finding, lines: Sequence[str] | Mapping[int, Sequence[str]]) -> bool:
    """Whether a `# noqa` on the finding's line covers it; `lines` are the file's lines, or a
    notebook's lines by cell (see `scanlint.reporters.read_lines`)."""
    if isinstance(lines, Mapping):
        lines = lines.get(finding.cell, ()) if finding.cell is not None else ()
    if not 1 <= finding.line <= len(lines):
        return False
    codes = noqa_codes(lines[finding.line - 1])
    if codes is None:
        return False
    return not codes or any(finding.code.startswith(code) for code in codes)
