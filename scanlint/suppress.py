"""`# noqa` comments and `# scanlint: skip-file`: one parser for every front end."""

from __future__ import annotations

import io
import re
import tokenize
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


# A noqa list of codes, kept within one line (unlike `_NOQA`, which is applied to one line at a time).
_NOQA_LIST_IN_FILE = re.compile(rb"#[ \t]*noqa:[ \t]*([A-Za-z0-9_-]+(?:[ \t,]+[A-Za-z0-9_-]+)*)", re.IGNORECASE)


def unknown_noqa_codes(data: bytes) -> list[tuple[int, str]]:
    """(line, word) for each word of a `# noqa:` list that looks like a scanlint code (SCN...) but
    names none: no rule, runtime code or prefix of one. Other tools' codes (E501) are left alone."""
    unknown = []
    for match in _NOQA_LIST_IN_FILE.finditer(data):
        for word in _WORD.findall(match.group(1).decode("ascii")):
            if word.upper().startswith("SCN") and not registry.is_known_code_or_prefix(word):
                unknown.append((data.count(b"\n", 0, match.start()) + 1, word))
    if not unknown:  # the common case: no tokenizing
        return []
    comment_lines = _comment_lines(data)
    return [(line, word) for line, word in unknown if comment_lines is None or line in comment_lines]


def _comment_lines(data: bytes) -> set[int] | None:
    """The lines holding a comment, so that `# noqa:` inside a string is not taken for one; None
    when the file cannot be tokenized (then every match counts)."""
    try:
        tokens = tokenize.tokenize(io.BytesIO(data).readline)
        return {token.start[0] for token in tokens if token.type == tokenize.COMMENT}
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError, LookupError):
        return None
