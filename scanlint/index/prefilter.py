"""The byte prefilter: the cheapest tier-1 question, asked before anything is decoded or parsed.

A rule family can fire in a file only when the file spells one of the family's trigger
identifiers as a whole word: every name that can resolve to a raw loop, a pytree registration or
a static field is spelled with one of them somewhere (an alias is bound by a statement that
spells the original).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

LOOP_TRIGGERS = frozenset({"scan", "fori_loop", "while_loop"})
METADATA_TRIGGERS = frozenset(
    {
        "register_pytree_node", "register_pytree_with_keys", "register_pytree_node_class",
        "register_pytree_with_keys_class", "register_dataclass", "pytree_node", "static",
        "static_field", "PyTreeNode", "meta_fields", "static_argnums", "static_argnames",
        "register_static", "struct", "chex",
    }
)  # fmt: skip
FAMILY_TRIGGERS = {"SCN1": LOOP_TRIGGERS, "SCN2": LOOP_TRIGGERS, "SCN3": METADATA_TRIGGERS}


def triggers_for(codes: Iterable[str]) -> frozenset[str]:
    """The trigger identifiers of the rule families `codes` belong to."""
    return frozenset().union(*(FAMILY_TRIGGERS.get(code[:4], ()) for code in codes))


def may_have_findings(data: bytes, codes: Iterable[str]) -> bool:
    """False only when no enabled rule can report anything in `data`, because no trigger
    identifier of an enabled family appears in it as a whole word."""
    return any(_has_word(data, word) for word in _trigger_words(triggers_for(codes)))


@cache
def _trigger_words(triggers: frozenset[str]) -> tuple[bytes, ...]:
    return tuple(word.encode() for word in sorted(triggers))


def _has_word(data: bytes, word: bytes) -> bool:
    """Whether `word` occurs in `data` not as part of a longer identifier. `bytes.find` is about
    twice as fast as one regular expression over all the words."""
    start = data.find(word)
    while start != -1:
        end = start + len(word)
        if not _is_identifier_byte(data[start - 1 : start]) and not _is_identifier_byte(data[end : end + 1]):
            return True
        start = data.find(word, start + 1)
    return False


def _is_identifier_byte(byte: bytes) -> bool:
    return byte.isalnum() or byte == b"_"  # non-ASCII bytes count as boundaries: conservative
