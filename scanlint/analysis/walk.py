"""A read-only walk over LibCST trees, for the resolver and every rule's visitor.

`node.visit(visitor)` makes LibCST rebuild and revalidate every node on the way back up, even
for a visitor that changes nothing: most of a cold run went there. `walk` calls the same
`visit_*`/`leave_*` methods in the same order and touches nothing. The order of a node's
children is the static table in `child_order.py`, derived from LibCST's own
`_visit_and_replace_children` methods (`python -m scanlint.analysis.walk` writes it anew); a test
derives it from the installed LibCST and compares, and walks real code both ways to compare the
sequence of visits.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import libcst as cst

from scanlint.analysis.child_order import CHILD_ORDER, LIBCST_VERSION

_VISITED_FIELD = re.compile(r"visit_\w+\(\s*self,\s*\"(\w+)\"")


def derive_child_order() -> dict[str, tuple[str, ...]]:
    """The fields each node class visits, in order, read from LibCST's source, by class name."""
    order: dict[str, tuple[str, ...]] = {}
    pending: list[type[cst.CSTNode]] = [cst.CSTNode]
    while pending:
        node_class = pending.pop()
        pending.extend(node_class.__subclasses__())
        if inspect.isabstract(node_class) or node_class.__module__.split(".")[0] != "libcst":
            continue
        method = node_class.__dict__.get("_visit_and_replace_children")
        if method is None:
            method = getattr(node_class, "_visit_and_replace_children", None)
        try:
            source = inspect.getsource(method) if method is not None else ""
        except (OSError, TypeError):
            source = ""
        fields: list[str] = []
        for name in _VISITED_FIELD.findall(source):
            if name not in fields:
                fields.append(name)
        order[node_class.__name__] = tuple(fields)
    return dict(sorted(order.items()))


def _installed_version() -> str:
    try:
        from libcst._version import __version__
    except ImportError:  # a LibCST that keeps its version elsewhere: the table is derived anew
        return ""
    return str(__version__)


@cache
def child_order() -> dict[str, tuple[str, ...]]:
    """The stored table when it was written for the installed LibCST, else derived anew."""
    return CHILD_ORDER if _installed_version() == LIBCST_VERSION else derive_child_order()


def write_child_order(path: Path = Path(__file__).with_name("child_order.py")) -> None:
    lines = [
        '"""The order LibCST visits each node\'s fields in. Written by `python -m scanlint.analysis.walk`."""',
        "",
        f"LIBCST_VERSION = {_installed_version()!r}",
        "",
        "CHILD_ORDER = {",
        *(f"    {name!r}: {fields!r}," for name, fields in derive_child_order().items()),
        "}",
        "",
    ]
    path.write_text("\n".join(lines), encoding="utf-8")


# Fields that hold only whitespace, comments, brackets, punctuation and operators: a visitor that
# handles none of those node types never needs them walked.
TRIVIA_FIELDS = frozenset({
    "leading_lines", "lines_after_decorators", "empty_lines", "leading_whitespace",
    "trailing_whitespace", "lpar", "rpar", "lbrace", "rbrace", "lbracket", "rbracket", "comma",
    "dot", "colon", "first_colon", "second_colon", "semicolon", "equal", "newline", "header",
    "footer", "comment", "posonly_ind", "trailing_comma", "operator", "asynchronous",
})  # fmt: skip
_TRIVIA_BASES = (
    cst.BaseParenthesizableWhitespace, cst.TrailingWhitespace, cst.EmptyLine, cst.Newline,
    cst.Comment, cst.LeftParen, cst.RightParen, cst.LeftSquareBracket, cst.RightSquareBracket,
    cst.LeftCurlyBrace, cst.RightCurlyBrace, cst.Comma, cst.Dot, cst.Colon, cst.Semicolon,
    cst.AssignEqual, cst.BaseBinaryOp, cst.BaseBooleanOp, cst.BaseCompOp, cst.BaseUnaryOp,
    cst.BaseAugOp, cst.Asynchronous, cst.ParamSlash,
)  # fmt: skip


def _is_trivia_field(name: str) -> bool:
    return name in TRIVIA_FIELDS or name.startswith("whitespace")


@cache
def _semantic_order() -> dict[str, tuple[str, ...]]:
    return {node: tuple(f for f in fields if not _is_trivia_field(f)) for node, fields in child_order().items()}


@cache
def _trivia_type_names() -> frozenset[str]:
    found: set[str] = set()
    pending = list(_TRIVIA_BASES)
    while pending:
        node_class = pending.pop()
        found.add(node_class.__name__)
        pending.extend(node_class.__subclasses__())
    return frozenset(found)


class OwnCodeVisitor(cst.CSTVisitor):
    """A visitor of one function's own code, walked from the function: the functions and
    lambdas it defines are not entered."""

    def __init__(self) -> None:
        self._function_depth = 0

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self._function_depth += 1
        return self._function_depth == 1

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self._function_depth -= 1

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


class SemanticVisitor(cst.CSTVisitor):
    """A visitor that dispatches itself in `on_visit`/`on_leave` and reacts to no whitespace,
    comment, bracket, punctuation or operator node: `walk` does not visit those (about half the
    nodes of a file)."""


@cache
def _skips_trivia(visitor_class: type) -> bool:
    """Whether a visitor class handles no whitespace, bracket, punctuation or operator node."""
    if issubclass(visitor_class, SemanticVisitor):
        return True
    if visitor_class.on_visit is not cst.CSTVisitor.on_visit or visitor_class.on_leave is not cst.CSTVisitor.on_leave:
        return False
    handled = {name.split("_", 1)[1] for name in _own_handlers(visitor_class)}
    return not handled & _trivia_type_names()


@cache
def _own_handlers(visitor_class: type) -> frozenset[str]:
    """The `visit_*`/`leave_*` methods a visitor class defines (LibCST's base defines a no-op of
    each for every node type)."""
    return frozenset(
        name
        for name in dir(visitor_class)
        if name.startswith(("visit_", "leave_"))
        and getattr(visitor_class, name) is not getattr(cst.CSTVisitor, name, None)
    )


@cache
def _node_types() -> frozenset[type]:
    """Every LibCST node class. A set lookup by exact type: `isinstance` against LibCST's
    abstract classes goes through `ABCMeta` and cost a large share of each walk."""
    found: set[type] = set()
    pending: list[type] = [cst.CSTNode]
    while pending:
        node_class = pending.pop()
        found.add(node_class)
        pending.extend(node_class.__subclasses__())
    return frozenset(found)


_Dispatch = tuple[Callable[[cst.CSTNode], object] | None, Callable[[cst.CSTNode], object] | None, tuple[str, ...]]


def walk(node: cst.CSTNode, visitor: cst.CSTVisitor) -> None:
    """Visit `node` and its descendants as `node.visit(visitor)` would, without rebuilding."""
    order = _semantic_order() if _skips_trivia(type(visitor)) else child_order()
    node_types = _node_types()
    dispatch: dict[type, _Dispatch] = {}
    overrides = type(visitor).on_visit is not cst.CSTVisitor.on_visit or (
        type(visitor).on_leave is not cst.CSTVisitor.on_leave
    )

    def methods(node_type: type) -> _Dispatch:
        if overrides:  # the visitor dispatches itself
            found = (visitor.on_visit, visitor.on_leave, order[node_type.__name__])
        else:
            name = node_type.__name__
            own = _own_handlers(type(visitor))
            found = (
                getattr(visitor, f"visit_{name}") if f"visit_{name}" in own else None,
                getattr(visitor, f"leave_{name}") if f"leave_{name}" in own else None,
                order[name],
            )
        dispatch[node_type] = found
        return found

    def visit(current: cst.CSTNode) -> None:
        node_type = type(current)
        on_visit, on_leave, fields = dispatch.get(node_type) or methods(node_type)
        if on_visit is None or on_visit(current) is not False:
            for name in fields:
                value = getattr(current, name)
                value_type = type(value)
                if value_type is tuple or value_type is list:
                    for item in value:
                        if type(item) in node_types:
                            visit(item)
                elif value_type in node_types:
                    visit(value)
        if on_leave is not None:
            on_leave(current)

    visit(node)


if __name__ == "__main__":
    write_child_order()
