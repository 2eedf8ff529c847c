"""Pytree classes a file defines: which of its fields are static metadata, and how a class
flattens (its kind and data fields), for the rules on static metadata and on loop carries.

A NamedTuple flattens into its fields in order. A registered dataclass (`flax.struct.dataclass`,
`flax.struct.PyTreeNode`, `chex.dataclass`, `jax.tree_util.register_dataclass`) flattens into
its data fields; its static fields are aux data. Anything else is not described (None).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst

from scanlint.analysis.resolver import PARTIAL, ScanIndex, Scope, argument, dotted, keyword_argument, returns_of
from scanlint.analysis.values import class_statements, is_class_variable

REGISTER_DATACLASS = "jax.tree_util.register_dataclass"
REGISTER_STATIC = "jax.tree_util.register_static"
FLAX_FIELD = "flax.struct.field"
EQUINOX_FIELD = "equinox.field"
EQUINOX_STATIC_FIELD = "equinox.static_field"
JAX_DATACLASSES_STATIC_FIELD = "jax_dataclasses.static_field"
DATACLASS_FIELD = "dataclasses.field"
_NAMEDTUPLE_BASES = {"typing.NamedTuple", "typing_extensions.NamedTuple"}
_FLAX_DATACLASSES = {"flax.struct.dataclass", "chex.dataclass", "chex.mappable_dataclass"}
_FLAX_BASES = {"flax.struct.PyTreeNode"}
_FIELD_CALLS = {FLAX_FIELD, DATACLASS_FIELD, EQUINOX_FIELD}
_NOT_FIELDS = {"typing.ClassVar", "dataclasses.InitVar"}


def string_literal(node: cst.BaseExpression | None) -> str | None:
    if isinstance(node, cst.SimpleString) and isinstance(node.evaluated_value, str):
        return node.evaluated_value
    return None


def _is_false(node: cst.BaseExpression | None) -> bool:
    return isinstance(node, cst.Name) and node.value == "False"


def _is_true(node: cst.BaseExpression | None) -> bool:
    return isinstance(node, cst.Name) and node.value == "True"


def _static_in_metadata(node: cst.BaseExpression | None) -> bool:
    """`{"static": True}` or `dict(static=True)`."""
    if isinstance(node, cst.Dict):
        return any(
            isinstance(item, cst.DictElement) and string_literal(item.key) == "static" and _is_true(item.value)
            for item in node.elements
        )
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "dict":
        return _is_true(keyword_argument(node, "static"))
    return False


# ---------------------------------------------------------------------------------------------
# Static fields

@dataclass(frozen=True)
class StaticField:
    class_node: cst.ClassDef
    name: str
    node: cst.CSTNode  # what to report: the declaration, or the name in `meta_fields`
    declaration: cst.AnnAssign | None
    how: str  # what makes it static, as written
    fix: str


def declarations(class_node: cst.ClassDef) -> dict[str, cst.AnnAssign]:
    return {
        s.target.value: s
        for s in class_statements(class_node)
        if isinstance(s, cst.AnnAssign) and isinstance(s.target, cst.Name)
    }








@dataclass(frozen=True)
class DataclassRegistration:
    class_node: cst.ClassDef
    call: cst.Call | None  # None for the bare `@register_dataclass` decorator
    scope: Scope  # where the registration is written
    through_partial: bool  # `functools.partial(register_dataclass, ...)` as a decorator

    @property
    def infers_fields(self) -> bool:
        """Without `data_fields`/`meta_fields`, JAX reads `metadata={"static": True}`."""
        call = self.call
        if call is None:
            return True
        arguments = call.args[1:] if self.through_partial else call.args
        return len(arguments) <= 1 and all(
            a.keyword is None or a.keyword.value not in ("data_fields", "meta_fields") for a in arguments
        )

    def meta_fields(self, index: ScanIndex) -> Iterator[tuple[str, cst.BaseExpression]]:
        """Each name listed in `meta_fields`, with the string that lists it."""
        if self.call is None:
            return
        if self.through_partial:
            meta = keyword_argument(self.call, "meta_fields")
        else:
            meta = argument(self.call, 2, "meta_fields")
        if isinstance(meta, cst.Name):
            meta = index.value_of(meta.value, self.scope)
        if not isinstance(meta, (cst.List, cst.Tuple, cst.Set)):
            return
        for element in meta.elements:
            name = string_literal(element.value) if isinstance(element, cst.Element) else None
            if name is not None:
                yield name, element.value


def dataclass_registrations(index: ScanIndex) -> Iterator[DataclassRegistration]:
    """Classes given to `jax.tree_util.register_dataclass`: as a decorator, through
    `functools.partial` as a decorator, or by a call."""
    for class_node, enclosing in index.classes:
        for decorator in class_node.decorators:
            expression = decorator.decorator
            if index.qualify(expression) == REGISTER_DATACLASS:
                yield DataclassRegistration(class_node, None, enclosing, False)
            elif (
                isinstance(expression, cst.Call)
                and index.qualify(expression.func) == PARTIAL
                and expression.args
                and index.qualify(expression.args[0].value) == REGISTER_DATACLASS
            ):
                yield DataclassRegistration(class_node, expression, enclosing, True)
    for call in index.calls_to(REGISTER_DATACLASS):
        owner = index.class_named(argument(call.call, 0, "nodetype"), call.scope)
        if owner is not None:
            yield DataclassRegistration(owner, call.call, call.scope, False)


def _static_marker(
    index: ScanIndex, value: cst.Call, infers_fields: bool, scope: Scope | None = None, depth: int = 0
) -> tuple[str, str] | None:
    """What makes a field declaration static, as written, and how to make it a leaf instead.
    A call of a helper function (`static_field()`) counts when every return of the helper is a
    static field, in this file or another file of the project."""
    kind = index.qualify(value.func)
    if kind == FLAX_FIELD and _is_false(argument(value, 0, "pytree_node")):
        return "`pytree_node=False`", "Drop `pytree_node=False` so it is a leaf"
    if kind == EQUINOX_FIELD and _is_true(keyword_argument(value, "static")):
        return "`static=True`", "Drop `static=True` so it is a leaf"
    if kind in (EQUINOX_STATIC_FIELD, JAX_DATACLASSES_STATIC_FIELD):
        return "`static_field()`", "Make it a plain field so it is a leaf"
    if kind == DATACLASS_FIELD and infers_fields and _static_in_metadata(keyword_argument(value, "metadata")):
        return "`metadata={'static': True}`", "Drop `static` from its metadata so it is a leaf"
    if kind is None and scope is not None and depth < 2:
        return _helper_marker(index, value, infers_fields, scope, depth)
    return None


def _helper_marker(
    index: ScanIndex, value: cst.Call, infers_fields: bool, scope: Scope, depth: int
) -> tuple[str, str] | None:
    """The marker of a field helper: a function whose every return is a static field call."""
    written = dotted(value.func)
    if written is None:
        return None
    helper_index, helper = index, None
    found = scope.only_binding(written) if "." not in written else None
    if found is not None and isinstance(found[1], cst.FunctionDef):
        helper = found[1]
    else:
        from scanlint.analysis.project_code import imported_definition

        other = imported_definition(index, value.func, scope)
        if other is not None and isinstance(other[1], cst.FunctionDef):
            helper_index, helper = other
    if helper is None:
        return None
    returned = [r.value for r in returns_of(helper)]
    helper_scope = helper_index.scope_of[helper]
    markers = {
        _static_marker(helper_index, r, infers_fields, helper_scope, depth + 1) if isinstance(r, cst.Call) else None
        for r in returned
    }
    if not returned or None in markers or len(markers) != 1:
        return None
    (marker,) = markers
    assert marker is not None
    how, _ = marker
    return (
        f"`{written}()`, which returns a field with {how}",
        f"Declare it without `{written}()` so it is a leaf",
    )


def static_fields(index: ScanIndex) -> Iterator[StaticField]:
    """Every field this file declares static, in flax, equinox and jax.tree_util forms."""
    registrations = list(dataclass_registrations(index))
    inferring = {id(r.class_node) for r in registrations if r.infers_fields}
    for class_node, _ in index.classes:
        for name, declaration in declarations(class_node).items():
            if not isinstance(declaration.value, cst.Call):
                continue
            class_scope = index.scope_of[class_node]
            marker = _static_marker(index, declaration.value, id(class_node) in inferring, class_scope)
            if marker is not None:
                how, fix = marker
                yield StaticField(class_node, name, declaration, declaration, how, fix)
    for registration in registrations:
        declared = declarations(registration.class_node)
        for name, listed in registration.meta_fields(index):
            yield StaticField(
                registration.class_node,
                name,
                listed,
                declared.get(name),
                "listed in `meta_fields`",
                "Move it to `data_fields` so it is a leaf",
            )
    for class_node in _registered_static(index):
        for name, declaration in declarations(class_node).items():
            if not is_class_variable(index, declaration.annotation.annotation):
                yield StaticField(
                    class_node,
                    name,
                    declaration,
                    declaration,
                    "its class is registered with `register_static`, so the whole object is metadata",
                    "Register the class as a pytree with this field as a leaf (`register_dataclass`)",
                )


def _registered_static(index: ScanIndex) -> list[cst.ClassDef]:
    """Classes given to `jax.tree_util.register_static`, as a decorator or by a call."""
    found = [
        class_node
        for class_node, _ in index.classes
        if any(index.qualify(d.decorator) == REGISTER_STATIC for d in class_node.decorators)
    ]
    for call in index.calls_to(REGISTER_STATIC):
        owner = index.class_named(argument(call.call, 0, "cls"), call.scope)
        if owner is not None and owner not in found:
            found.append(owner)
    return found


# ---------------------------------------------------------------------------------------------
# How instances compare and hash (what `==` and `hash` do with the fields they hold)


def _dataclass_decorator(index: ScanIndex, class_node: cst.ClassDef) -> tuple[str, cst.Call | None] | None:
    for decorator in class_node.decorators:
        expression = decorator.decorator
        call = expression if isinstance(expression, cst.Call) else None
        kind = index.qualify(call.func if call is not None else expression)
        if kind in ("dataclasses.dataclass", *_FLAX_DATACLASSES):
            return kind, call
    return None


def is_dataclass(index: ScanIndex, class_node: cst.ClassDef) -> bool:
    """Whether a class is decorated as a dataclass (`dataclasses.dataclass`, `flax.struct.dataclass`, ...)."""
    return _dataclass_decorator(index, class_node) is not None


def is_namedtuple(index: ScanIndex, class_node: cst.ClassDef) -> bool:
    return any(index.qualify(base.value) in _NAMEDTUPLE_BASES for base in class_node.bases)


def compares_by_fields(index: ScanIndex, class_node: cst.ClassDef) -> bool:
    """`==` on instances compares their fields: a NamedTuple, or a dataclass with the default `eq`."""
    if is_namedtuple(index, class_node):
        return True
    found = _dataclass_decorator(index, class_node)
    if found is None:
        return False
    kind, call = found
    eq = keyword_argument(call, "eq") if call is not None and kind == "dataclasses.dataclass" else None
    return not _is_false(eq)


def frozen_dataclass(index: ScanIndex, class_node: cst.ClassDef) -> bool:
    """`@dataclass(frozen=True)`: assigning to a field raises `FrozenInstanceError`."""
    found = _dataclass_decorator(index, class_node)
    return found is not None and found[1] is not None and _is_true(keyword_argument(found[1], "frozen"))


def hashes_by_fields(index: ScanIndex, class_node: cst.ClassDef | None) -> bool:
    """`hash` of an instance hashes its fields: a NamedTuple, or a frozen (or `unsafe_hash`)
    dataclass, without a `__hash__` of its own."""
    if class_node is None or index.method_of(class_node, "__hash__") is not None:
        return False
    if is_namedtuple(index, class_node):
        return True
    found = _dataclass_decorator(index, class_node)
    if found is None:
        return False
    kind, call = found
    if kind != "dataclasses.dataclass":
        return True  # flax dataclasses are frozen; a chex one that is not is unhashable anyway
    return call is not None and any(_is_true(keyword_argument(call, flag)) for flag in ("frozen", "unsafe_hash"))


# ---------------------------------------------------------------------------------------------
# How a class flattens


@dataclass(frozen=True)
class PytreeClass:
    node: cst.ClassDef
    name: str
    kind: str  # "namedtuple" or "dataclass"
    fields: tuple[str, ...]  # the data fields, in flattening order
    init_fields: tuple[str, ...]  # the constructor's parameters, in order (static ones included)
    defaults: dict[str, cst.BaseExpression | None]  # default value per field; None: not visible


def pytree_class(index: ScanIndex, class_node: cst.ClassDef) -> PytreeClass | None:
    """How instances of a class this file defines flatten, when the source shows it."""
    cache = index.derived.setdefault(PytreeClass, {})
    assert isinstance(cache, dict)
    if class_node not in cache:
        cache[class_node] = _describe(index, class_node)
    return cache[class_node]


def _describe(index: ScanIndex, class_node: cst.ClassDef) -> PytreeClass | None:
    bases = [index.qualify(b.value) or dotted(b.value) for b in class_node.bases]
    if class_node.keywords or any(b.star for b in class_node.bases):
        return None
    declared = _declared_fields(index, class_node)
    if declared is None:
        return None
    if bases in (["typing.NamedTuple"], ["NamedTuple"]) or (bases and bases[0] in _NAMEDTUPLE_BASES and len(bases) == 1):
        names = tuple(name for name, _ in declared)
        defaults = {name: value for name, value in declared if value is not None}
        return PytreeClass(class_node, class_node.name.value, "namedtuple", names, names, defaults)
    registered = _registration(index, class_node, bases)
    if registered is None:
        return None
    static = {f.name for f in static_fields(index) if f.class_node is class_node}
    names = tuple(name for name, _ in declared)
    if isinstance(registered, tuple):  # explicit `data_fields`: every other field is static
        static |= {n for n in names if n not in registered}
        if any(n not in names for n in registered):
            return None
    defaults: dict[str, cst.BaseExpression | None] = {}
    for name, value in declared:
        if value is None:
            continue
        if isinstance(value, cst.Call) and index.qualify(value.func) in _FIELD_CALLS:
            default = keyword_argument(value, "default")
            if default is not None:
                defaults[name] = default
            elif keyword_argument(value, "default_factory") is not None:
                defaults[name] = None
        else:
            defaults[name] = value
    return PytreeClass(
        class_node,
        class_node.name.value,
        "dataclass",
        tuple(n for n in names if n not in static),
        names,
        defaults,
    )


def _declared_fields(index: ScanIndex, class_node: cst.ClassDef) -> list[tuple[str, cst.BaseExpression | None]] | None:
    found = []
    for statement in class_statements(class_node):
        if isinstance(statement, cst.AnnAssign) and isinstance(statement.target, cst.Name):
            annotation = statement.annotation.annotation
            container = annotation.value if isinstance(annotation, cst.Subscript) else annotation
            if index.qualify(container) in _NOT_FIELDS or dotted(container) in ("ClassVar", "InitVar"):
                continue
            found.append((statement.target.value, statement.value))
    return found


def _registration(
    index: ScanIndex, class_node: cst.ClassDef, bases: list[str | None]
) -> str | tuple[str, ...] | None:
    """How the class is registered as a pytree dataclass (the data fields when the registration
    lists them), or None."""
    if len(bases) == 1 and bases[0] in _FLAX_BASES:
        return "flax.struct.PyTreeNode"
    if bases:
        return None  # fields inherited from another class are not seen
    for decorator in class_node.decorators:
        expression = decorator.decorator
        target = expression.func if isinstance(expression, cst.Call) else expression
        qualified = index.qualify(target)
        if qualified in _FLAX_DATACLASSES:
            return qualified
    for registration in dataclass_registrations(index):
        if registration.class_node is not class_node:
            continue
        if registration.infers_fields:
            return REGISTER_DATACLASS
        return _data_fields(index, registration)
    return None


def _data_fields(index: ScanIndex, registration: DataclassRegistration) -> tuple[str, ...] | None:
    call = registration.call
    if call is None:
        return None
    listed = keyword_argument(call, "data_fields") if registration.through_partial else argument(call, 1, "data_fields")
    if isinstance(listed, cst.Name):
        listed = index.value_of(listed.value, registration.scope)
    if not isinstance(listed, (cst.List, cst.Tuple)):
        return None
    names = [string_literal(e.value) for e in listed.elements if isinstance(e, cst.Element)]
    return None if any(n is None for n in names) or len(names) != len(listed.elements) else tuple(names)  # type: ignore[misc]
