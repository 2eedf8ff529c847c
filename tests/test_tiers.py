"""The two-tier engine: tier 1 (stdlib `ast`) decides what tier 2 (LibCST) parses, and what
tier 2 parses is enough to find everything a whole-file parse finds."""

from __future__ import annotations

import textwrap

import pytest
from helpers import lint

from scanlint.analysis.facts import resolver_facts

BACKSLASH_DOCSTRING = '''\
import jax

_WARNING = """\\
Arrays are immutable: x.at[i].set(v) returns a new array.
"""


def cumulative(xs):
    """Running sums of `xs`."""

    def step(carry, x):
        return carry + x

    return jax.lax.scan(step, 0.0, xs)


def total(xs):
    """The sum of `xs`."""
    return xs.sum()
'''


def test_module_whose_docstring_opens_with_backslash_newline_is_linted() -> None:
    found = [(f.line, f.code) for f in lint(BACKSLASH_DOCSTRING)]
    assert found == [(12, "SCN201")]


NEWER_GRAMMAR = '''\
import jax


def cumulative(xs, names):
    def step(carry, x):
        return carry + x

    print(f"{names["label"]}")  # quotes reused inside an f-string: valid from Python 3.12 on
    return jax.lax.scan(step, 0.0, xs)
'''


def test_file_only_a_newer_python_parses_is_linted_not_reported_as_a_syntax_error() -> None:
    found = [(f.line, f.code) for f in lint(NEWER_GRAMMAR)]
    assert found == [(6, "SCN201")]


def test_syntax_error_that_neither_parser_accepts_is_reported_once() -> None:
    source = textwrap.dedent(
        """\
        import jax

        def broken(xs:
            return jax.lax.scan(f, 0, xs)
        """
    )
    found = [(f.line, f.code) for f in lint(source)]
    assert found == [(3, "SCN000")]


# ---------------------------------------------------------------------------------------------
# The differential test: the resolver sees the same facts in the selection as in the whole file.


def differential_groups() -> dict[str, list[tuple[str, str]]]:
    from helpers import FIXTURES
    from test_selection import SOURCE_GROUPS

    fixtures = [(p.name, p.read_text()) for p in sorted(FIXTURES.glob("*.py"))]
    return {**SOURCE_GROUPS, "fixtures": [*fixtures, ("backslash docstring", BACKSLASH_DOCSTRING)]}


DIFFERENTIAL_GROUPS = differential_groups()


@pytest.mark.parametrize("group", DIFFERENTIAL_GROUPS)
@pytest.mark.parametrize("kinds", [frozenset({"loops"}), frozenset({"metadata"})], ids=["loops", "metadata"])
def test_resolver_sees_the_same_facts_in_the_selection(kinds: frozenset[str], group: str) -> None:
    for source_id, source in DIFFERENTIAL_GROUPS[group]:
        whole = resolver_facts(source, kinds, selected=False)
        assert resolver_facts(source, kinds, selected=True) == whole, source_id


@pytest.mark.parametrize("kinds", [frozenset({"loops"}), frozenset({"metadata"})], ids=["loops", "metadata"])
def test_the_differential_sources_hold_facts_of_each_kind(kinds: frozenset[str]) -> None:
    sources = [source for group in DIFFERENTIAL_GROUPS.values() for _, source in group]
    assert sum(bool(resolver_facts(source, kinds, selected=False)) for source in sources[::7]) >= 5


LARGE_CLASS = '''\
import jax


class Sampler:
    """Draws samples."""

    rate: float = 0.5

    def __init__(self, steps):
        self.steps = steps

    def unrelated_one(self):
        return [i * 2 for i in range(10)]

    def unrelated_two(self, value):
        return value + 1

    def run(self, xs):
        return jax.lax.scan(self.step, 0.0, xs)

    def step(self, carry, x):
        return carry + x * self.rate

    def unrelated_three(self):
        return None
'''


def test_a_class_with_one_loop_hands_tier_2_only_what_the_loop_needs() -> None:
    from scanlint.index.selection import relevant_source

    selection = relevant_source(LARGE_CLASS, frozenset({"loops"}))
    kept = selection.text
    assert "def run" in kept and "def step" in kept and "def __init__" in kept and "rate: float" in kept
    assert "unrelated" not in kept
    assert [(f.line, f.code) for f in lint(LARGE_CLASS)] == [(22, "SCN201")]


def test_a_module_bound_once_to_another_name_is_an_import_in_both_tiers() -> None:
    from scanlint.index.selection import relevant_source

    source = textwrap.dedent(
        """
        import jax

        lax = jax.lax

        def run(xs):
            def step(carry, x):
                return carry + x
            return lax.scan(step, 0.0, xs)[0]
        """
    )
    assert "lax.scan" in relevant_source(source, frozenset({"loops"})).text
    rebound = source.replace("lax = jax.lax", "lax = jax.lax\nlax = None")
    assert "lax.scan" not in relevant_source(rebound, frozenset({"loops"})).text


# ---------------------------------------------------------------------------------------------
# The read-only walk visits exactly what LibCST's own visit visits, in the same order.


def test_the_stored_child_order_is_the_installed_libcsts() -> None:
    from scanlint.analysis.child_order import CHILD_ORDER, LIBCST_VERSION
    from scanlint.analysis.walk import _installed_version, derive_child_order

    if LIBCST_VERSION != _installed_version():
        pytest.skip(f"the table is for LibCST {LIBCST_VERSION}; {_installed_version()} derives its own")
    assert CHILD_ORDER == derive_child_order(), "run `python -m scanlint.analysis.walk` to rewrite it"


@pytest.mark.parametrize("group", DIFFERENTIAL_GROUPS)
def test_walk_visits_like_libcst(group: str) -> None:
    import libcst as cst

    from scanlint.analysis.walk import walk

    class Recorder(cst.CSTVisitor):
        def __init__(self) -> None:
            self.events: list[tuple[str, int]] = []

        def on_visit(self, node: cst.CSTNode) -> bool:
            self.events.append(("visit", id(node)))
            return not isinstance(node, cst.Lambda)  # a visitor may prune

        def on_leave(self, original_node: cst.CSTNode) -> None:
            self.events.append(("leave", id(original_node)))

    class Typed(cst.CSTVisitor):
        def __init__(self) -> None:
            self.events: list[tuple[str, int]] = []

        def visit_Name(self, node: cst.Name) -> None:
            self.events.append(("name", id(node)))

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            self.events.append(("def", id(node)))
            return node.name.value != "skipped"

        def leave_Call(self, original_node: cst.Call) -> None:
            self.events.append(("call", id(original_node)))

    pruned = ("a def the visitor prunes", "def skipped(x):\n    return g(lambda y: y)(x)\n")
    for source_id, source in [*DIFFERENTIAL_GROUPS[group], pruned]:
        module = cst.parse_module(source)
        for make in (Recorder, Typed):
            by_libcst, by_walk = make(), make()
            module.visit(by_libcst)
            walk(module, by_walk)
            assert by_walk.events == by_libcst.events, (source_id, make.__name__)


@pytest.mark.parametrize("group", DIFFERENTIAL_GROUPS)
def test_semantic_visitor_skips_only_trivia(group: str) -> None:
    """A `SemanticVisitor` sees what LibCST's visit shows it, less the whitespace, comment,
    bracket, punctuation and operator nodes, in the same order."""
    import libcst as cst

    from scanlint.analysis.walk import SemanticVisitor, _trivia_type_names, walk

    class Everything(cst.CSTVisitor):
        def __init__(self) -> None:
            self.events: list[tuple[str, int]] = []

        def on_visit(self, node: cst.CSTNode) -> bool:
            self.events.append(("visit", id(node)))
            return True

        def on_leave(self, original_node: cst.CSTNode) -> None:
            self.events.append(("leave", id(original_node)))

    class Semantic(SemanticVisitor, Everything):
        pass

    for source_id, source in DIFFERENTIAL_GROUPS[group]:
        module = cst.parse_module(source)
        by_libcst, by_walk = Everything(), Semantic()
        module.visit(by_libcst)
        walk(module, by_walk)
        nodes = {id(node): node for node in _all_nodes(module)}
        trivia = _trivia_type_names()

        def inside_trivia(node_id: int) -> bool:
            return type(nodes[node_id]).__name__ in trivia

        expected = [event for event in by_libcst.events if not inside_trivia(event[1])]
        assert by_walk.events == expected, source_id
        assert len(expected) < len(by_libcst.events), source_id


def _all_nodes(node):
    yield node
    for child in node.children:
        yield from _all_nodes(child)
