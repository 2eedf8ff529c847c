"""Parse less with LibCST: keep only the top-level statements a rule can look at.

Real JAX code mentions `scan` and `static` everywhere, so a file-level prefilter still leaves
most lines of a library to parse. This module splits a file into top-level statements with
regular expressions (strings and comments masked first, brackets counted), and keeps:

* statements whose code (not strings, not comments) names a trigger identifier: a loop, a pytree
  registration or flatten method, a static-field keyword, a jit static-argument keyword;
* every statement holding an import (the resolver reads imports anywhere in the file);
* transitively, every statement that binds a name a kept statement uses (a body defined
  elsewhere, a helper, a base class, a module-level model).

LibCST then parses those statements' lines joined into a smaller module. Whole lines are kept, so
columns are unchanged, and a line map gives each kept line its number in the original file. The
split is checked, not trusted: when the joined statements do not parse, the caller falls back to
the whole file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from scanlint.source import split_lines

LOOP_TRIGGERS = frozenset({"scan", "fori_loop", "while_loop"})
METADATA_TRIGGERS = frozenset(
    {
        "register_pytree_node", "register_pytree_with_keys", "register_pytree_node_class",
        "register_pytree_with_keys_class", "register_dataclass", "pytree_node", "static",
        "static_field", "PyTreeNode", "meta_fields", "static_argnums", "static_argnames",
    }
)  # fmt: skip
# The identifiers each rule family needs in a file's code before it can report anything there:
# every name that can resolve to a raw loop or to a pytree registration or static field is spelled
# with one of them somewhere (an alias is bound by a statement that spells the original).
FAMILY_TRIGGERS = {"SCN1": LOOP_TRIGGERS, "SCN2": LOOP_TRIGGERS, "SCN3": METADATA_TRIGGERS}
TRIGGERS = LOOP_TRIGGERS | METADATA_TRIGGERS


def triggers_for(codes: Iterable[str]) -> frozenset[str]:
    """The trigger identifiers of the rule families `codes` belong to."""
    return frozenset().union(*(FAMILY_TRIGGERS.get(code[:4], ()) for code in codes))


# A name bound by a statement using these (a jitted function with static arguments) is checked at
# every call site, so every statement that uses the name is kept too.
CALL_SITE_TRIGGERS = frozenset({"static_argnums", "static_argnames"})
# How many `def`s and classes deep the closure follows the names a kept statement uses: a loop
# call, the body it names, the helpers that body calls. Other statements (assignments, imports)
# are followed however long their chain.
CLOSURE_DEPTH = 3

_STRING_OR_COMMENT = re.compile(
    r"(?P<string>(?:\b[rRbBuUfF]{1,2})?(?:"
    r"'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*'''"
    r'|"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"""'
    r"|'[^'\\\n]*(?:\\.[^'\\\n]*)*'"
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
    r"))|(?P<comment>#[^\n]*)"
)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NAME = re.compile(r"(?<![.\w])[A-Za-z_][A-Za-z0-9_]*")
_CONTINUATION = re.compile(r"(?:else|elif|except|finally)\b")
_DEFINITION = re.compile(r"(?:async\s+)?(?:def|class)\s+([A-Za-z_][A-Za-z0-9_]*)")
_IMPORT = re.compile(r"(?:from\s|import\s)")
_ASSIGNED = re.compile(r"^([A-Za-z_][\w\s,.*\[\]()]*?)\s*(?::[^=\n]*)?(?<![=!<>])=(?!=)")
_COMPOUND = re.compile(r"(?:if|for|while|try|with|async|match)\b")


@dataclass(frozen=True)
class Selection:
    text: str
    line_map: tuple[int, ...] | None  # original line number of each line of `text`; None: same

    def original_line(self, line: int) -> int:
        if self.line_map is None:
            return line
        if line > len(self.line_map):  # the position just past the last line
            return self.line_map[-1] + 1 if self.line_map else line
        return self.line_map[line - 1]


def mask_strings_and_comments(text: str) -> str:
    """`text` with the inside of every string and comment blanked (newlines kept), so identifiers
    in docstrings and comments do not count as code. Same length, same lines."""

    def blank(match: re.Match[str]) -> str:
        token = match.group(0)
        if match.group("comment") is not None:
            return " " * len(token)
        quote = token.lstrip("rRbBuUfF")[:3]
        quote = quote if quote in ('"""', "'''") else quote[0]
        prefix = token[: len(token) - len(token.lstrip("rRbBuUfF"))]
        inner = token[len(prefix) + len(quote) : len(token) - len(quote)]
        return prefix + quote + re.sub(r"[^\n\r]", " ", inner) + quote

    return _STRING_OR_COMMENT.sub(blank, text)


@dataclass
class _Statement:
    start: int  # 0-based index of its first line
    end: int  # 0-based index one past its last line
    identifiers: set[str]  # every identifier in its code, attribute names included
    names: set[str]  # identifiers not written after a dot: the variables it may read
    binds: set[str]
    is_import_or_alias: bool
    is_definition: bool  # a def or class (decorated or not)
    nested_imports: set[str]  # names bound by import statements inside it (a def's local imports)


def _statements(lines: list[str], code_lines: list[str]) -> list[_Statement]:
    starts: list[int] = []
    depth = 0
    continued = False
    after_decorator = False
    for number, line in enumerate(code_lines):
        first = line[:1]
        if depth == 0 and not continued and first and not first.isspace():
            is_decorator = first == "@"
            if not _CONTINUATION.match(line) and not after_decorator:
                starts.append(number)
            after_decorator = is_decorator
        depth += line.count("(") + line.count("[") + line.count("{")
        depth -= line.count(")") + line.count("]") + line.count("}")
        depth = max(depth, 0)
        continued = line.rstrip("\r\n").endswith("\\")
    statements = []
    for position, start in enumerate(starts):
        end = starts[position + 1] if position + 1 < len(starts) else len(lines)
        code = "".join(code_lines[start:end])
        identifiers = set(_IDENTIFIER.findall(code))
        head = code_lines[start]
        binds: set[str]
        definition = _DEFINITION.match(head) or (_first_definition(code) if head.startswith("@") else None)
        is_import = bool(_IMPORT.match(head))
        if definition:
            binds = {definition.group(1)}
        elif is_import:
            binds = _import_binds(code)
        elif _COMPOUND.match(head):
            binds = identifiers  # every name it might bind, and then some: safe
        else:
            assigned = _ASSIGNED.match(code)
            binds = set(_IDENTIFIER.findall(assigned.group(1))) if assigned else set()
        names = set(_NAME.findall(code))
        has_nested_import = "import" in identifiers and not is_import
        nested = _nested_import_binds(code_lines[start + 1 : end]) if has_nested_import else set()
        statements.append(
            _Statement(
                start=start,
                end=end,
                identifiers=identifiers,
                names=names,
                binds=binds,
                is_import_or_alias=is_import or bool(assigned_alias(code)),
                is_definition=bool(definition),
                nested_imports=nested,
            )
        )
    return statements


def _nested_import_binds(code_lines: list[str]) -> set[str]:
    """The names bound by the indented import statements among `code_lines`."""
    bound: set[str] = set()
    position = 0
    while position < len(code_lines):
        line = code_lines[position].strip()
        position += 1
        if not _IMPORT.match(line):
            continue
        statement = line
        depth = line.count("(") - line.count(")")
        while (depth > 0 or statement.endswith("\\")) and position < len(code_lines):
            following = code_lines[position].strip()
            statement += " " + following
            depth += following.count("(") - following.count(")")
            position += 1
        bound |= _import_binds(statement.split(";")[0])
    return bound


def _import_binds(code: str) -> set[str]:
    """The local names an `import` or `from ... import` statement binds."""
    flat = " ".join(code.replace("\\", " ").replace("(", " ").replace(")", " ").split())
    if flat.startswith("from "):
        _, _, names = flat.partition(" import ")
    else:
        names = flat[len("import ") :]
    bound = set()
    for part in names.split(","):
        words = part.split()
        if not words:
            continue
        if len(words) >= 3 and words[-2] == "as":
            bound.add(words[-1])
        else:
            bound.add(words[0].split(".")[0])
    return bound


def _first_definition(code: str) -> re.Match[str] | None:
    for line in code.splitlines():
        match = _DEFINITION.match(line.strip())
        if match:
            return match
    return None


def assigned_alias(code: str) -> bool:
    """`loop = jax.lax.scan`: a plain name-to-name assignment that can create an alias."""
    return re.match(r"^[A-Za-z_]\w*\s*=\s*[A-Za-z_][\w.]*\s*$", code.strip()) is not None


def relevant_source(text: str, triggers: frozenset[str] = TRIGGERS) -> Selection:
    """The top-level statements of `text` that a rule using `triggers` can look at, with their
    line numbers."""
    whole = Selection(text, None)
    code = mask_strings_and_comments(text)
    lines = split_lines(text, keepends=True)
    code_lines = split_lines(code, keepends=True)
    if len(lines) != len(code_lines):
        return whole
    statements = _statements(lines, code_lines)

    triggers = set(triggers)
    keep: set[int] = set()
    changed = True
    while changed:  # aliases of trigger names (`scan as s`, `loop = lax.scan`) are triggers too
        changed = False
        for position, statement in enumerate(statements):
            if position in keep:
                continue
            if statement.identifiers & triggers:
                keep.add(position)
                if statement.is_import_or_alias and not statement.binds <= triggers:
                    triggers |= statement.binds
                    changed = True
    if not keep:  # no enabled rule has anything to look at
        return Selection("", ())
    # Top-level imports are always kept: the resolver's import map is file-wide. An import inside
    # a def only matters when a kept statement uses the name it binds (see the closure below).
    keep |= {p for p, s in enumerate(statements) if _IMPORT.match(lines[s.start])}
    jitted = set().union(*(s.binds for s in statements if s.identifiers & CALL_SITE_TRIGGERS))
    if jitted:
        keep |= {p for p, s in enumerate(statements) if s.identifiers & jitted}
    if len(keep) == len(statements):
        return whole

    binders: dict[str, list[int]] = {}
    for position, statement in enumerate(statements):
        for name in statement.binds | statement.nested_imports:
            binders.setdefault(name, []).append(position)
    depth = dict.fromkeys(keep, 0)  # the defs and classes passed through to reach a statement
    pending = sorted(keep)
    while pending:
        position = pending.pop()
        if depth[position] >= CLOSURE_DEPTH:
            continue
        for name in statements[position].names:
            for binder in binders.get(name, ()):
                reached = depth[position] + statements[binder].is_definition
                if reached < depth.get(binder, CLOSURE_DEPTH + 1):
                    depth[binder] = reached
                    pending.append(binder)
    keep = set(depth)
    # The resolver's import map is file-wide: an import inside a def counts wherever its name is used.
    used = set().union(*(statements[p].names for p in keep))
    keep |= {p for p, s in enumerate(statements) if s.nested_imports & used}
    if len(keep) == len(statements):
        return whole

    kept_lines = [n for p in sorted(keep) for n in range(statements[p].start, statements[p].end)]
    pieces = [lines[n] for n in kept_lines]
    if pieces and not pieces[-1].endswith(("\n", "\r")):
        pieces[-1] += "\n"
    return Selection("".join(pieces), tuple(n + 1 for n in kept_lines))
