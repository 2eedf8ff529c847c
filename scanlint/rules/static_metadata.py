"""SCN3xx: arrays in static pytree metadata.

What a pytree keeps outside its leaves (the aux_data of a custom flatten, `pytree_node=False` and
`static=True` fields, `meta_fields`) is static: `jax.jit` puts it in its cache key and compares
it with `==` on every call. So are `static_argnums`/`static_argnames` arguments, which are also
hashed. Arrays are neither hashable nor compared to a single bool. Measured with jax 0.10:

* a multi-element array in pytree metadata raises `ValueError: Exception raised while checking
  equality of metadata fields of pytree. ... (Note: arrays cannot be passed as metadata fields!)`
  as soon as a call brings a different array object (the very same object hits the cache);
* a 0-d or one-element array compiles again for every distinct value, and equal values of other
  types share the compiled code: `np.array([2.])` reuses the trace made for the int `2`, so the
  result has that trace's shape;
* any array (0-d included) as a static argument raises `ValueError: Non-hashable static arguments
  are not supported`.

The rules flag only values the source shows are arrays (see `scanlint.analysis.values.array_evidence`);
where that is a guess they stay silent and leave it to the runtime check.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst

from scanlint.analysis.resolver import (
    PARTIAL,
    Body,
    ScanIndex,
    Scope,
    argument,
    keyword_argument,
    returns_of,
)
from scanlint.analysis.values import (
    MANY_ELEMENTS,
    ONE_ELEMENT,
    ArrayEvidence,
    annotation_evidence,
    array_evidence,
    attribute_array_evidence,
    field_default,
    visibly_hashable,
)
from scanlint.analysis.project_code import imported_definition
from scanlint.analysis.pytree_classes import (
    StaticField,
    compares_by_fields,
    declarations,
    hashes_by_fields,
    static_fields,
)
from scanlint.analysis.walk import walk
from scanlint.rules.base import FileContext, Report, Rule

_REGISTER_NODE = "jax.tree_util.register_pytree_node"
_REGISTER_WITH_KEYS = "jax.tree_util.register_pytree_with_keys"
_REGISTER_NODE_CLASS = "jax.tree_util.register_pytree_node_class"
_REGISTER_WITH_KEYS_CLASS = "jax.tree_util.register_pytree_with_keys_class"
_JIT = ("jax.jit", "jax.experimental.pjit.pjit")

_METADATA_ERROR = (
    "`ValueError: Exception raised while checking equality of metadata fields of pytree. ... "
    "(Note: arrays cannot be passed as metadata fields!)`"
)
_STATIC_ARGUMENT_ERROR = "`ValueError: Non-hashable static arguments are not supported`"
_SUMMARY = "a hashable summary (its shape, its dtype, a tuple of Python scalars)"
_AUX_DATA_HELP = f"Return it among the children (a leaf) instead, or keep {_SUMMARY} in aux_data."
_STATIC_ARGUMENT_HELP = (
    "Pass it as an ordinary (traced) argument, or pass "
    "a hashable value in its place (a Python scalar, a shape, a tuple of Python scalars)."
)


def metadata_consequence(elements: str | None) -> str:
    """What `jax.jit` does with an array of this size in pytree metadata, as measured."""
    if elements == MANY_ELEMENTS:
        return (
            f"under `jax.jit`, any call that brings a different array object (even with equal "
            f"values) raises {_METADATA_ERROR}; only the very same object reuses the compiled code"
        )
    if elements == ONE_ELEMENT:
        return (
            "under `jax.jit`, every distinct value compiles again, and equal values of other types "
            "silently share the compiled code (`np.array([2.])` reuses the trace made for the int "
            "`2`, with that trace's shapes and dtypes)"
        )
    return (
        f"under `jax.jit`, a multi-element array raises {_METADATA_ERROR} as soon as a call brings "
        "a different array object, and a 0-d or one-element array compiles again for every "
        "distinct value and silently shares the compiled code with equal values of other types"
    )


# ---------------------------------------------------------------------------------------------
# SCN301: aux_data of custom flatten functions


@dataclass(eq=False)
class Flatten:
    """A flatten function registered for a pytree node type."""

    body: Body
    owner: cst.ClassDef | None  # the registered class, when this file shows it
    # The index of the file that defines the flatten function (another project file's, for an
    # imported one), and for such a function, the argument of this file's registration that
    # names it: its findings are reported there.
    index: ScanIndex
    registered_by: cst.BaseExpression | None = None

    @property
    def instance(self) -> str | None:
        """The parameter that receives the node (`self` for a `tree_flatten` method)."""
        return self.body.parameters[0] if self.body.parameters else None

    @property
    def described(self) -> str:
        node = self.body.node
        if not isinstance(node, cst.FunctionDef):
            return "the flatten lambda"
        if self.registered_by is not None and self.index.path is not None:
            return f"`{node.name.value}` (in `{self.index.path.name}`)"
        return f"`{node.name.value}`"


def _method_body(index: ScanIndex, method: cst.FunctionDef) -> Body:
    """A method called unbound (`Cls.method(node)`): every parameter is filled, self included."""
    return Body(method, index.scope_of[method], "method", _positional_names(method))


def _flatten_callable(
    index: ScanIndex, node: cst.BaseExpression, scope: Scope
) -> tuple[Body, ScanIndex] | None:
    """A flatten function given to a registration, with the index of the file defining it: what
    the resolver sees, `Cls.method`, or a function another project file defines."""
    body = index.resolve_callable(node, scope)
    if body is not None:
        return body, index
    if isinstance(node, cst.Attribute):
        owner = index.class_named(node.value, scope)
        method = index.method_of(owner, node.attr.value) if owner is not None else None
        if method is not None:
            return _method_body(index, method), index
    other = imported_definition(index, node, scope)
    if other is not None and isinstance(other[1], cst.FunctionDef):
        other_index, function = other
        return Body(function, other_index.scope_of[function], "def", _positional_names(function)), other_index
    return None


def registered_flattens(index: ScanIndex) -> list[Flatten]:
    """Every flatten function this file registers, in any of JAX's registration forms."""
    found: list[Flatten] = []
    for call in index.calls_to(_REGISTER_NODE, _REGISTER_WITH_KEYS):
        owner = index.class_named(argument(call.call, 0, "nodetype"), call.scope)
        if call.name == _REGISTER_NODE:
            flatten_arguments = (argument(call.call, 1, "flatten_func"), argument(call.call, 3, "flatten_with_keys_func"))
        else:
            flatten_arguments = (argument(call.call, 1, "flatten_with_keys"), argument(call.call, 3, "flatten_func"))
        for expression in flatten_arguments:
            resolved = _flatten_callable(index, expression, call.scope) if expression is not None else None
            if resolved is not None:
                body, body_index = resolved
                found.append(Flatten(body, owner, body_index, expression if body_index is not index else None))
    for class_node, kind in _classes_registered_by_decorator(index):
        method_names = ["tree_flatten"]
        if kind == _REGISTER_WITH_KEYS_CLASS:
            method_names.append("tree_flatten_with_keys")
        for method_name in method_names:
            method = index.method_of(class_node, method_name)
            if method is not None:
                found.append(Flatten(_method_body(index, method), class_node, index))
    return found


def _classes_registered_by_decorator(index: ScanIndex) -> Iterator[tuple[cst.ClassDef, str]]:
    """Classes given to `register_pytree_node_class` (or the with-keys variant), as a decorator
    or by a call."""
    kinds = (_REGISTER_NODE_CLASS, _REGISTER_WITH_KEYS_CLASS)
    for class_node, _ in index.classes:
        for decorator in class_node.decorators:
            kind = index.qualify(decorator.decorator)
            if kind in kinds:
                yield class_node, kind
    for call in index.calls_to(*kinds):
        owner = index.class_named(argument(call.call, 0, "cls"), call.scope)
        if owner is not None:
            yield owner, call.name


@dataclass(frozen=True)
class AuxElement:
    label: str  # the field's name as the message gives it
    node: cst.BaseExpression  # the expression that puts the value into aux_data


def flatten_results(
    index: ScanIndex, flatten: Flatten
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """The (children, aux_data) pairs a flatten function visibly returns."""
    node = flatten.body.node
    values = [node.body] if isinstance(node, cst.Lambda) else [r.value for r in returns_of(node) if r.value]
    pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    for value in values:
        pairs += _pairs(flatten, value, 0)
    return pairs


def _pairs(
    flatten: Flatten, value: cst.BaseExpression, depth: int
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """(children, aux_data) from a returned expression: a 2-tuple, through conditionals and locals."""
    if depth > 6:
        return []
    if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == 2:
        first, second = value.elements
        if isinstance(first, cst.Element) and isinstance(second, cst.Element):
            return [(first.value, second.value)]
        return []
    if isinstance(value, cst.IfExp):
        return _pairs(flatten, value.body, depth + 1) + _pairs(flatten, value.orelse, depth + 1)
    local = _local_value(flatten, value)
    return _pairs(flatten, local, depth + 1) if local is not None else []


def _local_value(flatten: Flatten, node: cst.BaseExpression) -> cst.BaseExpression | None:
    """What a name in the flatten function is bound to, when bound exactly once, there."""
    if not isinstance(node, cst.Name):
        return None
    values = flatten.body.scope.bindings.get(node.value, [])
    if len(values) == 1 and isinstance(values[0], cst.BaseExpression):
        return values[0]
    return None


def aux_elements(
    index: ScanIndex, flatten: Flatten, aux: cst.BaseExpression, label: str | None = None, depth: int = 0
) -> Iterator[AuxElement]:
    """The values an aux_data expression is made of: through tuples, lists, dicts (`{...}`,
    `dict(...)`, `FrozenDict(...)`), conditional expressions and local helper variables."""
    if depth > 6:
        return
    if isinstance(aux, (cst.Tuple, cst.List)):
        for element in aux.elements:
            if isinstance(element, cst.Element):
                yield from aux_elements(index, flatten, element.value, None, depth + 1)
        return
    if isinstance(aux, cst.Dict):
        for item in aux.elements:
            if isinstance(item, cst.DictElement):
                key = _string(item.key)
                yield from aux_elements(index, flatten, item.value, key, depth + 1)
        return
    if isinstance(aux, cst.IfExp):
        yield from aux_elements(index, flatten, aux.body, label, depth + 1)
        yield from aux_elements(index, flatten, aux.orelse, label, depth + 1)
        return
    if isinstance(aux, cst.Call) and _is_builtin(flatten, aux.func, "dict"):
        for arg in aux.args:
            if arg.keyword is not None:
                yield from aux_elements(index, flatten, arg.value, arg.keyword.value, depth + 1)
            elif not arg.star:
                yield from aux_elements(index, flatten, arg.value, None, depth + 1)
        return
    if isinstance(aux, cst.Call) and index.qualify(aux.func) == "flax.core.FrozenDict" and aux.args:
        yield from aux_elements(index, flatten, aux.args[0].value, label, depth + 1)
        return
    local = _local_value(flatten, aux)
    if local is not None:
        assert isinstance(aux, cst.Name)
        yield from aux_elements(index, flatten, local, label or aux.value, depth + 1)
        return
    yield AuxElement(label or _label_of(index, aux), aux)


def _is_builtin(flatten: Flatten, node: cst.BaseExpression, name: str) -> bool:
    return (
        isinstance(node, cst.Name)
        and node.value == name
        and flatten.body.scope.lookup(name) is None
    )


def _string(node: cst.BaseExpression | None) -> str | None:
    if isinstance(node, cst.SimpleString) and isinstance(node.evaluated_value, str):
        return node.evaluated_value
    return None


def _label_of(index: ScanIndex, node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Attribute):
        return node.attr.value
    if isinstance(node, cst.Name):
        return node.value
    code = index.module.code_for_node(node)
    return code if len(code) <= 40 else code[:37] + "..."


def _instance_attribute(flatten: Flatten, node: cst.BaseExpression) -> str | None:
    """`attr` for `node.attr` read off the flatten's instance parameter (not rebound)."""
    instance = flatten.instance
    if (
        instance is None
        or not isinstance(node, cst.Attribute)
        or not isinstance(node.value, cst.Name)
        or node.value.value != instance
    ):
        return None
    bindings = flatten.body.scope.bindings.get(instance, [])
    return node.attr.value if len(bindings) == 1 and isinstance(bindings[0], cst.Param) else None


def child_attributes(index: ScanIndex, flattens: list[Flatten]) -> set[str]:
    """Instance attributes that these flatten functions return as children (leaves or subtrees)."""
    names: set[str] = set()
    for flatten in flattens:
        for children, _ in flatten_results(flatten.index, flatten):
            names |= _children(flatten, children, 0)
    return names


def _children(flatten: Flatten, node: cst.BaseExpression, depth: int) -> set[str]:
    """`attr` for each `instance.attr` that is itself an element of the children: through tuples,
    lists, (key, child) pairs, conditional expressions and local names. An attribute only read
    to build the children (`getattr(self, n) for n in self.names`) is not a child."""
    if depth > 6:
        return set()
    attr = _instance_attribute(flatten, node)
    if attr is not None:
        return {attr}
    if isinstance(node, (cst.Tuple, cst.List)):
        return {
            name
            for element in node.elements
            if isinstance(element, cst.Element)
            for name in _children(flatten, element.value, depth + 1)
        }
    if isinstance(node, cst.IfExp):
        return _children(flatten, node.body, depth + 1) | _children(flatten, node.orelse, depth + 1)
    local = _local_value(flatten, node)
    return _children(flatten, local, depth + 1) if local is not None else set()


def _attributes_tested(flatten: Flatten) -> set[str]:
    """Instance attributes read in the conditions of the flatten's `if`s and conditional expressions."""
    collector = _TestedAttributes(flatten)
    walk(flatten.body.node, collector)
    return collector.names


class _TestedAttributes(cst.CSTVisitor):
    def __init__(self, flatten: Flatten) -> None:
        self.flatten = flatten
        self.names: set[str] = set()

    def _collect(self, test: cst.BaseExpression) -> None:
        reads = _AttributeReads(self.flatten)
        walk(test, reads)
        self.names |= reads.names

    def visit_If(self, node: cst.If) -> None:
        self._collect(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._collect(node.test)


class _AttributeReads(cst.CSTVisitor):
    def __init__(self, flatten: Flatten) -> None:
        self.flatten = flatten
        self.names: set[str] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        attr = _instance_attribute(self.flatten, node)
        if attr is not None:
            self.names.add(attr)


class ArrayInAuxData(Rule):
    """An array returned in the aux_data of a custom pytree flatten function.

    aux_data is static: `jax.jit` keeps it in its cache key and compares it with `==` on every
    call. A multi-element array there raises `ValueError: ... arrays cannot be passed as metadata
    fields` as soon as a call brings a different array object; a 0-d or one-element array
    compiles again for every distinct value and silently shares compiled code with equal values
    of other types. Covers `register_pytree_node`, `register_pytree_with_keys` and
    `register_pytree_node_class` (`tree_flatten`), with aux_data as a tuple, dict, helper
    variable or conditional expression, or returned bare; the flatten function may be defined
    in another file of the project (the finding is then at the registration). A value counts
    as an array when it is built by an array constructor or by a function of the project that
    always returns one, annotated as an array or a container of arrays, assigned one in
    `__init__`/`__post_init__`, passed one where the class is constructed in the same file
    (`Particles(positions, jnp.array(mask))`, in a factory or a classmethod), or returned among
    the children elsewhere in the same class; ints, floats, strings, shapes, dtypes and
    callables are fine, and so is an array `__init__` converts before storing it.
    """

    CODE = "SCN301"
    BAD = """\
import jax
import jax.numpy as jnp

class Params:
    def __init__(self, w: jax.Array, a: int, mask: jax.Array):
        self.w = w
        self.a = a
        self.mask = mask

def flatten(params):
    return (params.w,), {"a": params.a, "mask": params.mask}

def unflatten(aux, children):
    (w,) = children
    return Params(w, aux["a"], aux["mask"])

jax.tree_util.register_pytree_node(Params, flatten, unflatten)
"""
    GOOD = """\
import jax
import jax.numpy as jnp

class Params:
    def __init__(self, w: jax.Array, a: int, mask: jax.Array):
        self.w = w
        self.a = a
        self.mask = mask

def flatten(params):
    return (params.w, params.mask), {"a": params.a}

def unflatten(aux, children):
    w, mask = children
    return Params(w, aux["a"], mask)

jax.tree_util.register_pytree_node(Params, flatten, unflatten)
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        index = context.index
        flattens = registered_flattens(index)
        for flatten in flattens:
            same_class = [f for f in flattens if f.owner is not None and f.owner is flatten.owner] or [flatten]
            children = child_attributes(index, same_class)
            for _, aux in flatten_results(flatten.index, flatten):
                for element in aux_elements(flatten.index, flatten, aux):
                    evidence = self._evidence(index, flatten, element, children)
                    if evidence is not None:
                        where = flatten.registered_by or element.node
                        yield Report(
                            where,
                            self._message(flatten, element, evidence),
                            summary=self._summary(flatten, element),
                            help=_AUX_DATA_HELP,
                        )

    @staticmethod
    def _evidence(
        index: ScanIndex, flatten: Flatten, element: AuxElement, children: set[str]
    ) -> ArrayEvidence | None:
        attr = _instance_attribute(flatten, element.node)
        if attr is not None:
            if flatten.owner is not None:
                found = attribute_array_evidence(index, flatten.owner, attr)
                if found is not None:
                    return found
            # A flatten that branches on the attribute itself chooses child or aux_data by its kind
            # (`int_indexer_shape` in JAX's own NDIndexer): being a child elsewhere proves nothing.
            if attr in children and attr not in _attributes_tested(flatten):
                return ArrayEvidence("it is returned as a child (a leaf) on another flatten path", None, "jax")
            return None
        return array_evidence(flatten.index, element.node, flatten.body.scope)

    @staticmethod
    def _summary(flatten: Flatten, element: AuxElement) -> str:
        owner = f"`{flatten.owner.name.value}`" if flatten.owner is not None else "a custom pytree"
        return f"`{element.label}` in the aux_data of {owner} holds an array"

    @staticmethod
    def _message(flatten: Flatten, element: AuxElement, evidence: ArrayEvidence) -> str:
        owner = f"`{flatten.owner.name.value}`" if flatten.owner is not None else "a custom pytree"
        return (
            f"`{element.label}` is in the aux_data that {flatten.described} returns for {owner} and "
            f"holds an array ({evidence.reason}): aux_data is static pytree metadata, so "
            f"{metadata_consequence(evidence.elements)}. {_AUX_DATA_HELP}"
        )


# ---------------------------------------------------------------------------------------------
# SCN302: static fields


class ArrayInStaticField(Rule):
    """An array declared as a static pytree field.

    Static fields are pytree metadata, compared with `==` in `jax.jit`'s cache key on every call:
    a multi-element array raises `ValueError: ... arrays cannot be passed as metadata fields` as
    soon as a call brings a different array object, and a 0-d or one-element array compiles again
    for every distinct value. Covers `flax.struct.field(pytree_node=False)` (in `struct.dataclass`
    and `PyTreeNode` classes), `equinox.field(static=True)`, `eqx.static_field()`, and fields
    listed in `jax.tree_util.register_dataclass(meta_fields=...)` or marked
    `metadata={"static": True}`, also through a helper function of the project that returns one
    of these (`def static_field(): return field(metadata={"static": True})`). A field counts as
    an array when it is annotated as one or as a container of arrays (`jax.Array`,
    `np.ndarray`, jaxtyping, `Tuple[Optional[jnp.ndarray], ...]`, `chex.ArrayTree`, a module
    alias of a union of array types), defaults to one, is assigned one in
    `__init__`/`__post_init__`, is passed one where the class is constructed in the same file,
    or is declared as a dataclass or NamedTuple of the project that compares an array field.
    """

    CODE = "SCN302"
    BAD = """\
import jax
from flax import struct

class Embedder(struct.PyTreeNode):
    scale: float
    table: jax.Array = struct.field(pytree_node=False)
"""
    GOOD = """\
import jax
from flax import struct

class Embedder(struct.PyTreeNode):
    scale: float = struct.field(pytree_node=False)
    table: jax.Array
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        index = context.index
        for field in static_fields(index):
            evidence = self._evidence(index, field)
            if evidence is not None:
                advice = f"{field.fix}, or store {_SUMMARY} instead."
                yield Report(
                    field.node,
                    f"static field `{field.name}` of `{field.class_node.name.value}` ({field.how}) "
                    f"holds an array ({evidence.reason}): static fields are pytree metadata, so "
                    f"{metadata_consequence(evidence.elements)}. {advice}",
                    summary=f"static field `{field.name}` of `{field.class_node.name.value}` holds an array",
                    help=advice,
                )

    @staticmethod
    def _evidence(index: ScanIndex, field: StaticField) -> ArrayEvidence | None:
        declaration = field.declaration
        class_scope = index.scope_of[field.class_node]
        if declaration is not None:
            held = _class_holding_arrays(index, declaration.annotation.annotation, class_scope)
            if held is not None:
                return held
            default = field_default(declaration.value) if declaration.value is not None else None
            if default is not None:
                found = array_evidence(index, default, class_scope)
                if found is not None:
                    return found
        return attribute_array_evidence(index, field.class_node, field.name)


def _class_holding_arrays(index: ScanIndex, annotation: cst.BaseExpression, scope: Scope) -> ArrayEvidence | None:
    """A field declared as a class of the project whose instances compare and hash by their fields
    (a NamedTuple, a dataclass with the default `eq`), one of which holds an array."""
    class_index, class_node = index, index.class_named(annotation, scope)
    if class_node is None:
        other = imported_definition(index, annotation, scope)
        if other is not None and isinstance(other[1], cst.ClassDef):
            class_index, class_node = other
    if class_node is None or not compares_by_fields(class_index, class_node):
        return None
    for name in declarations(class_node):
        found = attribute_array_evidence(class_index, class_node, name)
        if found is not None:
            written = class_index.module.code_for_node(annotation) if class_index is index else class_node.name.value
            reason = f"its type `{written}` compares its field `{name}`, {found.reason}"
            return ArrayEvidence(reason, None, found.library)
    return None


# ---------------------------------------------------------------------------------------------
# SCN303: arrays as jit static arguments


@dataclass(eq=False)
class StaticJit:
    """A function jitted with static arguments."""

    jit_call: cst.Call  # `jax.jit(...)` or `partial(jax.jit, ...)`
    function: Body | None  # the jitted function, when this file shows it
    function_name: str
    static_names: set[str]
    static_positions: set[int]
    binding: tuple[str, Scope] | None  # the name the jitted function is called by, and its scope
    how: str  # `static_argnums=1`, as written


def _integers(index: ScanIndex, node: cst.BaseExpression | None, scope: Scope) -> list[int]:
    if isinstance(node, cst.Name):
        node = index.value_of(node.value, scope)
    if isinstance(node, cst.Integer):
        return [int(node.value, 0)]
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and isinstance(node.expression, cst.Integer):
        return [-int(node.expression.value, 0)]
    if isinstance(node, (cst.Tuple, cst.List)):
        return [n for e in node.elements if isinstance(e, cst.Element) for n in _integers(index, e.value, scope)]
    return []


def _strings(index: ScanIndex, node: cst.BaseExpression | None, scope: Scope) -> list[str]:
    if isinstance(node, cst.Name):
        node = index.value_of(node.value, scope)
    text = _string(node)
    if text is not None:
        return [text]
    if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
        return [s for e in node.elements if isinstance(e, cst.Element) for s in _strings(index, e.value, scope)]
    return []


def static_jits(index: ScanIndex) -> list[StaticJit]:
    """Every `jax.jit` in this file with `static_argnums`/`static_argnames`: called directly, as a
    decorator (`@jax.jit(static_argnames=...)`, `@partial(jax.jit, static_argnums=...)`)."""
    decorated = _decorated_functions(index)
    found = []
    for call in index.calls_to(PARTIAL, *_JIT):
        jit_call = call.call
        if call.name == PARTIAL:
            if not jit_call.args or index.qualify(jit_call.args[0].value) not in _JIT:
                continue
            target = None
        else:
            target = argument(jit_call, 0, "fun")
        argnums = keyword_argument(jit_call, "static_argnums")
        argnames = keyword_argument(jit_call, "static_argnames")
        if argnums is None and argnames is None:
            continue
        if target is not None:
            function = index.resolve_callable(target, call.scope)
            bound = call.scope.name_bound_to(jit_call)
            binding = (bound, call.scope) if bound is not None else None
            name = index.module.code_for_node(target)
        elif jit_call in decorated:
            definition = decorated[jit_call]
            function = Body(definition, index.scope_of[definition], "def", _positional_names(definition))
            name = definition.name.value
            definition_scope = index.scope_of[definition].parent
            # Calls by name reach the jitted function only when jit is the outermost decorator.
            outermost = definition.decorators[0].decorator is jit_call
            binding = (name, definition_scope) if outermost and definition_scope is not None else None
        else:
            continue
        positions = set(_integers(index, argnums, call.scope))
        names = set(_strings(index, argnames, call.scope))
        if function is not None:
            parameters = function.parameters
            # JAX fills in each from the other through the signature.
            names |= {parameters[p] for p in positions if -len(parameters) <= p < len(parameters)}
            positions = {p % len(parameters) if parameters and p < 0 else p for p in positions}
            positions |= {parameters.index(n) for n in names if n in parameters}
        how = ", ".join(
            f"{keyword}={index.module.code_for_node(value)}"
            for keyword, value in (("static_argnums", argnums), ("static_argnames", argnames))
            if value is not None
        )
        found.append(StaticJit(jit_call, function, name, names, positions, binding, how))
    return found


def _positional_names(function: cst.FunctionDef) -> list[str]:
    return [p.name.value for p in (*function.params.posonly_params, *function.params.params)]


def _decorated_functions(index: ScanIndex) -> dict[cst.Call, cst.FunctionDef]:
    found = {}
    for node in index.scope_of:
        if isinstance(node, cst.FunctionDef):
            for decorator in node.decorators:
                if isinstance(decorator.decorator, cst.Call):
                    found[decorator.decorator] = node
    return found


def _static_parameters(function: Body | None, static_names: set[str]) -> list[cst.Param]:
    if function is None or not isinstance(function.node, cst.FunctionDef):
        return []
    params = function.node.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    return [p for p in every if p.name.value in static_names]


def _call_arguments(call: cst.Call, jit: StaticJit) -> Iterator[tuple[str, cst.BaseExpression]]:
    """The arguments of a call to the jitted function that land in static parameters."""
    parameters = jit.function.parameters if jit.function is not None else []
    position = 0
    for arg in call.args:
        if arg.star:
            if arg.star == "*":
                return  # positions after `*args` are unknown
            continue
        if arg.keyword is not None:
            if arg.keyword.value in jit.static_names:
                yield arg.keyword.value, arg.value
            continue
        if position in jit.static_positions:
            name = parameters[position] if position < len(parameters) else f"argument {position}"
            yield name, arg.value
        position += 1


def _unhashable_in(
    index: ScanIndex, node: cst.BaseExpression, scope: Scope, depth: int = 0
) -> Iterator[ArrayEvidence]:
    """Why an argument is not hashable: it is an array, a list, dict or set (literal, or a name
    bound once to one), or a tuple, NamedTuple or hashing dataclass of this file holding one."""
    if depth > 4:
        return
    if isinstance(node, cst.Name):
        local = scope.only_binding(node.value)
        if local is not None and isinstance(local[1], (cst.Tuple, cst.List, cst.Dict, cst.Set, cst.Call)):
            value = local[1]
            if not isinstance(value, cst.Call) or hashes_by_fields(index, index.class_named(value.func, local[0])):
                yield from _unhashable_in(index, value, local[0], depth + 1)
                return
    if isinstance(node, (cst.List, cst.Dict, cst.Set)):
        kind = {cst.List: "list", cst.Dict: "dict", cst.Set: "set"}[type(node)]
        yield ArrayEvidence(f"a {kind} is not hashable", None, "python")
        return
    if isinstance(node, cst.Tuple):
        for element in node.elements:
            if isinstance(element, cst.Element):
                yield from _unhashable_in(index, element.value, scope, depth + 1)
        return
    if isinstance(node, cst.Call) and hashes_by_fields(index, index.class_named(node.func, scope)):
        for arg in node.args:
            if not arg.star:
                yield from _unhashable_in(index, arg.value, scope, depth + 1)
        return
    found = array_evidence(index, node, scope)
    if found is not None:
        yield found


def _container_kind(index: ScanIndex, node: cst.BaseExpression, scope: Scope) -> str | None:
    """`a tuple`, `a dict`, a `State`: the container an argument builds, or None for a bare array."""
    if isinstance(node, cst.Name):
        local = scope.only_binding(node.value)
        if local is not None and isinstance(local[1], (cst.Tuple, cst.List, cst.Dict, cst.Set, cst.Call)):
            node, scope = local[1], local[0]
    kinds = {cst.Tuple: "a tuple", cst.List: "a list", cst.Dict: "a dict", cst.Set: "a set"}
    if type(node) in kinds:
        return kinds[type(node)]
    if isinstance(node, cst.Call) and hashes_by_fields(index, index.class_named(node.func, scope)):
        return f"a `{index.module.code_for_node(node.func)}`"
    return None


class ArrayAsStaticArgument(Rule):
    """An array passed to a parameter that `jax.jit` was told is static.

    Static arguments (`static_argnums`, `static_argnames`) are hashed to key the compilation
    cache, and arrays are not hashable, 0-d ones included: the call raises `ValueError:
    Non-hashable static arguments are not supported`. Flags array arguments at call sites of the
    jitted function in the same file, also inside a tuple, list or dict, a name bound to one, or
    a NamedTuple or hashing dataclass of the file (one finding per call, naming every such
    argument); lists, dicts and sets, which are not hashable either; a jitted method whose static
    `self` hashes its fields and holds an array in one; and static parameters annotated as arrays
    unless a call in the file passes a hashable value there (`tuple(x.tolist())`: the annotation
    is stale). JAX makes a parameter
    static by either its position or its name, so both kinds of call are checked. Decorators
    (`@partial(jax.jit, static_argnames=...)`, `@jax.jit(static_argnums=...)`, and the old `from
    jax import partial`) and `f_jit = jax.jit(f, ...)` are covered.
    """

    CODE = "SCN303"
    BAD = """\
import jax
import jax.numpy as jnp

def rollout(x, decay):
    return x * decay

rollout_jit = jax.jit(rollout, static_argnums=1)
rollout_jit(jnp.ones(3), jnp.ones(3))
"""
    GOOD = """\
import jax
import jax.numpy as jnp

def rollout(x, decay):
    return x * decay

rollout_jit = jax.jit(rollout)
rollout_jit(jnp.ones(3), jnp.ones(3))
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        index = context.index
        for jit in static_jits(index):
            sites = self._call_sites(index, jit)
            for parameter in _static_parameters(jit.function, jit.static_names):
                if parameter.annotation is None:
                    continue
                annotation = parameter.annotation.annotation
                found = annotation_evidence(index, annotation, "annotated `{annotation}`")
                if found is None:
                    continue
                passed = [
                    (value, scope)
                    for call, scope in sites
                    for name, value in _call_arguments(call, jit)
                    if name == parameter.name.value
                ]
                if any(visibly_hashable(value, scope) for value, scope in passed):
                    continue  # the calls this file shows pass something hashable: the annotation is stale
                what = f"is {found.reason}" + (" and no call of it in this file passes anything else" if passed else "")
                yield Report(
                    annotation,
                    self._message(jit, parameter.name.value, what, "any call passing an array there"),
                    summary=self._summary(jit, parameter.name.value, "is annotated as an array"),
                    help=_STATIC_ARGUMENT_HELP,
                )
            for call, scope in sites:
                flagged = [
                    (name, value, arrays)
                    for name, value in _call_arguments(call, jit)
                    if (arrays := list(_unhashable_in(index, value, scope)))
                ]
                if not flagged:
                    continue  # one finding per call: the first argument holding an array, naming the others
                name, value, reasons_found = flagged[0]
                reasons = "; ".join(dict.fromkeys(found.reason for found in reasons_found))
                arrays = [found for found in reasons_found if found.library != "python"]
                container = _container_kind(index, value, scope)
                if container is None:
                    held = "an array"
                elif arrays:
                    held = f"{container} holding {'an array' if len(arrays) == 1 else 'arrays'}"
                else:
                    held = container
                what = f"receives {held} here ({reasons})"
                if len(flagged) > 1:
                    what += ", and so does " + ", ".join(f"`{other}`" for other, _, _ in flagged[1:])
                unhashable = "arrays" if arrays else f"{container[2:]}s" if container else "arrays"
                summary_what = "receives an array here" if arrays else f"receives {container} here, which is not hashable"
                yield Report(
                    value,
                    self._message(jit, name, what, "the call", unhashable),
                    summary=self._summary(jit, name, summary_what),
                    help=_STATIC_ARGUMENT_HELP,
                )
            yield from self._static_self(index, jit)

    def _static_self(self, index: ScanIndex, jit: StaticJit) -> Iterator[Report]:
        """A jitted method whose `self` is static: every call hashes the instance, so a class that
        hashes its fields must not hold an array in one."""
        function = jit.function
        if function is None or not isinstance(function.node, cst.FunctionDef) or not function.parameters:
            return
        owner = function.scope.parent.node if function.scope.parent is not None else None
        self_name = function.parameters[0]
        if not isinstance(owner, cst.ClassDef) or self_name not in jit.static_names:
            return
        if not hashes_by_fields(index, owner):
            return
        for field_name in declarations(owner):
            found = attribute_array_evidence(index, owner, field_name)
            if found is not None:
                what = f"`{owner.name.value}` hashes its fields and `{field_name}` holds an array ({found.reason})"
                yield Report(
                    jit.jit_call,
                    self._message(jit, self_name, what, "every call"),
                    summary=self._summary(jit, self_name, f"`{owner.name.value}.{field_name}` holds an array"),
                    help=_STATIC_ARGUMENT_HELP,
                )
                return

    @staticmethod
    def _call_sites(index: ScanIndex, jit: StaticJit) -> list[tuple[cst.Call, Scope]]:
        """Calls of the jitted function: by the name it is bound to, or `jax.jit(f, ...)(...)`."""
        sites = []
        if jit.jit_call in index.result_called_by:
            sites.append(index.result_called_by[jit.jit_call])
        if jit.binding is not None:
            name, binding_scope = jit.binding
            if len(binding_scope.bindings.get(name, [])) == 1:
                sites += index.calls_of(name, binding_scope)
        return sites

    @staticmethod
    def _summary(jit: StaticJit, name: str, what: str) -> str:
        return f"`{name}` is a static argument of `{jit.function_name}` but {what}"

    @staticmethod
    def _message(jit: StaticJit, name: str, what: str, failing_call: str, unhashable: str = "arrays") -> str:
        return (
            f"`{name}` is a static argument of `{jit.function_name}` ({jit.how}) but {what}: "
            f"`jax.jit` hashes static arguments and {unhashable} are not hashable, so {failing_call} raises "
            f"{_STATIC_ARGUMENT_ERROR}. {_STATIC_ARGUMENT_HELP}"
        )
