"""What the shared resolver sees in a file, located in the original lines: the facts the two tiers
must agree on (tier 2 on the selected units finds exactly what it finds on the whole file).

Used by the differential tests and `bench/check_selection.py`, and handy in a bug report.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import PositionProvider

from scanlint.analysis.resolver import QualifiedCall, ScanIndex
from scanlint.index.names import LOOPS, METADATA, METADATA_NAMES, PARTIAL, STATIC_ARGUMENT_KEYWORDS
from scanlint.index.selection import Selection, relevant_source

_JITS = frozenset({"jax.jit", "jax.experimental.pjit.pjit"})

Fact = tuple[object, ...]


def resolver_facts(text: str, kinds: frozenset[str], *, selected: bool) -> list[Fact]:
    """Every loop call with its kind and body (for `loops`), and every call of a pytree
    registration, a static-field helper or a jit with static arguments (for `metadata`), as the
    resolver finds them in the selection of `text` (or in the whole of it)."""
    selection = relevant_source(text, kinds) if selected else Selection(text, None)
    if selection.is_empty:
        return []
    module = cst.parse_module(selection.text)
    positions = cst.MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    index = ScanIndex(module)

    def line(node: cst.CSTNode) -> int:
        return selection.original_line(positions[node].start.line)

    facts: list[Fact] = []
    if LOOPS in kinds:
        for loop in index.loops:
            body = (line(loop.body.node), loop.body.via, tuple(loop.body.parameters)) if loop.body else None
            facts.append(("loop", loop.kind, line(loop.call), body))
    if METADATA in kinds:
        facts += [("call", call.name, line(call.call)) for call in index.calls if _is_metadata_call(index, call)]
    return sorted(facts, key=repr)


def _is_metadata_call(index: ScanIndex, call: QualifiedCall) -> bool:
    static = any(arg.keyword is not None and arg.keyword.value in STATIC_ARGUMENT_KEYWORDS for arg in call.call.args)
    if call.name == PARTIAL:
        return static and bool(call.call.args) and index.qualify(call.call.args[0].value) in _JITS
    return call.name in METADATA_NAMES or (call.name in _JITS and static)
