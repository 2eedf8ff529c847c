"""The Flax module model every SCN1xx rule and fix shares: which classes of a file are Linen
modules or NNX objects (through same-file and other project files' base classes), which names are
Flax's module and variable classes, and what each raw `lax.scan` body contains (its calls,
assignments and the helpers it reaches).

"Inside the body" covers the body function (a def, lambda, partial or `self.method`), the
functions nested in it, and the same-file helper functions and methods it calls directly. A
function of another project file that a body is, or calls, is summarised by what it does with
each parameter (`ProjectFunction`), so a rule can report where the module is handed to it.
"""

from __future__ import annotations

import builtins

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import libcst as cst

from scanlint.analysis.resolver import (
    OPAQUE,
    PARTIAL,
    SCOPE_NODE_TYPES,
    Binding,
    Body,
    LoopCall,
    ScanIndex,
    Scope,
    Unpacked,
    argument,
    can_fall_off,
    dispatch_registrations,
    dotted,
    is_classmethod,
    is_property,
    is_staticmethod,
    keyword_argument,
    returns_of,
    yields,
)
from scanlint.analysis.object_flow import BoundMethod, ObjectFlow, object_flow
from scanlint.analysis.pytree_classes import is_dataclass
from scanlint.analysis.values import class_statements, constructions_of, constructor_arguments, kept_argument
from scanlint.analysis.walk import SemanticVisitor, walk
from scanlint.index.names import SAME_FUNCTION_WRAPPERS

# Transforms whose result calls the function with the arguments it is given (`jax.jit(f)(m, x)`
# and `nnx.value_and_grad(loss)(model, batch)` both run `f`/`loss` on them).
ARGUMENT_PASSING_TRANSFORMS = SAME_FUNCTION_WRAPPERS | {
    "jax.grad", "jax.value_and_grad", "flax.nnx.grad", "flax.nnx.value_and_grad", "flax.nnx.jit",
    "flax.nnx.remat", "flax.nnx.checkpoint",
}  # fmt: skip

# Module classes exported by flax.linen and flax.nnx (measured with flax 0.12; a runtime test
# compares these lists with the installed Flax).
LINEN_MODULE_CLASSES = frozenset({
    "BatchNorm", "Bidirectional", "Conv", "ConvLSTMCell", "ConvLocal", "ConvTranspose", "Dense",
    "DenseGeneral", "Dropout", "Einsum", "Embed", "Fp8DirectDotGeneralOp", "Fp8DotGeneral",
    "Fp8DotGeneralOp", "Fp8Einsum", "GRUCell", "GroupNorm", "InstanceNorm", "LSTMCell",
    "LayerNorm", "MGUCell", "Module", "MultiHeadAttention", "MultiHeadDotProductAttention",
    "NANOOFp8DotGeneralOp", "OptimizedLSTMCell", "PReLU", "RMSNorm", "RNN", "RNNCellBase",
    "SelfAttention", "Sequential", "SimpleCell", "SpectralNorm", "WeightNorm",
})  # fmt: skip
NNX_MODULE_CLASSES = frozenset({
    "BatchNorm", "Bidirectional", "Conv", "ConvTranspose", "Dict", "Dropout", "Einsum", "Embed",
    "GRUCell", "GroupNorm", "InstanceNorm", "LSTMCell", "LayerNorm", "Linear", "LinearGeneral",
    "List", "LoRA", "LoRALinear", "Module", "MultiHeadAttention", "OptimizedLSTMCell", "PReLU",
    "RMSNorm", "RNN", "RNNCellBase", "Sequential", "SimpleCell", "SpectralNorm", "WeightNorm",
})  # fmt: skip
NNX_VARIABLE_CLASSES = frozenset({
    "BatchStat", "Cache", "Intermediate", "LoRAParam", "OptArray", "OptState", "OptVariable",
    "MetricState", "Param", "Perturbation", "RngCount", "RngKey", "RngState", "Variable",
})  # fmt: skip
# Bases that make a same-file class an NNX object whose attributes are trace-checked.
NNX_OBJECT_BASES = NNX_MODULE_CLASSES | {"Object", "Pytree", "Metric"}

LINEN = "flax.linen."
_NNX_WRAPPED_CONTAINERS = frozenset({"List", "Dict"})  # `nnx.List([...])`, `nnx.Dict({...})`: the wrapped one's elements
NNX_PREFIXES = ("flax.nnx.", "flax.experimental.nnx.")

# Bases that leave a class a plain Python class (see `FlaxFile.is_plain`).
_PLAIN_BASES = frozenset({"abc.ABC", "typing.Generic", "typing.Protocol"})

# Linen's lifted transforms that turn a module class into a module class (`nn.remat(Block)`).
LIFTED_MODULE_TRANSFORMS = frozenset(
    f"flax.linen.{name}"
    for name in ("remat", "checkpoint", "remat_scan", "jit", "vmap", "scan", "map_variables", "add_metadata_axis")
)

# Linen methods that create or store variables in the module's scope.
LINEN_VARIABLE_METHODS = ("param", "variable", "put_variable", "sow")
# The methods that store into a Python list, dict, set or deque in place.
CONTAINER_UPDATES = frozenset({"append", "appendleft", "extend", "insert", "add", "update", "setdefault"})
HOISTABLE_METHODS = ("param", "variable")

LIFT_NNX = "lift the loop with `nnx.scan`"
TRACE_CONTEXT_ERROR = (
    "the call raises `flax.errors.TraceContextError: Cannot mutate ... from a different trace "
    "level` as soon as the scan traces its body"
)

FunctionNode = cst.FunctionDef | cst.Lambda


# ---------------------------------------------------------------------------------------------
# What the file's classes are


def flax_class_name(
    qualified: str | None, prefixes: tuple[str, ...], names: frozenset[str]
) -> str | None:
    """The class name when `qualified` names one of `names` under one of `prefixes`."""
    if qualified is None:
        return None
    for prefix in prefixes:
        if qualified.startswith(prefix):
            last = qualified.rsplit(".", 1)[-1]
            return last if last in names else None
    return None


def is_linen_class_name(qualified: str | None) -> bool:
    return flax_class_name(qualified, (LINEN,), LINEN_MODULE_CLASSES) is not None


def is_nnx_object_name(qualified: str | None) -> bool:
    return flax_class_name(qualified, NNX_PREFIXES, NNX_OBJECT_BASES) is not None


def is_nnx_variable_name(qualified: str | None) -> bool:
    return flax_class_name(qualified, NNX_PREFIXES, NNX_VARIABLE_CLASSES) is not None


def unpacked_targets(targets: Sequence[cst.BaseExpression]) -> list[cst.BaseExpression]:
    """Assignment targets with tuple and list targets taken apart (`a.value, b = ...`)."""
    found: list[cst.BaseExpression] = []
    for target in targets:
        if isinstance(target, (cst.Tuple, cst.List)):
            found += unpacked_targets([e.value for e in target.elements])
        elif isinstance(target, cst.StarredElement):
            found += unpacked_targets([target.value])
        else:
            found.append(target)
    return found


# Methods of `nn.Module` that read the scope and create no variable.
_MODULE_METHODS_CREATING_NOTHING = frozenset({
    "make_rng", "is_initializing", "is_mutable_collection", "has_rng", "has_variable",
})  # fmt: skip


def root_name(node: cst.BaseExpression) -> cst.Name | None:
    """`a` in `a.b[0].c`: the name an attribute/subscript chain hangs from."""
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return node if isinstance(node, cst.Name) else None


def is_true(node: cst.BaseExpression | None) -> bool:
    return isinstance(node, cst.Name) and node.value == "True"


def is_false(node: cst.BaseExpression | None) -> bool:
    return isinstance(node, cst.Name) and node.value == "False"


class FlaxFile:
    """Facts about one module that every SCN1xx rule shares: its Linen and NNX classes, and what
    each raw scan body contains."""

    def __init__(self, index: ScanIndex) -> None:
        self.index = index
        self._class_scopes = dict(index.classes)
        self._method_sites_seen: set[tuple[cst.ClassDef, cst.FunctionDef]] = set()
        self._linen: dict[cst.ClassDef, bool] = {}
        self._nnx: dict[cst.ClassDef, bool] = {}
        self._nnx_variables: dict[cst.ClassDef, bool] = {}
        self.uses_nnx = any(call.name.startswith(NNX_PREFIXES) for call in index.calls) or any(
            target.startswith(NNX_PREFIXES) or target + "." in NNX_PREFIXES
            for target in index.imports.values()
        )
        self._bodies: dict[LoopCall, BodyCode] = {}
        self._wrapped: list[BodyCode] | None = None
        self._body_makers: set[cst.Call] | None = None
        self._forwarding: list[cst.FunctionDef] = []

    # -- classes ----------------------------------------------------------------------------

    def is_linen(self, class_node: cst.ClassDef | None) -> bool:
        """Whether a same-file class derives from a Linen module class, directly, through other
        same-file classes, or through classes of other project files."""
        return self._derives(class_node, self._is_linen_base, self._linen, set())

    def is_nnx(self, class_node: cst.ClassDef | None) -> bool:
        """Whether a same-file class derives from an NNX object class (as `is_linen`)."""
        return self._derives(class_node, self._is_nnx_base, self._nnx, set())

    def _derives(
        self,
        class_node: cst.ClassDef | None,
        is_flax_base: Callable[[cst.BaseExpression, Scope], bool],
        known: dict[cst.ClassDef, bool],
        seen: set[cst.ClassDef],
    ) -> bool:
        if class_node is None or class_node in seen:
            return False
        if class_node not in known:
            seen.add(class_node)
            scope = self._class_scopes.get(class_node)
            known[class_node] = scope is not None and any(
                self._derives(self.local_class(base.value, scope), is_flax_base, known, seen)
                or is_flax_base(base.value, scope)
                for base in class_node.bases
                if base.keyword is None
            )
        return known[class_node]

    def _is_linen_base(self, node: cst.BaseExpression, scope: Scope) -> bool:
        if is_linen_class_name(self.index.qualify(node)):
            return True
        return self.index.imported_class_deriving(node, scope, is_linen_class_name) is not None

    def _is_nnx_base(self, node: cst.BaseExpression, scope: Scope) -> bool:
        if is_nnx_object_name(self.index.qualify(node)):
            return True
        return self.index.imported_class_deriving(node, scope, is_nnx_object_name) is not None

    def local_class(self, node: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        """The same-file class an expression names: by the resolver, else the one class the
        object flow says it holds (`self.block_cls` given `ProbeBlock`)."""
        found = self.index.class_named(node, scope)
        if found is not None or isinstance(node, cst.Name) and scope.lookup(node.value) is None:
            return found
        values = self.flow.values(node, scope)
        classes = {value for value, _ in values or [] if isinstance(value, cst.ClassDef)}
        return classes.pop() if values and len(classes) == 1 and len(values) == 1 else None

    @property
    def flow(self) -> ObjectFlow:
        return object_flow(self.index)

    def overridden_by_objects(self, method: Body, call: cst.Call, scope: Scope) -> list[Body] | None:
        """For `self.process(frame)` in a method of a plain class that same-file subclasses
        override: the methods the objects `self` may be run, by the object flow (a chain of
        handlers whose base `handle` calls each one's own `process`); None when no subclass
        overrides it or the objects are not known."""
        func = call.func
        if method.via != "method" or not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            return None
        owner = self.index.scope_of[method.node].parent
        class_node = owner.node if owner is not None and isinstance(owner.node, cst.ClassDef) else None
        if class_node is None or not self.is_plain(class_node):
            return None
        name = func.attr.value
        if not any(self.index.method_of(sub, name) is not None for sub in self.index.subclasses(class_node)):
            return None
        found = self.flow_functions(func, scope)
        return found or None

    def flow_functions(self, node: cst.BaseExpression, scope: Scope) -> list[Body]:
        """The functions a called expression may run by the object flow: `def`s, lambdas and
        methods of same-file plain objects (see `is_plain`); empty when anything else may be
        called (a Flax module, a class, a library function, a value the file does not show)."""
        binding = scope.only_binding(node.value) if isinstance(node, cst.Name) else None
        if binding is not None and isinstance(binding[1], cst.Param):
            return []  # a function a caller passes: judged per caller (see `_wrapper_runs`)
        origins = self.flow.origins(node, scope) if self.flow.converged else set()
        bodies: list[Body] = []
        for origin in origins:
            if isinstance(origin, BoundMethod):
                receivers = self.flow.classes_made(origin.receiver) if isinstance(origin.receiver, cst.Call) else set()
                if not receivers or not all(self.is_plain(class_node) for class_node in receivers):
                    return []  # a Flax module's method: the rules judge the call itself
                function = origin.function
                bodies.append(Body(function, self.index.scope_of[function], "method", [p.name.value for p in function.params.params[1:]]))
            elif isinstance(origin, cst.FunctionDef) and not self._method_function(origin):
                nested = isinstance(self.index.scope_of[origin].parent.node, cst.FunctionDef)  # type: ignore[union-attr]
                bodies.append(Body(origin, self.index.scope_of[origin], "factory" if nested else "def", [p.name.value for p in origin.params.params]))
            elif isinstance(origin, cst.Lambda):
                bodies.append(Body(origin, self.index.scope_of[origin], "lambda", [p.name.value for p in origin.params.params]))
            else:
                return []
        return bodies

    def closed_over_functions(self, node: cst.BaseExpression, scope: Scope, loop_scope: Scope) -> list[Body]:
        """`step(variables, batch, rate)` in a loop a closure runs, `step` a parameter of the
        factory that made the closure (`with_backoff(make_train_step(model))`): the one function
        the object flow says every call of the factory passes."""
        found = scope.lookup(node.value) if isinstance(node, cst.Name) else None
        if found is None or len(found[1]) != 1 or not isinstance(found[1][0], cst.Param):
            return []
        factory = found[0]
        enclosing = loop_scope.parent
        while enclosing is not None and enclosing is not factory:
            enclosing = enclosing.parent
        if enclosing is None or not isinstance(factory.node, cst.FunctionDef):
            return []
        origins = self.flow.origins(node, scope) if self.flow.converged else set()
        if len(origins) != 1:
            return []
        origin = next(iter(origins))
        if not isinstance(origin, cst.FunctionDef) or self._method_function(origin):
            return []
        nested = isinstance(self.index.scope_of[origin].parent.node, cst.FunctionDef)  # type: ignore[union-attr]
        return [Body(origin, self.index.scope_of[origin], "factory" if nested else "def", [p.name.value for p in origin.params.params])]

    def _method_function(self, function: cst.FunctionDef) -> bool:
        parent = self.index.scope_of[function].parent
        return parent is not None and parent.is_class

    def lifted_local_class(self, callee: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        """The same-file class a callee constructs, also through a lifted transform of it (see
        `unlifted`), and through a choice between two forms of one class (`nn.remat(Head) if
        cfg.remat else Head`, or a name bound once to that)."""
        if isinstance(callee, cst.Name):
            bound = scope.only_binding(callee.value)
            if bound is not None and isinstance(bound[1], cst.IfExp):
                callee, scope = bound[1], bound[0]
        if isinstance(callee, cst.IfExp):
            either = {self.lifted_local_class(branch, scope) for branch in (callee.body, callee.orelse)}
            return either.pop() if len(either) == 1 else None
        return self.local_class(*self.unlifted(callee, scope))

    def unlifted(self, callee: cst.BaseExpression, scope: Scope) -> tuple[cst.BaseExpression, Scope]:
        """The module class a callee names under lifted transforms (`nn.remat(Block)`, or a name
        bound once to one, `RematBlock = nn.remat(Block, static_argnums=(2,))`) or local aliases
        (`block = Block`), with the scope to read it in; the callee itself when it is none."""
        for _ in range(5):
            lifted, lifted_scope = callee, scope
            if isinstance(callee, cst.Name):
                bound = scope.only_binding(callee.value)
                if bound is not None and isinstance(bound[1], (cst.Name, cst.Attribute)):
                    callee, scope = bound[1], bound[0]  # `block = Block`: an alias
                    continue
                if bound is not None and isinstance(bound[1], cst.Call):
                    lifted, lifted_scope = bound[1], bound[0]
            if not (
                isinstance(lifted, cst.Call)
                and self.index.qualify(lifted.func) in LIFTED_MODULE_TRANSFORMS
                and lifted.args
                and lifted.args[0].keyword is None
                and not lifted.args[0].star
            ):
                break
            callee, scope = lifted.args[0].value, lifted_scope
        return callee, scope

    def linen_class_without_variables(self, class_node: cst.ClassDef, seen: frozenset[cst.ClassDef] = frozenset()) -> bool:
        """Whether a same-file Linen class surely creates no variable when it runs (a
        finite-difference stencil, a fixed transform, a frame dropper): its `setup` assigns only
        such modules (an `nn.Dropout`, a same-file class like it) or plain values, and every
        call in its methods is a JAX or NumPy function, a lowercase `flax.linen` function
        (`nn.relu`), an `nn.Dropout`, a builtin, one of its own methods or `setup` modules
        through `self` (also a method of such a module, `self.noise.sample(shape)`), a scope
        query (`self.make_rng(...)`, `self.is_initializing()`), or a
        method of a value that is neither `self` nor a parameter (`u.at[0].set(...)`). Anything else (`self.param`, a layer, a field or argument called, a
        helper function) might create one."""
        if not self.is_linen(class_node) or class_node in seen:
            return False
        seen = seen | {class_node}
        setup = self.self_attribute_values(class_node, "setup")
        for values in setup.values():
            for value in values:
                if isinstance(value, cst.Call) and not (
                    self.is_linen_dropout(value.func)
                    or self._local_class_without_variables(value.func, seen)
                ):
                    return False
        for statement in class_node.body.body:
            if not isinstance(statement, cst.FunctionDef):
                continue
            scope = self.index.scope_of[statement]
            self_name = self.index.self_name(scope)
            finder = CallFinder()
            walk(statement.body, finder)
            for call in finder.calls:
                constructed = statement.name.value == "setup" and any(call in v for v in setup.values())
                if not constructed and not self._call_creates_nothing(class_node, call, scope, self_name, setup, seen):
                    return False
        return True

    def _local_class_without_variables(self, func: cst.BaseExpression, seen: frozenset[cst.ClassDef]) -> bool:
        local = self.local_class(func, self.index.module_scope)
        return local is not None and self.linen_class_without_variables(local, seen)

    def _call_creates_nothing(
        self,
        class_node: cst.ClassDef,
        call: cst.Call,
        scope: Scope,
        self_name: str | None,
        setup: dict[str, list[cst.BaseExpression]],
        seen: frozenset[cst.ClassDef],
    ) -> bool:
        func = call.func
        if isinstance(func, cst.Call):  # `nn.Dropout(0.1)(x)`, `Stencil()(u)`
            return self.is_linen_dropout(func.func) or self._local_class_without_variables(func.func, seen)
        if self.is_linen_dropout(func) or self._local_class_without_variables(func, seen):
            return True
        qualified = self.index.qualify(func)
        if qualified is not None:
            module, _, name = qualified.rpartition(".")
            if module.startswith(("jax", "numpy", "math")):
                return True
            return module == "flax.linen" and name[:1].islower() and name not in LINEN_VARIABLE_METHODS
        root = root_name(func)
        if root is None:
            return False
        if root.value == self_name:
            held_method = isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute) and func.value.value is root
            if held_method:  # `self.explorer.gumbel(key, shape)`: a method of a `setup` module checked above
                held = setup.get(func.value.attr.value, [])  # type: ignore[union-attr]
                return bool(held) and all(isinstance(v, cst.Call) for v in held)
            if not (isinstance(func, cst.Attribute) and func.value is root):
                return False
            if self.index.method_of(class_node, func.attr.value) is not None:
                return True
            if func.attr.value in _MODULE_METHODS_CREATING_NOTHING and self.index.defining_class(class_node, func.attr.value) is None:
                return True  # `self.make_rng("augment")` draws a key
            held = setup.get(func.attr.value, [])  # a `setup` module checked above
            return bool(held) and all(isinstance(v, cst.Call) for v in held)
        found = scope.lookup(root.value)
        if isinstance(func, cst.Name):
            return found is None  # a builtin
        if isinstance(func, cst.Attribute) and func.attr.value in ("apply", "init", "init_with_output", "bind"):
            return False
        bindings = found[1] if found is not None else []
        return not any(isinstance(b, (cst.ClassDef, cst.FunctionDef)) for b in bindings)

    def linen_module_class(self, callee: cst.BaseExpression, scope: Scope) -> str | None:
        """The name of the Linen module class a callee refers to (flax.linen or same file), also
        through a lifted transform of it (`nn.remat(Block)`, or a name bound once to one)."""
        callee, scope = self.unlifted(callee, scope)
        name = flax_class_name(self.index.qualify(callee), (LINEN,), LINEN_MODULE_CLASSES)
        if name is not None:
            return name if name != "Module" else None
        local = self.local_class(callee, scope)
        if local is not None:
            return local.name.value if self.is_linen(local) else None
        return self.index.imported_class_deriving(callee, scope, is_linen_class_name)

    def is_linen_dropout(self, callee: cst.BaseExpression) -> bool:
        return flax_class_name(self.index.qualify(callee), (LINEN,), LINEN_MODULE_CLASSES) == "Dropout"

    def is_linen_batch_norm(self, callee: cst.BaseExpression) -> bool:
        return flax_class_name(self.index.qualify(callee), (LINEN,), LINEN_MODULE_CLASSES) == "BatchNorm"

    def is_linen_spectral_norm(self, callee: cst.BaseExpression) -> bool:
        return flax_class_name(self.index.qualify(callee), (LINEN,), LINEN_MODULE_CLASSES) == "SpectralNorm"

    def is_linen_attention(self, callee: cst.BaseExpression) -> bool:
        """A Linen attention layer, which with `decode=True` updates its `cache` at every call
        under `apply`."""
        name = flax_class_name(self.index.qualify(callee), (LINEN,), LINEN_MODULE_CLASSES)
        return name in ("MultiHeadDotProductAttention", "MultiHeadAttention", "SelfAttention")

    def nnx_module_class(
        self, callee: cst.BaseExpression, scope: Scope
    ) -> str | cst.ClassDef | None:
        """A flax.nnx module class name, or a same-file NNX class, that a callee refers to."""
        name = flax_class_name(self.index.qualify(callee), NNX_PREFIXES, NNX_MODULE_CLASSES)
        if name is not None:
            return name
        local = self.local_class(callee, scope)
        return local if self.is_nnx(local) else None

    def is_nnx_variable_class(self, callee: cst.BaseExpression) -> bool:
        """`nnx.Param`, `nnx.Variable`, ..., or a class of this or another project file that
        derives from one (`class Count(nnx.Variable)`)."""
        if is_nnx_variable_name(self.index.qualify(callee)):
            return True
        scope = self.index.module_scope
        local = self.local_class(callee, scope)
        if local is not None:
            return self._derives(local, self._is_nnx_variable_base, self._nnx_variables, set())
        return self.index.imported_class_deriving(callee, scope, is_nnx_variable_name) is not None

    def _is_nnx_variable_base(self, node: cst.BaseExpression, scope: Scope) -> bool:
        if is_nnx_variable_name(self.index.qualify(node)):
            return True
        return self.index.imported_class_deriving(node, scope, is_nnx_variable_name) is not None

    def is_nnx_rngs_class(self, callee: cst.BaseExpression) -> bool:
        return (
            flax_class_name(self.index.qualify(callee), NNX_PREFIXES, frozenset({"Rngs"})) is not None
        )

    def decorated_compact(self, function: cst.FunctionDef) -> bool:
        return any(
            self.index.qualify(d.decorator) == "flax.linen.compact" for d in function.decorators
        )

    def creates_lazily(self, class_node: cst.ClassDef) -> bool:
        """Whether Linen lets this class create variables outside `setup` (it has a compact
        method). Without one, Flax rejects `self.param` and submodule construction outside
        `setup` with its own clear error, scan or not. A compact method a same-file base
        defines counts: the subclass runs it."""
        class_scope = self.index.scope_of[class_node]
        own = any(
            isinstance(value, cst.FunctionDef) and self.decorated_compact(value)
            for values in class_scope.bindings.values()
            for value in values
        )
        return own or any(self.creates_lazily(base) for base in self.index.same_file_bases(class_node) if base is not class_node)

    def self_class(self, node: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        """The class whose `self` `node` is: the enclosing method's first parameter, or a
        parameter of a loop body that `functools.partial(body, self)` fills with a method's
        `self` (`def step(module, carry, x): module.param(...)`)."""
        if not isinstance(node, cst.Name):
            return None
        found = scope.lookup(node.value)
        if found is not None and len(found[1]) == 1 and isinstance(found[1][0], cst.Param):
            aliased = self._partial_selves().get(found[1][0])
            if aliased is not None:
                return aliased
        if node.value != self.index.self_name(scope):
            return None
        method = scope.enclosing_method()
        if found is None or method is None or found[0].node is not method[0]:
            return None
        return self._mixed_into(method[1], method[0]) or method[1]

    def _mixed_into(self, class_node: cst.ClassDef, method: cst.FunctionDef) -> cst.ClassDef | None:
        """For a method of a plain mixin class that the file never builds by itself
        (`class NoiseMixin:` with `class Model(NoiseMixin, nn.Module)`): the one Linen or NNX
        class that runs it as its own, whose module `self` then is."""
        if not self.is_plain(class_node):
            return None
        class_scope = self.index.scope_of.get(class_node)
        if class_scope is None or class_scope.parent is None or list(self.index.calls_of(class_node.name.value, class_scope.parent)):
            return None
        runners = [
            sub
            for sub in self.index.subclasses(class_node)
            if self.index.defining_class(sub, method.name.value) is class_node
        ]
        modules = [sub for sub in runners if self.is_linen(sub) or self.is_nnx(sub)]
        return modules[0] if len(modules) == 1 and len(runners) == 1 else None

    def _partial_selves(self) -> dict[cst.Param, cst.ClassDef]:
        """Parameters of loop bodies that `functools.partial` binds to a method's `self`."""
        if not hasattr(self, "_partial_self_params"):
            found: dict[cst.Param, cst.ClassDef] = {}

            def bind(function: cst.CSTNode, args: Sequence[cst.Arg], scope: Scope) -> None:
                for param, value in parameters_filled(function, args):
                    owner = self._method_self(value, scope)
                    if owner is not None:
                        found[param] = owner

            for loop in self.index.loops:
                for param, (value, scope) in _filled_by_call_site(self.index, loop).items():
                    owner = self._method_self(value, scope)
                    if owner is not None:
                        found[param] = owner
            # A helper the body calls with the module (`lambda h, x: rnn_step(self, h, x)`),
            # when every such call in a loop body passes the `self` of one class there; and on
            # from there (`self.probes.run(self, h)` whose method hands `module` to each probe).
            handed_to: list[tuple[cst.CSTNode, Sequence[cst.Arg], Scope, bool]] = []
            for loop in self.index.loops:
                code = self.body_code(loop)
                for call, scope in code.calls if code is not None else []:
                    helper = self.index.resolve_callable(call.func, scope)
                    if helper is not None and helper.via == "partial" and isinstance(call.func, cst.Name):
                        # `decay = partial(ssm_step, self)`, then `decay(h)` in the body.
                        made = scope.lookup(call.func.value)
                        partial_call = self.index.value_of(call.func.value, scope)
                        if made is not None and isinstance(partial_call, cst.Call) and self.index.qualify(partial_call.func) == PARTIAL:
                            handed_to.append((helper.node, partial_call.args[1:], made[0], False))
                        continue
                    # `for hook in self.hooks: hook(self, h)`: each function the object flow gives
                    helpers = [helper] if helper is not None else (
                        self.plain_object_methods(call, scope, code) or self.flow_functions(call.func, scope)
                    )
                    for each in helpers:
                        if each.via in ("def", "lambda", "variable", "method"):
                            handed_to.append((each.node, call.args, scope, each.via == "method"))
            known = dict(found)
            for round_ in range(4):
                handed: dict[cst.Param, set[cst.ClassDef | None]] = {}
                direct: set[cst.Param] = set()  # filled by a function the body itself calls
                for function, args, scope, bound_method in handed_to:
                    for param, value in parameters_filled(function, args, bound_method=bound_method):
                        handed.setdefault(param, set()).add(self._handed_self(value, scope, known))
                        if round_ == 0 and not bound_method:
                            direct.add(param)
                added = {
                    param: next(iter(owners))
                    for param, owners in handed.items()
                    if len(owners) == 1 and None not in owners and param not in known
                    # through an object's method or handed on: a module's `self` only
                    and (param in direct or self.is_linen(next(iter(owners))) or self.is_nnx(next(iter(owners))))
                }
                if not added:
                    break
                known.update(added)  # type: ignore[arg-type]
            found.update(known)
            found.update(self._function_method_selves())
            # `nn.cond(pred, true_fun, false_fun, self, *operands)` calls each branch with `self`.
            for lifted in self.index.calls_to(*_LIFTED_BRANCHES):
                branches = [a.value for a in lifted.call.args[1:3]]
                module_arg = lifted.call.args[3:4]
                for branch in branches:
                    function = self.index.resolve_callable(branch, lifted.scope)
                    if function is not None:
                        bind(function.node, module_arg, lifted.scope)
            self._partial_self_params = found
        return self._partial_self_params

    def _function_method_selves(self) -> dict[cst.Param, cst.ClassDef]:
        """`model.apply(variables, xs, method=rollout)` with `def rollout(module, xs)` at module
        level: Flax calls the function with the bound module first, so `module` is the `self`
        of the Linen class every such call applies."""
        cached = self.__dict__.get("_function_method_self_params")
        if cached is not None:
            return cached
        finder = _ScopedAttributeCalls(self.index, self.index.module_scope, frozenset({"apply", "init", "init_with_output"}))
        walk(self.index.module, finder)
        owners: dict[cst.Param, set[cst.ClassDef | None]] = {}
        initialising: set[cst.FunctionDef] = set()
        for call, scope in finder.calls:
            method = keyword_argument(call, "method")
            function = self.index.resolve_callable(method, scope) if isinstance(method, cst.Name) else None
            if function is None or function.via != "def" or not isinstance(function.node, cst.FunctionDef):
                continue
            assert isinstance(call.func, cst.Attribute)
            if call.func.attr.value != "apply":
                initialising.add(function.node)
            positional = [*function.node.params.posonly_params, *function.node.params.params]
            if not positional or function.scope.parent is not self.index.module_scope:
                continue
            made = self.flow_instances(call.func.value, scope) or []
            classes = {c for construction, _ in made for c in self.flow.classes_made(construction)}
            owner = classes.pop() if len(classes) == 1 else None
            owners.setdefault(positional[0], set()).add(owner if owner is not None and self.is_linen(owner) else None)
        found = {param: next(iter(each)) for param, each in owners.items() if len(each) == 1 and None not in each}
        self.__dict__["_function_method_self_params"] = found
        self.__dict__["_functions_init_runs"] = initialising
        return found  # type: ignore[return-value]

    def function_method_class(self, scope: Scope) -> tuple[cst.ClassDef, bool] | None:
        """For the scope of a module-level function that `apply` runs as its `method=`: the Linen
        class whose module it is handed, and whether an `init` also runs it."""
        function = scope.node
        if not isinstance(function, cst.FunctionDef):
            return None
        positional = [*function.params.posonly_params, *function.params.params]
        class_node = self._function_method_selves().get(positional[0]) if positional else None
        if class_node is None:
            return None
        return class_node, function in self.__dict__["_functions_init_runs"]

    def function_method_runs(self, call: cst.Call, scope: Scope) -> list[Body]:
        """`module(x)` or `module.step(x)` in a module-level function that `apply` runs as its
        `method=` (see `_function_method_selves`): the method of the module's class it runs."""
        func = call.func
        holder, name = (func.value, func.attr.value) if isinstance(func, cst.Attribute) else (func, "__call__")
        found = scope.only_binding(holder.value) if isinstance(holder, cst.Name) else None
        class_node = self._function_method_selves().get(found[1]) if found is not None and isinstance(found[1], cst.Param) else None
        owner = self.index.defining_class(class_node, name) if class_node is not None else None
        method = self.index.method_of(owner, name) if owner is not None else None
        if method is None:
            return []
        return [Body(method, self.index.scope_of[method], "method", [p.name.value for p in method.params.params[1:]])]

    def _handed_self(self, node: cst.BaseExpression, scope: Scope, known: dict[cst.Param, cst.ClassDef]) -> cst.ClassDef | None:
        """The class whose `self` an argument is: a method's `self`, or a parameter already
        known to be handed one."""
        owner = self._method_self(node, scope)
        if owner is not None or not isinstance(node, cst.Name):
            return owner
        found = scope.only_binding(node.value)
        return known.get(found[1]) if found is not None and isinstance(found[1], cst.Param) else None

    def _method_self(self, node: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        if not isinstance(node, cst.Name) or node.value != self.index.self_name(scope):
            return None
        found = scope.lookup(node.value)
        method = scope.enclosing_method()
        if found is None or method is None or found[0].node is not method[0]:
            return None
        return method[1]

    def linen_self(self, node: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        """The Linen class whose module `node` (a method's `self`) is: its own class, or for a
        plain mixin's method, the one same-file Linen class that uses the mixin."""
        class_node = self.self_class(node, scope)
        if class_node is not None and self.is_plain(class_node):
            users = self.index.subclasses(class_node)
            return users[0] if len(users) == 1 and self.is_linen(users[0]) else None
        return class_node if self.is_linen(class_node) else None

    def nnx_self(self, node: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        class_node = self.self_class(node, scope)
        return class_node if self.is_nnx(class_node) else None

    def submodule_field(self, class_node: cst.ClassDef, attribute: str) -> bool:
        """Whether a Linen class declares `attribute` as a field holding a Linen module (`net:
        nn.Module`, `cell: GRUCell`), or a sequence of them (`hooks: Sequence[nn.Module]`), that
        is fresh where the module is made: every construction of the class in this file passes
        new modules there (`NeuralODE(MLP())`). A module passed in that another module owns
        (`Wrapper(cell=self.dense)`) may have been called first there, and a construction this
        file does not show is unknown: neither counts."""
        return bool(self.field_modules(class_node, attribute))

    def field_modules(self, class_node: cst.ClassDef, attribute: str) -> list[tuple[cst.Call, Scope]]:
        """The constructions of the fresh modules a submodule field holds over every
        construction of its class (see `submodule_field`); empty when one is not such."""
        if attribute in self.self_attribute_values(class_node, "setup"):
            return []
        class_scope = self.index.scope_of.get(class_node)
        if class_scope is None or not self._declares_module_field(class_node, attribute, class_scope):
            return []
        modules: list[tuple[cst.Call, Scope]] = []
        for value, scope in constructor_arguments(self.index, class_node, None, attribute):
            elements = [e.value for e in value.elements] if isinstance(value, (cst.Tuple, cst.List)) else [value]
            for element in elements:
                if not isinstance(element, cst.Call) or self.linen_module_class(element.func, scope) is None:
                    return []
                modules.append((element, scope))
        return modules

    def _declares_module_field(self, class_node: cst.ClassDef, attribute: str, class_scope: Scope) -> bool:
        for statement in class_statements(class_node):
            if isinstance(statement, cst.AnnAssign) and isinstance(statement.target, cst.Name):
                if statement.target.value == attribute:
                    annotation = statement.annotation.annotation
                    container = self.index.qualify(annotation.value) or dotted(annotation.value) if isinstance(annotation, cst.Subscript) else None
                    if isinstance(annotation, cst.Subscript) and container in _SEQUENCE_ANNOTATIONS:
                        inner = annotation.slice[0].slice  # `Sequence[nn.Module]`, `tuple[Hook, ...]`
                        annotation = inner.value if isinstance(inner, cst.Index) else annotation
                    if self.index.qualify(annotation) == LINEN + "Module":
                        return True
                    return self.linen_module_class(annotation, class_scope) is not None
        return False

    def self_attribute_values(
        self, class_node: cst.ClassDef, method_name: str
    ) -> dict[str, list[cst.BaseExpression]]:
        """What `self.<attr> = value` statements in one method (setup, __init__) assign."""
        return self.index.self_attribute_values(class_node, method_name)

    def setup_values(self, class_node: cst.ClassDef, attribute: str) -> list[cst.BaseExpression]:
        """What a Linen module's `setup` assigns to `self.<attribute>`, itself or through the
        helper methods it surely runs (`self.build_tracker()`, also a mixin's)."""
        setup = self.index.method_of(class_node, "setup")
        if setup is None:
            return []
        values = list(self.self_attribute_values(class_node, "setup").get(attribute, []))
        return values + [v for _, stored in self.index.stored_by_init_helpers(class_node, setup, attribute) for v in stored]

    def linen_instance_class(self, node: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        """The same-file Linen class of the module an expression holds: a name bound to its
        construction, or a parameter of a module-level function, or of a plain class's
        `__init__` (`Propagator(model, variables)`), that every call in the file fills with one."""
        constructions = self.linen_instances(node, scope)
        if not constructions:
            return None
        classes = [self.lifted_local_class(call.func, call_scope) for call, call_scope in constructions]
        return classes[0] if classes[0] is not None and all(c is classes[0] for c in classes) else None

    def linen_instances(self, node: cst.BaseExpression, scope: Scope) -> list[tuple[cst.Call, Scope]] | None:
        """The constructions of same-file Linen modules that the module an expression holds may
        be (see `linen_instance_class`), each with its scope; None when one is not known."""
        made = self.instances(node, scope)
        if not made or not all(self.is_linen(self.lifted_local_class(call.func, call_scope)) for call, call_scope in made):
            return None
        return made

    def is_plain(self, class_node: cst.ClassDef, depth: int = 0) -> bool:
        """Whether a same-file class is a plain Python class: each base is `object`, an `abc.ABC`,
        a `typing.Generic`/`Protocol`, or a same-file plain class (a base of another file could
        be a Flax module)."""
        if depth > 4:
            return False
        scope = self._class_scopes.get(class_node)
        if scope is None:
            return False
        for base in class_node.bases:
            if base.keyword is not None:
                continue  # `metaclass=ABCMeta`
            named = base.value.value if isinstance(base.value, cst.Subscript) else base.value  # `Generic[M]`
            local = self.local_class(named, scope)
            if local is not None:
                if not self.is_plain(local, depth + 1):
                    return False
            elif not (
                (isinstance(named, cst.Name) and named.value == "object" and scope.lookup("object") is None)
                or self.index.qualify(named) in _PLAIN_BASES
            ):
                return False
        return True

    def plain_object_methods(self, call: cst.Call, scope: Scope, code: BodyCode | None = None) -> list[Body]:
        """The methods a call may run on an object of same-file plain classes (see `is_plain`):
        `arm.predict(x)`, `self.teacher.soft_targets(x)`, `wrapper(variables, x)` (its
        `__call__`), `cb.on_step(state)` for each class of the callbacks a `for` goes over, with
        the object found as `instances` finds it (a name bound to a construction, a parameter
        every call fills with one, an attribute `__init__` stores, an element of a list of
        them). Empty when any of the objects may be of another kind: Flax modules are left out,
        as the rules judge their calls at the call."""
        func = call.func
        looked_up = self.looked_up_method(func, scope, code)
        if looked_up is not None:  # `hook = getattr(cb, f"on_{event}", None)`, then `hook(**kwargs)`
            holder, holder_scope, names, default = looked_up
            methods = []
            for name in names:
                methods += self._plain_methods(holder, name, holder_scope, code, missing_ok=default)
            return methods
        holder, name = (func.value, func.attr.value) if isinstance(func, cst.Attribute) else (func, "__call__")
        if name.startswith("__") and name != "__call__":
            return []
        methods = self._plain_methods(holder, name, scope, code)
        if not methods and isinstance(func, cst.Attribute):  # `self.augmenter(batch)`: the object's `__call__`
            methods = self._plain_methods(func, "__call__", scope, code)
        return methods

    def held_functions(self, node: cst.BaseExpression, scope: Scope, depth: int = 0) -> list[Body]:
        """See `_held_functions`; else the functions the object flow says the expression may
        be (`flow_functions`)."""
        found = self._held_functions(node, scope, depth)
        if found or depth > 0:
            return found
        return self.flow_functions(node, scope)

    def _held_functions(self, node: cst.BaseExpression, scope: Scope, depth: int = 0) -> list[Body]:
        """The functions a called expression the resolver does not resolve may run: what a
        method or function returns (`self.stepper(name)(x)`), the elements of a container a
        name or object keeps (`self._steppers[name]`, filled by `self._steppers[name] =
        make_step(model)`; `for fn in self.fns`, filled by a `@hooks.register` decorator), and
        what every call passes for a parameter of a plain object's method, each resolved as a
        callable. Empty when any of them is not known."""
        if depth > 3:
            return []
        values: list[tuple[cst.BaseExpression, Scope]] | None
        if isinstance(node, cst.Name):
            found = scope.only_binding(node.value)
            iterated = self.loop_iterates(node, scope) if found is None or found[1] is OPAQUE else None
            if iterated is not None:  # `for fn in self.fns: fn(x)`, filled by `@hooks.register`
                values = self.container_elements(*iterated)
            elif found is not None and isinstance(found[1], (cst.Call, cst.Subscript)):
                return self.held_functions(found[1], found[0], depth + 1)  # `step = self.stepper(name)`
            elif found is not None and isinstance(found[1], cst.Param) and _plain_method_scope(self, found[0]):
                values = self.parameter_arguments(found[1], found[0])  # `register(self, fn)` keeping `fn`
            else:
                return []
        elif isinstance(node, cst.Call):
            values = self.method_returns(node, scope)
        elif isinstance(node, cst.Subscript):
            values = self.container_elements(node.value, scope)
        else:
            return []
        bodies: dict[cst.CSTNode, Body] = {}
        for value, value_scope in values or []:
            resolved = self.index.resolve_callable(value, value_scope)
            found = [resolved] if resolved is not None else self.held_functions(value, value_scope, depth + 1)
            if not found:
                return []
            bodies.update((body.node, body) for body in found if body.node not in bodies)
        if isinstance(node, cst.Subscript) and len(bodies) > 1:
            # `self.handlers[self.mode]` with the mode known: the one stored under that key
            picked = {body.node for body in self.flow_functions(node, scope)}
            if picked and picked < bodies.keys():
                return [body for function, body in bodies.items() if function in picked]
        return list(bodies.values())

    def closure_made_without_arrays(self, value: cst.BaseExpression, scope: Scope) -> bool:
        """Whether a call of a same-file factory returns a function it defines, and the factory
        calls nothing but `.bind(...)`, `functools.partial` and wrappers that run a function as
        it is (`jax.jit`) while making it: what it gives holds no array it computed."""
        made = self.index.resolve_callable(value, scope) if isinstance(value, cst.Call) else None
        factory = self.index.factory_of(value, scope) if made is not None and made.via == "factory" else None
        if factory is None:
            return False
        calls = _CallsOutsideNested()
        walk(factory[1].body, calls)
        return all(
            (isinstance(call.func, cst.Attribute) and call.func.attr.value == "bind")
            or self.index.qualify(call.func) in (PARTIAL, *SAME_FUNCTION_WRAPPERS)
            for call in calls.calls
        )

    def looked_up_method(
        self, func: cst.BaseExpression, scope: Scope, code: BodyCode | None
    ) -> tuple[cst.BaseExpression, Scope, list[str], bool] | None:
        """For a name bound once to `obj.method`, `getattr(obj, name)` or `getattr(obj, name,
        None)`: the object, the method names the name argument may spell (a string, or an f-string or sum
        whose parts are strings and parameters every call of the enclosing function in the body
        fills with a string), and whether a default is given (objects without it are skipped)."""
        if not isinstance(func, cst.Name):
            return None
        found = scope.only_binding(func.value)
        if found is not None and isinstance(found[1], cst.Attribute):  # `hook = cb.on_step_end`
            return found[1].value, found[0], [found[1].attr.value], False
        if found is None or not isinstance(found[1], cst.Call):
            return None
        binding_scope, lookup = found
        if not (
            isinstance(lookup.func, cst.Name)
            and lookup.func.value == "getattr"
            and binding_scope.lookup("getattr") is None
            and len(lookup.args) in (2, 3)
            and not any(arg.keyword or arg.star for arg in lookup.args)
        ):
            return None
        names = self._spelled_strings(lookup.args[1].value, binding_scope, code)
        if not names:
            return None
        return lookup.args[0].value, binding_scope, names, len(lookup.args) == 3

    def _spelled_strings(self, node: cst.BaseExpression, scope: Scope, code: BodyCode | None) -> list[str] | None:
        """The strings an expression may be, when each of its parts is known (see
        `looked_up_method`); None otherwise."""
        if isinstance(node, cst.SimpleString):
            value = node.evaluated_value
            return [value] if isinstance(value, str) else None
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            left = self._spelled_strings(node.left, scope, code)
            right = self._spelled_strings(node.right, scope, code)
            return [a + b for a in left for b in right] if left is not None and right is not None else None
        if isinstance(node, cst.FormattedString):
            spelled = [""]
            for part in node.parts:
                if isinstance(part, cst.FormattedStringText):
                    options: list[str] | None = [part.value]
                elif part.conversion is None and part.format_spec is None:
                    options = self._spelled_strings(part.expression, scope, code)
                else:
                    options = None
                if options is None:
                    return None
                spelled = [a + b for a in spelled for b in options]
            return spelled
        if not isinstance(node, cst.Name) or code is None:
            return None
        found = scope.only_binding(node.value)
        if found is None:
            return None
        binding_scope, binding = found
        if isinstance(binding, cst.SimpleString):
            return self._spelled_strings(binding, binding_scope, code)
        if not isinstance(binding, cst.Param):
            return None
        calls = code.entries.get(binding_scope.node, [])
        bound_method = binding_scope.enclosing_class() is not None
        spelled_by_calls: list[str] = []
        for call, call_scope in calls:
            filled = dict(parameters_filled(binding_scope.node, call.args, bound_method=bound_method))
            value = filled.get(binding)
            spelled = self._spelled_strings(value, call_scope, None) if value is not None else None
            if spelled is None:
                return None
            spelled_by_calls += spelled
        return list(dict.fromkeys(spelled_by_calls)) or None

    def _plain_methods(
        self, holder: cst.BaseExpression, name: str, scope: Scope, code: BodyCode | None, missing_ok: bool = False
    ) -> list[Body]:
        holder, holder_scope = (code.bound_argument(holder, scope) if code is not None else None) or (holder, scope)
        made = self.instances(holder, holder_scope) or []
        # in the order they are made; `PLUGINS[name](cfg)` may make any class the registry holds
        classes = list(dict.fromkeys(c for call, c_scope in made for c in self.constructed_classes(call, c_scope)))
        methods: list[Body] = []
        for class_node in classes:
            if class_node is None or not self.is_plain(class_node):
                return []
            owner = self.index.defining_class(class_node, name)
            method = self.index.method_of(owner, name) if owner is not None else None
            if method is None and missing_ok and owner is None:
                continue  # `getattr(cb, "on_step_end", None)`: an object without it is skipped
            if method is None or is_staticmethod(method) or is_classmethod(method):
                return []
            if all(method is not known.node for known in methods):
                methods.append(Body(method, self.index.scope_of[method], "method", [p.name.value for p in method.params.params[1:]]))
        return methods

    def constructed_classes(self, construction: cst.Call, scope: Scope) -> list[cst.ClassDef | None]:
        """The same-file classes a construction may make: the one its callee names, else those
        the object flow says it makes (a registry's classes, `PLUGINS[name](cfg)`); `[None]`
        when not known."""
        named = self.local_class(construction.func, scope)
        if named is not None:
            return [named]
        made = sorted(self.flow.classes_made(construction), key=lambda c: c.name.value)
        return made or [None]  # type: ignore[return-value]

    def instance_class(self, node: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        """The one same-file class of the object an expression holds (see `instances`)."""
        made = self.instances(node, scope)
        classes = {self.local_class(call.func, call_scope) for call, call_scope in made or []}
        return classes.pop() if len(classes) == 1 else None

    def instances(self, node: cst.BaseExpression, scope: Scope, depth: int = 0) -> list[tuple[cst.Call, Scope]] | None:
        """The constructions of same-file classes that the object an expression holds may be,
        each with its scope: a name bound once to one, or a parameter of a module-level function
        or of a plain class's `__init__` that every call in the file fills with such an object
        (`make_rollout(Actor(...), 5)`), any element of a list or tuple of such objects, and the
        variable of a `for` over one (`for hook in self.hooks`); else what the object flow
        says it may be, when every object it may be is such a construction. None when one
        is not known."""
        found = self._followed_instances(node, scope, depth)
        if found is not None or depth > 0:
            return found
        return self.flow_instances(node, scope)

    def flow_instances(self, node: cst.BaseExpression, scope: Scope) -> list[tuple[cst.Call, Scope]] | None:
        """The constructions of same-file classes an expression may hold, by the object flow;
        None when it may hold anything else."""
        values = self.flow.values(node, scope)
        if values is None or not all(isinstance(value, cst.Call) and self.flow.classes_made(value) for value, _ in values):
            return None
        return values  # type: ignore[return-value]

    def _followed_instances(self, node: cst.BaseExpression, scope: Scope, depth: int = 0) -> list[tuple[cst.Call, Scope]] | None:
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Name)
            and node.func.value in ("list", "tuple")
            and scope.lookup(node.func.value) is None
            and len(node.args) == 1
            and not node.args[0].keyword
            and not node.args[0].star
        ):  # `self.callbacks = list(callbacks)`: the same objects
            return self.instances(node.args[0].value, scope, depth)
        drawn_from = self._iterator_source(node, scope) if depth <= 4 else None
        if drawn_from is not None:  # `next(self._cycle)` with `self._cycle = itertools.cycle(self.pool)`
            elements = self.container_elements(*drawn_from, depth + 1)
            return joined(elements, lambda value, value_scope: self.instances(value, value_scope, depth + 1)) if elements else None
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Subscript) and not node.args and depth <= 4:
            zoo = self._zoo_instances(node.func, depth)  # `ZOO[name]()`
            if zoo is not None:
                return zoo
        if isinstance(node, cst.Call) and self.lifted_local_class(node.func, scope) is not None:
            return [(node, scope)]  # also `RematBlock()` with `RematBlock = nn.remat(Block)`
        if depth > 4:
            return None
        if isinstance(node, cst.Call):
            return self._built_by(node, scope, depth)
        if isinstance(node, (cst.List, cst.Tuple)):  # `hooks=[history, ShapePrinter()]`: any of them
            made_any: list[tuple[cst.Call, Scope]] = []
            for element in node.elements:
                each = None if isinstance(element, cst.StarredElement) else self.instances(element.value, scope, depth)
                if not each:
                    return None
                made_any += each
            return made_any  # `[]` holds nothing: no object
        if isinstance(node, cst.Subscript):  # `self._sessions[user]`: any element of the container
            elements = self.container_elements(node.value, scope, depth)
            kept = joined(elements, lambda element, element_scope: self.instances(element, element_scope, depth + 1)) if elements else None
            return kept or None
        if isinstance(node, cst.Attribute):  # `self.model` in a runner object's method
            stored = self._plain_self_attribute(node, scope)
            if stored is not None:
                return self.instances(*stored, depth + 1)
            return self._kept_instances(node, scope, depth)
        if not isinstance(node, cst.Name):
            return None
        found = scope.only_binding(node.value)
        if found is None or found[1] is OPAQUE:  # `for hook in self.hooks:`, `[m(x) for m in ms]`
            iterated = self.loop_iterates(node, scope)
            return self._iterated_instances(*iterated, depth + 1) if iterated is not None else None
        binding_scope, binding = found
        if isinstance(binding, cst.Call):
            return self.instances(binding, binding_scope)
        if isinstance(binding, (cst.Attribute, cst.Subscript)) and isinstance(binding_scope.node, cst.FunctionDef):
            return self.instances(binding, binding_scope, depth + 1)  # `adapter = self.adapters[store_id]`
        if isinstance(binding, Unpacked):  # `model, params = build(cfg)`: what `build` returns there
            returned = self.index.unpacked_values(binding, binding_scope)
            made_by_returns: list[tuple[cst.Call, Scope]] = []
            for value, value_scope in returned or []:
                each = self.instances(value, value_scope, depth + 1)
                if not each:
                    return None
                made_by_returns += each
            return made_by_returns or None
        if not isinstance(binding, cst.Param):
            return None
        method = binding_scope.enclosing_method()
        if (
            method is not None
            and method[0] is binding_scope.node
            and _first_parameter(method[0]) is binding
            and not is_staticmethod(method[0])
            and not is_classmethod(method[0])
        ):  # a plain method's `self`: every object of its class
            return self._objects_of(method[1])
        made: list[tuple[cst.Call, Scope]] = []
        for value, value_scope in self.parameter_arguments(binding, binding_scope) or []:
            instances = self.instances(value, value_scope, depth + 1)
            if instances is None:
                return None
            made += instances
        return made or None

    def container_elements(
        self, node: cst.BaseExpression, scope: Scope, depth: int = 0
    ) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """What the elements of a list, tuple or dict (its values) an expression holds may be,
        each with its scope: a literal's elements, a comprehension's element, `list(x)`,
        `x.values()`, a name bound once to such a container (with what the function then
        appends or stores into it), a parameter every call fills with one, and `self.<attr>` of
        a plain class (what `__init__` stores there and what any method appends or stores into
        it). None when the container may hold what the file does not show."""
        if depth > 8:  # deeper than `instances`: a container is often reached through objects
            return None
        if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
            found: list[tuple[cst.BaseExpression, Scope]] = []
            for element in node.elements:
                inner = (
                    self.container_elements(element.value, scope, depth + 1)
                    if isinstance(element, cst.StarredElement)
                    else [(element.value, scope)]
                )
                if inner is None:
                    return None
                found += inner
            return found
        if isinstance(node, cst.Dict):
            if any(not isinstance(e, cst.DictElement) for e in node.elements):
                return None
            return [(e.value, scope) for e in node.elements]  # type: ignore[union-attr]
        if isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp)):
            return [(node.elt, scope)]
        if isinstance(node, cst.DictComp):
            return [(node.value, scope)]
        if isinstance(node, cst.Call):
            func = node.func
            if (
                isinstance(func, cst.Name)
                and func.value in ("list", "tuple")
                and scope.lookup(func.value) is None
                and len(node.args) == 1
                and not node.args[0].keyword
                and not node.args[0].star
            ):
                return self.container_elements(node.args[0].value, scope, depth + 1)
            if isinstance(func, cst.Attribute) and func.attr.value in ("values", "copy") and not node.args:
                return self.container_elements(func.value, scope, depth + 1)
            return None
        if isinstance(node, cst.Name):
            found_binding = scope.only_binding(node.value)
            if found_binding is None:
                return None
            binding_scope, binding = found_binding
            if isinstance(binding, cst.Param) and isinstance(binding_scope.node, cst.FunctionDef) and binding is binding_scope.node.params.star_arg:
                return self.star_arguments(binding, binding_scope)  # `def __init__(self, *hooks)`
            if isinstance(binding, cst.Param):
                passed = self.parameter_arguments(binding, binding_scope)
                if not passed:
                    return None
                return joined(passed, lambda value, value_scope: self.container_elements(value, value_scope, depth + 1))
            if isinstance(binding, Unpacked):  # `model, callbacks = build(cfg)`: what `build` returns there
                returned = self.index.unpacked_values(binding, binding_scope)
                return joined(returned, lambda value, value_scope: self.container_elements(value, value_scope, depth + 1)) if returned else None
            if not isinstance(binding, cst.BaseExpression) or not isinstance(binding_scope.node, (cst.FunctionDef, cst.Module)):
                return None
            initial = self.container_elements(binding, binding_scope, depth + 1)
            if initial is None:
                return None
            stores = _ContainerStores(lambda target: isinstance(target, cst.Name) and target.value == node.value)
            walk(binding_scope.node if isinstance(binding_scope.node, cst.FunctionDef) else self.index.module, stores)
            if stores.unknown:
                return None
            return initial + [(value, binding_scope) for value in stores.values]
        if isinstance(node, cst.Attribute):
            return self._attribute_elements(node, scope, depth)
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Attribute):
            return self._nested_list_elements(node.value, scope, depth)
        return None

    def _nested_list_elements(
        self, node: cst.Attribute, scope: Scope, depth: int
    ) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """`self.hooks[event]` of a plain class whose `__init__` starts `self.hooks` as an empty
        dict (or `defaultdict(list)`): what its methods add to any of the lists it holds
        (`self.hooks[event].append(fn)`), and the elements of the lists they store in it."""
        stored = self._plain_self_attribute(node, scope)
        found = scope.enclosing_method()
        if stored is None or found is None or not _empty_dict(self.index, stored[0]):
            return None
        elements: list[tuple[cst.BaseExpression, Scope]] = []
        for statement in found[1].body.body:
            if not isinstance(statement, cst.FunctionDef):
                continue
            method_scope = self.index.scope_of[statement]
            method_self = self.index.self_name(method_scope)

            def is_holder(target: cst.BaseExpression, method_self: str | None = method_self) -> bool:
                return (
                    isinstance(target, cst.Attribute)
                    and isinstance(target.value, cst.Name)
                    and target.value.value == method_self
                    and target.attr.value == node.attr.value
                )

            lists = _ContainerStores(lambda target: isinstance(target, cst.Subscript) and is_holder(target.value))
            walk(statement.body, lists)
            whole = _ContainerStores(is_holder)  # `self.hooks[event] = [fn]`
            walk(statement.body, whole)
            if lists.unknown or whole.unknown:
                return None
            elements += [(value, method_scope) for value in lists.values]
            for value in whole.values:
                inner = self.container_elements(value, method_scope, depth + 1)
                if inner is None:
                    return None
                elements += inner
        return elements

    def _attribute_elements(
        self, node: cst.Attribute, scope: Scope, depth: int
    ) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """`self.<attr>` of a plain class or an NNX module: the elements of the one container
        `__init__` stores there, and what the class's methods append or store into it; the
        same for `<object>.<attr>` of an object of one plain class (`pool.sessions`,
        `self.pool.sessions`, filled by the pool's `open`)."""
        stored = self._plain_self_attribute(node, scope) or self._nnx_self_attribute(node, scope)
        found = scope.enclosing_method()
        if stored is not None and found is not None:
            class_node: cst.ClassDef = found[1]
        else:
            made = self.instances(node.value, scope, depth + 1)
            classes = {self.local_class(call.func, call_scope) for call, call_scope in made or []}
            plain = classes.pop() if len(classes) == 1 else None
            if plain is None or not self.is_plain(plain):
                return None
            init = self.index.method_of(plain, "__init__")
            values = self.self_attribute_values(plain, "__init__").get(node.attr.value, [])
            if init is None or len(values) != 1:
                return None
            class_node, stored = plain, (values[0], self.index.scope_of[init])
        initial = self.container_elements(*stored, depth + 1)
        if initial is None:
            return None
        elements = list(initial)
        for statement in class_node.body.body:
            if not isinstance(statement, cst.FunctionDef):
                continue
            method_scope = self.index.scope_of[statement]
            method_self = self.index.self_name(method_scope)
            if method_self is None:
                continue
            stores = _ContainerStores(
                lambda target: isinstance(target, cst.Attribute)
                and isinstance(target.value, cst.Name)
                and target.value.value == method_self
                and target.attr.value == node.attr.value
            )
            walk(statement.body, stores)
            if stores.unknown:
                return None
            elements += [(value, method_scope) for value in stores.values]
        return elements

    def loop_iterates(self, name: cst.Name, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """What the one loop binding a name iterates, with its scope: a `for` statement (`for
        hook in self.hooks:`, or over `enumerate(...)`) that is the name's only binding, or the
        one comprehension clause binding a name the scope does not bind (`self.members` for `m`
        in `[m(x) for m in self.members]`)."""
        cache = self.index.derived.setdefault(loops_binding, {})  # type: ignore[arg-type]
        found = scope.lookup(name.value)
        if found is None:
            clauses = self.index.derived.setdefault(comprehension_variables, {})
            by_read = comprehension_variables(
                clauses,  # type: ignore[arg-type]
                scope.node,
                enumerate_bound=scope.lookup("enumerate") is not None,
                zip_bound=scope.lookup("zip") is not None,
            )
            return (by_read[name], scope) if name in by_read else None
        binding_scope, bindings = found
        if len(bindings) != 1 or bindings[0] is not OPAQUE:
            return None  # a `for` target is bound opaquely
        iterated = loops_binding(
            cache,  # type: ignore[arg-type]
            binding_scope.node,
            enumerate_bound=binding_scope.lookup("enumerate") is not None,
            zip_bound=binding_scope.lookup("zip") is not None,
        ).get(name.value, [])
        return (iterated[0], binding_scope) if len(iterated) == 1 else None

    def _objects_of(self, class_node: cst.ClassDef) -> list[tuple[cst.Call, Scope]] | None:
        """The constructions of a plain class with no same-file subclass (an object of a
        subclass would run other code)."""
        if not self.is_plain(class_node) or self.index.subclasses(class_node):
            return None
        return constructions_of(self.index, class_node) or None

    def _iterated_instances(
        self, iterated: cst.BaseExpression, scope: Scope, depth: int
    ) -> list[tuple[cst.Call, Scope]] | None:
        """The objects a loop over a container may bind: those its elements may be (see
        `container_elements`), else those `instances` finds for what it iterates."""
        elements = self.container_elements(iterated, scope)
        if elements is None:
            return self.instances(iterated, scope, depth)
        made: list[tuple[cst.Call, Scope]] = []
        for element, element_scope in elements:
            each = self.instances(element, element_scope, depth)
            if not each:
                return None
            made += each
        return made

    def _kept_instances(self, node: cst.Attribute, scope: Scope, depth: int) -> list[tuple[cst.Call, Scope]] | None:
        """`self.deployment.canary`, `harness.a`, `self.endpoint` of a dataclass: for each object
        of a plain class the holder may be, what its construction passes for what it keeps there
        (see `kept_argument`)."""
        holder = node.value
        if isinstance(holder, cst.Name) and holder.value == self.index.self_name(scope):
            method = scope.enclosing_method()
            if method is None or not self.is_plain(method[1]):
                return None
            holders = constructions_of(self.index, method[1])
        else:
            holders = self.instances(holder, scope, depth + 1) or []
        made: list[tuple[cst.Call, Scope]] = []
        for construction, construction_scope in holders:
            class_node = self.local_class(construction.func, construction_scope)
            if class_node is None or not self.is_plain(class_node):
                return None
            passed = kept_argument(self.index, class_node, construction, node.attr.value)
            getter = self.property_getter(class_node, node.attr.value)
            if passed is not None:
                each = self.instances(passed, construction_scope, depth + 1)
            elif getter is not None:  # `session.model`, a property returning `self._model`
                each = self._returned_instances(getter, depth + 1)
            else:  # `self.recorder = Recorder()` in `__init__`
                each = self._init_made_instances(class_node, node.attr.value, depth)
            if not each:
                return None
            made += each
        return made or None

    def property_getter(self, class_node: cst.ClassDef, attribute: str) -> cst.FunctionDef | None:
        """The getter of a property a class defines or inherits under that name."""
        owner = self.index.defining_class(class_node, attribute)
        method = self.index.method_of(owner, attribute) if owner is not None else None
        return method if method is not None and is_property(method) else None

    def property_returns(self, node: cst.Attribute, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """For `adapter.bound` on objects of same-file plain classes whose property of that name
        returns a value at every `return` (`return self._model.bind(self._variables)`): those
        values, with the getter's scope; None when an object or a return is not known so."""
        holders = self.instances(node.value, scope) or []
        values: list[tuple[cst.BaseExpression, Scope]] = []
        getters: dict[cst.FunctionDef, None] = {}
        for construction, construction_scope in holders:
            class_node = self.local_class(construction.func, construction_scope)
            getter = self.property_getter(class_node, node.attr.value) if class_node is not None and self.is_plain(class_node) else None
            if getter is None:
                return None
            getters[getter] = None
        for getter in getters:
            returned = [r.value for r in returns_of(getter)]
            if not returned or any(r is None for r in returned):
                return None
            values += [(r, self.index.scope_of[getter]) for r in returned if r is not None]
        return values or None

    def lazily_kept(self, node: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For `self._bound` read in a method of a plain class: the one value other than `None`
        that the class's methods store there (`self._bound = None` in `__init__`, then
        `self._bound = self.model.bind(...)` in a getter), with that method's scope."""
        found = scope.enclosing_method()
        if found is None or not isinstance(node.value, cst.Name) or node.value.value != self.index.self_name(scope):
            return None
        class_node = found[1]
        if not self.is_plain(class_node):
            return None
        kept = [
            (value, self.index.scope_of[statement])
            for statement in class_node.body.body
            if isinstance(statement, cst.FunctionDef)
            for value in self.self_attribute_values(class_node, statement.name.value).get(node.attr.value, [])
            if not (isinstance(value, cst.Name) and value.value == "None")
        ]
        return kept[0] if len(kept) == 1 else None

    def method_returns(self, call: cst.Call, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """For `provider.get_model()` on objects of same-file plain classes whose method of that
        name returns a value at every `return`: those values, with the method's scope; likewise
        for a call of a same-file function (`build_bound(model, key)`); None when an object, the
        method or a return is not known so."""
        methods: dict[cst.FunctionDef, None] = {}
        if isinstance(call.func, cst.Name):
            function = self.index.resolve_callable(call.func, scope)
            if function is None or function.via != "def" or not isinstance(function.node, cst.FunctionDef):
                return None
            methods[function.node] = None
        elif not isinstance(call.func, cst.Attribute):
            return None
        for construction, construction_scope in (self.instances(call.func.value, scope) or []) if isinstance(call.func, cst.Attribute) else []:
            class_node = self.local_class(construction.func, construction_scope)
            owner = self.index.defining_class(class_node, call.func.attr.value) if class_node is not None and self.is_plain(class_node) else None
            method = self.index.method_of(owner, call.func.attr.value) if owner is not None else None
            if method is None or is_property(method) or is_staticmethod(method) or is_classmethod(method):
                return None
            methods[method] = None
        values: list[tuple[cst.BaseExpression, Scope]] = []
        for method in methods:
            returned = [r.value for r in returns_of(method)]
            if not returned or any(r is None for r in returned) or can_fall_off(method):
                return None
            values += [(r, self.index.scope_of[method]) for r in returned if r is not None]
        return values or None

    def _init_made_instances(self, class_node: cst.ClassDef, attribute: str, depth: int) -> list[tuple[cst.Call, Scope]] | None:
        """The objects a plain class's `__init__` stores in one attribute, when it stores it once."""
        init = self.index.method_of(class_node, "__init__")
        values = self.self_attribute_values(class_node, "__init__").get(attribute, []) if init is not None else []
        if init is None or len(values) != 1:
            return None
        return self.instances(values[0], self.index.scope_of[init], depth + 1)

    def _iterator_source(self, node: cst.BaseExpression, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For `next(it)` with `it` (a name, or an attribute `__init__` stores) made by `iter(x)`
        or `itertools.cycle(x)`: the container `x` whose elements it hands out, with its scope."""
        if not (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Name)
            and node.func.value == "next"
            and scope.lookup("next") is None
            and len(node.args) == 1
            and not node.args[0].keyword
            and not node.args[0].star
        ):
            return None
        iterator, iterator_scope = node.args[0].value, scope
        if isinstance(iterator, cst.Attribute):
            iterator, iterator_scope = self.stored_or_field_value(iterator, scope) or (iterator, scope)
        elif isinstance(iterator, cst.Name):
            found = scope.only_binding(iterator.value)
            if found is not None and isinstance(found[1], cst.BaseExpression):
                iterator, iterator_scope = found[1], found[0]
        made_by = self.index.qualify(iterator.func) if isinstance(iterator, cst.Call) else None
        is_iter = isinstance(iterator, cst.Call) and isinstance(iterator.func, cst.Name) and iterator.func.value == "iter" and iterator_scope.lookup("iter") is None
        if not (is_iter or made_by == "itertools.cycle") or len(iterator.args) != 1 or iterator.args[0].star:  # type: ignore[union-attr]
            return None
        return iterator.args[0].value, iterator_scope  # type: ignore[union-attr]

    def _built_by(self, call: cst.Call, scope: Scope, depth: int) -> list[tuple[cst.Call, Scope]] | None:
        """For `build("mlp", rate=0.5)`, a same-file function whose every `return` gives back
        an object `instances` knows (`return MODELS[name](**kw)`, `return model` with `model =
        MLP(...)`), or a call of an entry of a registry of such functions (`BUILDERS[name](cfg)`):
        those objects."""
        func = call.func
        if isinstance(func, cst.Subscript) and isinstance(func.value, cst.Name):  # `BUILDERS[name](cfg)`
            builders = self.index.registered_functions(func.value, scope)
            if not builders:
                return None
            made_by_any: list[tuple[cst.Call, Scope]] = []
            for builder in builders:
                each = self._returned_instances(builder, depth)
                if each is None:
                    return None
                made_by_any += each
            return made_by_any
        if isinstance(func, cst.Attribute):  # `store.get(user)`: what the method of each known object returns
            receivers = self.instances(func.value, scope, depth + 1)
            if not receivers:
                return None
            methods: dict[cst.FunctionDef, None] = {}
            for construction, construction_scope in receivers:
                class_node = self.local_class(construction.func, construction_scope)
                owner = self.index.defining_class(class_node, func.attr.value) if class_node is not None and self.is_plain(class_node) else None
                method = self.index.method_of(owner, func.attr.value) if owner is not None else None
                if method is None or is_staticmethod(method) or is_classmethod(method):
                    return None
                methods[method] = None
            returned: list[tuple[cst.Call, Scope]] = []
            for method in methods:
                each = self._returned_instances(method, depth + 1)
                if not each:
                    return None
                returned += each
            return returned
        bound = scope.only_binding(func.value) if isinstance(func, cst.Name) else None
        if bound is not None and isinstance(bound[1], cst.Param):
            # `factory(i)` with `factory` a parameter every call fills with `lambda i: Pricer(...)`
            passed = self.parameter_arguments(bound[1], bound[0], defaults=True)
            if passed and all(isinstance(value, cst.Lambda) for value, _ in passed):
                return joined(passed, lambda value, _: self.instances(value.body, self.index.scope_of[value], depth + 1))  # type: ignore[attr-defined]
        found = self.index.factory_of(call, scope)
        return self._returned_instances(found[1], depth) if found is not None else None

    def _returned_instances(self, function: cst.FunctionDef, depth: int) -> list[tuple[cst.Call, Scope]] | None:
        """The objects every `return` of a same-file function gives back (see `instances`)."""
        if yields(function) or can_fall_off(function):
            return None
        function_scope = self.index.scope_of[function]
        made: list[tuple[cst.Call, Scope]] = []
        for returned in returns_of(function):
            each = self.instances(returned.value, function_scope, depth + 1) if returned.value is not None else None
            if not each:
                return None
            made += each
        return made or None

    def stored_or_field_value(self, node: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For `self.<attr>` read in a method: what `__init__` stores there (see
        `ScanIndex.stored_value`), or for a plain dataclass without an `__init__`
        (`MixedPrecisionPolicy(model.apply)`), what its constructions in the file pass for that
        field, when each passes the same expression in the same scope."""
        stored = self.index.stored_value(node, scope)
        if stored is not None or not isinstance(node.value, cst.Name):
            return stored
        class_node = self.self_class(node.value, scope)
        if (
            class_node is None
            or self.index.method_of(class_node, "__init__") is not None
            or not is_dataclass(self.index, class_node)
            or not self.is_plain(class_node)
        ):
            return None
        passed = constructor_arguments(self.index, class_node, None, node.attr.value)
        code_of = self.index.module.code_for_node
        if not passed or len({(code_of(value), value_scope.node) for value, value_scope in passed}) != 1:
            return None
        return passed[0]  # every construction passes the same (`Variant("A", model.apply, va)`, `Variant("B", model.apply, vb)`)

    def _zoo_instances(self, picked: cst.Subscript, depth: int) -> list[tuple[cst.Call, Scope]] | None:
        """`ZOO[name]()` with `ZOO` bound once, at module level, to a dict literal of lambdas
        that build objects (`{"small": lambda: MLP(hidden=16), ...}`) and never stored into:
        any of what they build."""
        if not isinstance(picked.value, cst.Name):
            return None
        found = self.index.module_scope.only_binding(picked.value.value)
        if found is None or not isinstance(found[1], cst.Dict) or not found[1].elements:
            return None
        if self.index.stored_in_registry(picked.value.value):
            return None  # `ZOO["big"] = ...` adds what the literal does not show
        made: list[tuple[cst.Call, Scope]] = []
        for element in found[1].elements:
            maker = element.value if isinstance(element, cst.DictElement) else None
            if not isinstance(maker, cst.Lambda) or maker.params.params or maker.params.star_arg not in (None, cst.MaybeSentinel.DEFAULT):
                return None
            each = self.instances(maker.body, self.index.scope_of[maker], depth + 1)
            if not each:
                return None
            made += each
        return made

    def _plain_self_attribute(self, node: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For `self.model` read in a method of a plain (not Flax) class: the one value its
        `__init__` stores there (see `ScanIndex.stored_by_init`)."""
        found = self.index.stored_by_init(node, scope)
        if found is None or self.is_linen(found[2]) or self.is_nnx(found[2]):
            return None
        return found[0], found[1]

    def _nnx_self_attribute(self, node: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For `self.members` read in a method of an NNX module: the one value its `__init__`
        stores there, the container itself for `nnx.List([...])` and `nnx.Dict({...})`."""
        found = self.index.stored_by_init(node, scope)
        if found is None or not self.is_nnx(found[2]):
            return None
        value = found[0]
        if (
            isinstance(value, cst.Call)
            and flax_class_name(self.index.qualify(value.func), NNX_PREFIXES, _NNX_WRAPPED_CONTAINERS)
            and len(value.args) == 1
            and not value.args[0].keyword
            and not value.args[0].star
        ):
            value = value.args[0].value
        return value, found[1]

    def parameter_arguments(
        self, param: cst.Param, scope: Scope, defaults: bool = False, keyword: str | None = None
    ) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """What every call in the file passes for a parameter of a module-level function, or of
        a plain (not Flax) class's `__init__` by every construction of the class, with the scope
        of each call; None when a call passes nothing for it (with `defaults`, the parameter's
        default counts then) or unpacks arguments other than the caller's own `**kwargs`
        (`STRATEGIES[name](**kwargs)` in an `__init__(self, name, **kwargs)` passes what that
        `__init__`'s constructions give by keyword). For a `**kwargs` parameter, `keyword` names
        the entry asked for."""
        function = scope.node
        sites = self._calls_filling(scope)
        if sites is None or not isinstance(function, cst.FunctionDef):
            return None
        found = []
        for call, call_scope in sites:
            if any(a.star for a in call.args):
                forwarded = self._forwarded_argument(function, scope, param, keyword, call, call_scope)
                if forwarded is None:
                    return None
                found += forwarded
                continue
            if keyword is not None:
                value = argument(call, 10**6, keyword) if param is function.params.star_kwarg else None
            else:
                value = dict(parameters_passed(function, scope, call, call_scope)).get(param)
            if value is None and defaults and param.default is not None and scope.parent is not None:
                found.append((param.default, scope.parent))
                continue
            if value is None:
                return None
            found.append((value, call_scope))
        if scope.parent is self.index.module_scope:
            for partial in self.index.calls_to(PARTIAL):  # `functools.partial(evaluate_leaf, model)`
                fixed = partial.call.args[0].value if partial.call.args else None
                if not (isinstance(fixed, cst.Name) and fixed.value == function.name.value):
                    continue
                bound = partial.scope.lookup(fixed.value)
                if bound is None or bound[0] is not self.index.module_scope:
                    continue
                value = dict(parameters_filled(function, partial.call.args[1:])).get(param)
                if value is None:
                    return None
                found.append((value, partial.scope))
        return found or None

    def _calls_filling(self, scope: Scope) -> list[tuple[cst.Call, Scope]] | None:
        """The calls in the file that fill the parameters of a module-level function, or of a
        plain class's method or `__init__` (its constructions, also of subclasses that run it);
        None for other functions, or when a call of a method is on an object not known."""
        function = scope.node
        if not isinstance(function, cst.FunctionDef):
            return None
        if scope.parent is self.index.module_scope:
            return self.calls_running(function)
        owner = scope.parent.node if scope.parent is not None else None
        if not isinstance(owner, cst.ClassDef) or self.is_linen(owner) or self.is_nnx(owner):
            return None
        if function.name.value != "__init__":
            return self._plain_method_calls(owner, function)  # `cb.on_epoch_end(self)`
        sites: list[tuple[cst.Call, Scope]] = []
        for made in (owner, *self.index.subclasses(owner)):
            class_scope = self.index.scope_of[made].parent  # subclasses that run this `__init__`
            if class_scope is not None and self.index.defining_class(made, "__init__") is owner:
                sites += list(self.index.calls_of(made.name.value, class_scope))
                sites += self.index.registry_constructions(made)  # `STRATEGIES[name](model)`
                sites += self._classmethod_constructions(made)  # `return cls(policy, gain)`
        return sites

    def _classmethod_constructions(self, class_node: cst.ClassDef) -> list[tuple[cst.Call, Scope]]:
        """The `cls(...)` calls in a class's own classmethods that some call of the file runs
        (an alternate constructor never called makes nothing)."""
        sites: list[tuple[cst.Call, Scope]] = []
        for method in class_node.body.body:
            if not (isinstance(method, cst.FunctionDef) and is_classmethod(method) and method.params.params):
                continue
            if self._classmethod_calls(class_node, method) == []:
                continue
            method_scope = self.index.scope_of[method]
            sites += list(self.index.calls_of(method.params.params[0].name.value, method_scope))
        return sites

    def star_arguments(self, param: cst.Param, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """For a `*args` parameter (`HookList(*hooks)`): the positional arguments every call
        passes past the named ones, with the scope of each call; None when a call unpacks."""
        function = scope.node
        sites = self._calls_filling(scope)
        if sites is None or not isinstance(function, cst.FunctionDef) or function.params.star_arg is not param:
            return None
        named = len([*function.params.posonly_params, *function.params.params])
        if named and scope.parent is not None and scope.parent.is_class and not is_staticmethod(function):
            named -= 1  # a method's `self` is not passed by its calls
        found: list[tuple[cst.BaseExpression, Scope]] = []
        for call, call_scope in sites:
            if any(a.star for a in call.args):
                return None
            positional = [a.value for a in call.args if a.keyword is None]
            found += [(value, call_scope) for value in positional[named:]]
        return found

    def _forwarded_argument(
        self,
        function: cst.FunctionDef,
        scope: Scope,
        param: cst.Param,
        keyword: str | None,
        call: cst.Call,
        call_scope: Scope,
    ) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """What a call that hands on its caller's `**kwargs` (`Strategy(**kwargs)`) passes for a
        parameter: the argument it names itself, or else what every call of the caller passes
        by that keyword; None for other unpacking, or a parameter that only takes positions."""
        name = keyword if keyword is not None else param.name.value
        if keyword is None and param not in (*function.params.params, *function.params.kwonly_params):
            return None
        caller = call_scope.node
        stars = [a for a in call.args if a.star]
        if not isinstance(caller, cst.FunctionDef) or caller.params.star_kwarg is None:
            return None
        forwards = len(stars) == 1 and stars[0].star == "**" and isinstance(stars[0].value, cst.Name)
        if not forwards or stars[0].value.value != caller.params.star_kwarg.name.value:
            return None
        if keyword is None:
            given = dict(parameters_passed(function, scope, call, call_scope)).get(param)
        else:
            given = argument(call, 10**6, keyword) if param is function.params.star_kwarg else None
        if given is None:
            given = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == name), None)
        if given is not None:
            return [(given, call_scope)]
        if len(self._forwarding) >= 4 or caller in self._forwarding:
            return None
        self._forwarding.append(caller)
        try:
            return self.parameter_arguments(caller.params.star_kwarg, call_scope, keyword=name)
        finally:
            self._forwarding.pop()

    def _plain_method_calls(self, owner: cst.ClassDef, method: cst.FunctionDef) -> list[tuple[cst.Call, Scope]] | None:
        """The calls in the file of a plain class's method, `<object>.<method>(...)` on an object
        of the class (see `instances`) or `self.<method>(...)` in its own methods; None when a
        call of a method of that name is on an object not known, or the method is also read
        without being called (handed on as a value)."""
        if is_staticmethod(method):
            return None
        if is_classmethod(method):
            return self._classmethod_calls(owner, method)
        below = self.index.subclasses(owner)
        if any(self.index.defining_class(sub, method.name.value) is not owner for sub in below):
            return None  # a subclass runs its own
        runs_it = {owner, *below}  # a mixin's method runs on objects of the classes using it
        key = (owner, method)
        if key in self._method_sites_seen:
            return None  # a cycle through the calls' own receivers
        self._method_sites_seen.add(key)
        try:
            uses = self.index.derived.get(_AttributeUses)
            if not isinstance(uses, _AttributeUses):
                uses = self.index.derived[_AttributeUses] = _AttributeUses(self.index)
                walk(self.index.module, uses)
            name = method.name.value
            if name in uses.read:  # `callback=self.on_step`: handed on, called elsewhere
                return None
            sites = []
            for call, call_scope in uses.calls.get(name, []):
                holder = call.func.value  # type: ignore[attr-defined]
                if isinstance(holder, cst.Name) and self.self_class(holder, call_scope) in runs_it:
                    sites.append((call, call_scope))
                    continue
                made = self.instances(holder, call_scope)
                if made is None:
                    return None
                if any(self.local_class(c.func, c_scope) in runs_it for c, c_scope in made):
                    sites.append((call, call_scope))
            return sites
        finally:
            self._method_sites_seen.discard(key)

    def _classmethod_calls(self, owner: cst.ClassDef, method: cst.FunctionDef) -> list[tuple[cst.Call, Scope]] | None:
        """The calls `<Class>.<method>(...)` of a plain class's classmethod (an alternate
        constructor, `InspectionStep.for_station(detector, log)`), through the class or a
        subclass that does not redefine it; None when it is called or read any other way."""
        uses = self.index.derived.get(_AttributeUses)
        if not isinstance(uses, _AttributeUses):
            uses = self.index.derived[_AttributeUses] = _AttributeUses(self.index)
            walk(self.index.module, uses)
        name = method.name.value
        if name in uses.read:
            return None
        sites = []
        for call, call_scope in uses.calls.get(name, []):
            holder = call.func.value  # type: ignore[attr-defined]
            class_node = self.index.class_named(holder, call_scope) if isinstance(holder, cst.Name) else None
            if class_node is None:
                return None  # `cls.for_station(...)`, or an object's: not followed
            if self.index.defining_class(class_node, name) is owner:
                sites.append((call, call_scope))
        return sites

    def calls_running(self, function: cst.FunctionDef) -> list[tuple[cst.Call, Scope]]:
        """The calls of a module-level function in the file, also through a transform that runs
        it with the same arguments (`jax.jit(run)(model, x)`, `step = jax.jit(run)` then
        `step(...)`, `nnx.value_and_grad(loss)(model, batch)`)."""
        name = function.name.value
        sites = list(self.index.calls_of(name, self.index.module_scope))
        for wrapped in self.index.calls_to(*ARGUMENT_PASSING_TRANSFORMS):
            call = wrapped.call
            if not call.args or not isinstance(call.args[0].value, cst.Name) or call.args[0].value.value != name:
                continue
            if wrapped.scope.lookup(name) is None or wrapped.scope.lookup(name)[0] is not self.index.module_scope:
                continue
            outer = self.index.result_called_by.get(call)
            if outer is not None:
                sites.append(outer)
            assign = wrapped.scope.name_bound_to(call)
            if assign is not None:
                sites += list(self.index.calls_of(assign, wrapped.scope))
        sites += self._registry_calls(function)
        sites += self._dispatch_calls(function)
        return sites

    def _dispatch_calls(self, function: cst.FunctionDef) -> list[tuple[cst.Call, Scope]]:
        """`handle(RoastBatch(x), engine)`: the calls of a `functools.singledispatch` function
        that run this implementation of it (see `ScanIndex.singledispatch_implementation`)."""
        return [
            (call, scope)
            for _, dispatcher in dispatch_registrations(function)
            for call, scope in self.index.calls_of(dispatcher, self.index.module_scope)
            if self.index.singledispatch_implementation(call, scope) is function
        ]

    def _registry_calls(self, function: cst.FunctionDef) -> list[tuple[cst.Call, Scope]]:
        """`ESTIMATORS["mc_dropout"](model, variables)`, or `builder(model)` with `builder =
        BUILDERS[name]`: calls through a module-level registry that may pick this function (see
        `ScanIndex.picked_functions`)."""
        return [
            (call, scope)
            for call, scope, pick, pick_scope in self.index.pick_calls()
            if function in (self.index.picked_functions(pick, pick_scope) or ())  # type: ignore[arg-type]
        ]

    # -- what `init` runs -------------------------------------------------------------------

    def init_path(self, class_node: cst.ClassDef, method: str) -> list[str] | None:
        """The methods `init` runs from its entry to `method` (`["__call__", "encode"]`), or
        None when `init` never runs it. The entries are `__call__` and the methods this file
        passes to `init(..., method=...)`; from them, calls of `self.<method>(...)`. A method of
        a plain mixin is looked for in the module class it is mixed into."""
        paths = self._init_paths(self._module_running(class_node, method))
        return paths.get(method)

    def _module_running(self, class_node: cst.ClassDef, method: str) -> cst.ClassDef:
        """The module class whose object runs a method `class_node` defines: the one a plain
        mixin is mixed into (see `_mixed_into`), else the class itself."""
        function = self.index.method_of(class_node, method)
        return (self._mixed_into(class_node, function) if function is not None else None) or class_node

    def _init_paths(self, class_node: cst.ClassDef, outside_loops: bool = False) -> dict[str, list[str]]:
        """The methods `init` runs, each with its path from an entry; with `outside_loops`, only
        through calls made outside every raw loop body."""
        cache = self.__dict__.setdefault("_init_path_cache", {})
        if (class_node, outside_loops) in cache:
            return cache[(class_node, outside_loops)]
        skipped = {loop.body.node for loop in self.index.loops if loop.body is not None} if outside_loops else set()
        cache[(class_node, outside_loops)] = {}  # a module that holds itself: no entries through it
        entries = ["__call__", *sorted(self._init_methods_named())]
        if self._init_always_enters_a_method(class_node):
            entries.remove("__call__")
        by_parents = self._called_by_parents(class_node, outside_loops)
        paths: dict[str, list[str]] = {}
        queue = [(name, [name]) for name in entries if self._method_run(class_node, name) is not None]
        queue += [(name, path) for name, path in sorted(by_parents.items()) if name not in entries and self._method_run(class_node, name) is not None]
        while queue:
            name, path = queue.pop(0)
            if name in paths:
                continue
            paths[name] = path
            method = self._method_run(class_node, name)
            if method is None:
                continue
            for called in sorted(_self_method_calls(self.index, method, skipped)):
                if called not in paths and self._method_run(class_node, called) is not None:
                    queue.append((called, [*path, called]))
        cache[(class_node, outside_loops)] = paths
        return paths

    def _called_by_parents(self, class_node: cst.ClassDef, outside_loops: bool) -> dict[str, list[str]]:
        """The methods of a Linen class that a same-file parent module runs on a submodule of
        this class from a method `init` runs (`self.decoder.greedy(h, n)` in the parent's
        `__call__`, with `self.decoder = GreedyDecoder(...)` in its `setup`), each with the path
        `init` takes to it (`["Translator.__call__", "self.decoder.greedy"]`)."""
        called: dict[str, list[str]] = {}
        for parent, _ in self.index.classes:
            if parent is class_node or not self.is_linen(parent) or self.index.method_of(parent, "setup") is None:
                continue
            setup_scope = self.index.scope_of[self.index.method_of(parent, "setup")]  # type: ignore[index]
            held = {
                attribute
                for attribute in self.self_attribute_values(parent, "setup")
                if any(
                    isinstance(v, cst.Call) and self.local_class(v.func, setup_scope) is class_node
                    for v in self.setup_values(parent, attribute)
                )
            }
            if not held:
                continue
            uses: dict[str, set[str | None]] = {attribute: set() for attribute in held}
            where: dict[str, list[str]] = {}
            parent_paths = self._init_paths(parent, outside_loops)
            for name, path in parent_paths.items():
                method = self._method_run(parent, name)
                self_name = self.index.self_name(self.index.scope_of[method]) if method is not None else None
                if method is None or self_name is None:
                    continue
                finder = _SubmoduleUses(self_name, held)
                walk(method.body, finder)
                for attribute, used in finder.uses.items():
                    uses[attribute] |= used
                    where.setdefault(attribute, [f"{parent.name.value}.{path[0]}", *path[1:]])
            # Only a submodule the parent uses through one method alone: with another use first
            # (`self.decoder.warm(h)` before `self.decoder.greedy(h, n)`), the order is not known.
            for attribute, used in sorted(uses.items()):
                method_name = next(iter(used)) if len(used) == 1 else None
                if method_name is not None:
                    called.setdefault(method_name, [*where[attribute], f"self.{attribute}.{method_name}"])
        return called

    def _method_run(self, class_node: cst.ClassDef, name: str) -> cst.FunctionDef | None:
        """The method of that name an object of the class runs: its own, or one a same-file
        base gives it (a mixin's `plan_days`)."""
        owner = self.index.defining_class(class_node, name)
        return self.index.method_of(owner, name) if owner is not None else None

    def may_collect(self, collection: str) -> bool:
        """Whether a run this file shows (or one it does not show) may return `collection`, so
        that a value sown into it is kept: False only when the file calls `init`/`apply`/`bind`
        and none of those calls makes it mutable (`init` does, except `intermediates`;
        `mutable=[...]`, `mutable=True`, `capture_intermediates=...`)."""
        if not hasattr(self, "_entry_calls"):
            self._entry_calls = _EntryCalls()
            walk(self.index.module, self._entry_calls)
        finder = self._entry_calls
        if finder.escapes or not finder.calls:
            return True
        for call, entry in finder.calls:
            mutable = keyword_argument(call, "mutable")
            if mutable is None:
                if entry.startswith("init") and collection != "intermediates":
                    return True
                if collection == "intermediates" and keyword_argument(call, "capture_intermediates") is not None:
                    return True
                continue
            if _names_collection(mutable, collection):
                return True
        return False

    def makes_nothing_mutable(self, mutable: cst.BaseExpression | None, scope: Scope) -> bool:
        """Whether an `apply`/`bind` given `mutable=` this value makes no collection mutable: none
        given, `False`, an empty list or tuple, or a value the object flow shows is always one
        (`mutable=list(cfg.mutable_collections)` with the config's default `()`)."""
        if mutable is None or (isinstance(mutable, cst.Name) and mutable.value == "False"):
            return True
        if isinstance(mutable, (cst.List, cst.Tuple)):
            return not mutable.elements
        return self.flow.empty_containers(mutable, scope)

    def run_by_init_outside_loops(self, class_node: cst.ClassDef, method: str) -> bool:
        """Whether `init` runs `method` outside every raw loop body (from an entry, through
        `self.<method>(...)` calls that are not in a loop body): what it creates then exists
        once `init` has run."""
        return method in self._init_paths(class_node, outside_loops=True)

    def made_by_init(self, code: BodyCode, scope: Scope) -> bool:
        """Whether code at `scope`, reached from a loop body, makes what `init` has already made:
        it lies in another method of the loop's Linen class that `init` runs outside every raw
        loop body, while `init` never runs the loop. Under `apply`, a compact method that makes
        a submodule or a parameter again binds the one `init` made (the sampling idiom:
        `generate` scans over `self(token)`)."""
        holder = code.loop.scope.enclosing_method()
        found = scope.enclosing_method()
        function_method = self.function_method_class(code.loop.scope) if holder is None else None
        if function_method is not None and found is not None and found[1] is function_method[0]:
            # `apply(..., method=rollout)` with `rollout(module, xs)` scanning `module(x)`
            return not function_method[1] and self.run_by_init_outside_loops(found[1], found[0].name.value)
        if holder is None or found is None or found[1] is not holder[1] or found[0] is holder[0]:
            return False
        class_node = holder[1]
        if not self.is_linen(class_node) or self.init_path(class_node, holder[0].name.value) is not None:
            return False
        return self.run_by_init_outside_loops(class_node, found[0].name.value)

    def methods_reaching(self, class_node: cst.ClassDef, method: str) -> set[str]:
        """The methods of a class whose run reaches `method` (itself included), through
        `self.<name>(...)` and `self(...)` calls."""
        functions = [
            statement for statement in class_node.body.body if isinstance(statement, cst.FunctionDef)
        ]
        calls = {function.name.value: _self_method_calls(self.index, function) for function in functions}
        reaching = {method}
        grown = True
        while grown:
            grown = False
            for name, called in calls.items():
                if name not in reaching and called & reaching:
                    reaching.add(name)
                    grown = True
        return reaching

    def _init_always_enters_a_method(self, class_node: cst.ClassDef) -> bool:
        """Whether every `init` of the class's modules the file shows enters a method of the
        class (`model.init(key, x, method=Model.chunk_logits)`, or `method="chunk_logits"`), so that `init` never runs
        `__call__`: at least one such call, and no `init` call without `method=` on an object
        that may be one of its modules (a name bound to a construction of another class, or to
        the result of an imported function such as `optax.adam(...)`, is not)."""
        finder = self.__dict__.get("_scoped_init_calls")
        if finder is None:
            finder = self.__dict__["_scoped_init_calls"] = _ScopedAttributeCalls(
                self.index, self.index.module_scope, frozenset({"init", "init_with_output"})
            )
            walk(self.index.module, finder)
        entered = False
        for call, scope in finder.calls:
            method = keyword_argument(call, "method")
            assert isinstance(call.func, cst.Attribute)
            if isinstance(method, cst.Attribute) and self.local_class(method.value, scope) is class_node:
                entered = True
            elif (
                isinstance(method, cst.SimpleString)
                and isinstance(method.evaluated_value, str)
                and self.index.method_of(class_node, method.evaluated_value) is not None
                and self._may_be_instance(call.func.value, scope, class_node)
            ):  # `model.init(key, x, method="hour_step")`
                entered = True
            elif _lambda_calling_attribute(method) and self._may_be_instance(call.func.value, scope, class_node):
                entered = True  # `method=lambda m, x: m.encoder(x)`: a method or a submodule, not `__call__`
            elif method is None and self._may_be_instance(call.func.value, scope, class_node):
                return False
        return entered

    def _may_be_instance(self, node: cst.BaseExpression, scope: Scope, class_node: cst.ClassDef) -> bool:
        if isinstance(node, cst.Name):
            found = scope.only_binding(node.value)
            if found is None or not isinstance(found[1], cst.Call):
                return True
            node, scope = found[1], found[0]
        if not isinstance(node, cst.Call):
            return True
        local = self.local_class(node.func, scope)
        if local is not None:
            return local is class_node
        return self.index.qualify(node.func) is None

    def _init_methods_named(self) -> set[str]:
        """Method names given to `init`/`init_with_output` as `method=` anywhere in the file:
        `Model.sample`, `model.sample`, `"sample"`, or a lambda calling `m.sample(...)`."""
        if not hasattr(self, "_init_method_names"):
            finder = _InitMethodFinder()
            walk(self.index.module, finder)
            self._init_method_names = finder.names
        return self._init_method_names

    def called_on_init_path(self, class_node: cst.ClassDef, attribute: str) -> bool:
        """Whether a method `init` runs calls the submodule `self.<attribute>` outside every raw
        loop body (so its parameters exist once `init` has run)."""
        bodies = {loop.body.node for loop in self.index.loops if loop.body is not None}
        for name in self._init_paths(class_node):
            method = self.index.method_of(class_node, name)
            self_name = self.index.self_name(self.index.scope_of[method]) if method is not None else None
            if method is None or self_name is None:
                continue
            finder = _AttributeCall(self_name, attribute, bodies)
            walk(method.body, finder)
            if finder.found:
                return True
        return False

    def called_earlier_on_init_path(self, class_node: cst.ClassDef, method: str, attribute: str) -> bool:
        """Whether, on the way `init` reaches `method`, a method calls the submodule
        `self.<attribute>` (itself, or through another method of the class) before it calls the
        next method of the path: `__call__` runs `self.encode(x)`, which calls `self.cell`, and
        only then `self.decode(h)`, whose scan calls `self.cell` again."""
        path = self.init_path(class_node, method)
        if not path:
            return False
        class_node = self._module_running(class_node, method)
        for caller_name, callee_name in zip(path, path[1:]):
            caller = self._method_run(class_node, caller_name)
            self_name = self.index.self_name(self.index.scope_of[caller]) if caller is not None else None
            if caller is None or self_name is None:
                continue
            earlier = _SelfCallsBefore(self_name, callee_name)
            walk(caller.body, earlier)
            if attribute in earlier.names:
                return True
            if any(self._method_calls(class_node, name, attribute) for name in earlier.names - {attribute}):
                return True
        return False

    def called_through_methods_before(self, method: cst.FunctionDef, loop_call: cst.Call, attribute: str) -> bool:
        """Whether `method` calls, before `loop_call`, another method of its class that calls the
        submodule `self.<attribute>` (`h = self.encode(x)` and then the scan)."""
        found = self.index.scope_of[method].enclosing_method()
        self_name = self.index.self_name(self.index.scope_of[method])
        if found is None or self_name is None:
            return False
        earlier = _SelfCallsBefore(self_name, loop_call)
        walk(method.body, earlier)
        return any(self._method_calls(found[1], name, attribute) for name in earlier.names - {attribute})

    def _method_calls(self, class_node: cst.ClassDef, method_name: str, attribute: str, depth: int = 0) -> bool:
        """Whether a method of the class calls `self.<attribute>`, itself or through its own
        `self.<method>(...)` calls (outside raw loop bodies, which create rather than reuse)."""
        method = self._method_run(class_node, method_name)
        if method is None or depth > 4:
            return False
        self_name = self.index.self_name(self.index.scope_of[method])
        if self_name is None:
            return False
        bodies = {loop.body.node for loop in self.index.loops if loop.body is not None}
        finder = _AttributeCall(self_name, attribute, bodies)
        walk(method.body, finder)
        if finder.found:
            return True
        return any(
            self._method_calls(class_node, called, attribute, depth + 1)
            for called in _self_method_calls(self.index, method) - {method_name, attribute}
        )

    # -- bodies -----------------------------------------------------------------------------

    def body_code(self, loop: LoopCall) -> BodyCode | None:
        if loop not in self._bodies:
            run = loop
            if loop.body is None:  # `tracker.make_step(target)`: the one function the object flow gives
                body_argument = loop.body_argument
                found = self.flow_functions(body_argument, loop.scope) if body_argument is not None else []
                if len(found) != 1:
                    return None
                run = LoopCall(loop.kind, loop.call, loop.scope, found[0], loop.init)
            self._bodies[loop] = BodyCode.collect(self.index, run)
        return self._bodies[loop]

    def body_makers(self) -> set[cst.Call]:
        """The calls whose result a loop runs as its body (`make_step(cell)`, `partial(...)`)."""
        if self._body_makers is None:
            self._body_makers = {
                made
                for loop in self.index.loops
                if isinstance(made := _body_argument(self.index, loop), cst.Call)
            }
        return self._body_makers

    def wrapped_bodies(self) -> list[BodyCode]:
        """The scan bodies module-level wrapper functions run for their callers in this file."""
        if self._wrapped is None:
            self._wrapped = [
                run
                for loop in self.index.loops
                for run in _wrapper_runs(self.index, loop, self.body_code(loop))
            ]
        return self._wrapped


_LIFTED_BRANCHES = ("flax.linen.cond",)


def _body_argument(index: ScanIndex, loop: LoopCall) -> cst.BaseExpression | None:
    """The expression a loop is given as its body, through a name bound once."""
    node = loop.body_argument
    if isinstance(node, cst.Name):
        node = index.value_of(node.value, loop.scope) or node
    return node


_SEQUENCE_ANNOTATIONS = frozenset(
    {"Sequence", "typing.Sequence", "collections.abc.Sequence", "tuple", "Tuple", "typing.Tuple", "list", "List", "typing.List"}
)


def parameters_filled(
    function: cst.CSTNode, args: Sequence[cst.Arg], bound_method: bool = False
) -> list[tuple[cst.Param, cst.BaseExpression]]:
    """The parameters of a function that these arguments fill (`functools.partial(f, a, k=b)`
    fills f's first parameter with `a` and the one named `k` with `b`), in order; nothing past
    a `*args` or `**kwargs` argument, whose contents are unknown. For a method called through
    an object (`bound_method`), its `self` is filled already."""
    if not isinstance(function, (cst.FunctionDef, cst.Lambda)):
        return []
    positional = [*function.params.posonly_params, *function.params.params]
    if bound_method:
        positional = positional[1:]
    by_name = {p.name.value: p for p in (*function.params.params, *function.params.kwonly_params)}
    filled: list[tuple[cst.Param, cst.BaseExpression]] = []
    next_position = 0
    for arg in args:
        if arg.star:
            break
        if arg.keyword is None:
            if next_position >= len(positional):
                break
            filled.append((positional[next_position], arg.value))
            next_position += 1
        elif arg.keyword.value in by_name:
            filled.append((by_name[arg.keyword.value], arg.value))
    return filled


# Calls that run the functions they are given as branches, in the body's trace.
_BRANCH_POSITIONS = {  # where each branching call takes its branch functions
    "jax.lax.cond": (1, 2),
    "flax.linen.cond": (1, 2),
    "jax.lax.switch": (1,),
    "flax.linen.switch": (1,),
}


_BRANCH_OPERANDS = {  # where the arguments each branch is called with start (`nn.cond`: the module first)
    "jax.lax.cond": 3,
    "flax.linen.cond": 3,
    "jax.lax.switch": 2,
    "flax.linen.switch": 2,
}


def branch_operands(index: ScanIndex, call: cst.Call) -> list[cst.Arg]:
    """The arguments a `cond`/`switch` call passes to each branch it runs: after the branches,
    `nn.cond(p, f, g, mdl, h)` calls `f(mdl, h)` or `g(mdl, h)`."""
    start = _BRANCH_OPERANDS.get(index.qualify(call.func) or "")
    return list(call.args[start:]) if start is not None else []


def branch_functions(index: ScanIndex, call: cst.Call, scope: Scope) -> list[cst.BaseExpression]:
    """The functions a `cond`/`switch` call runs (`nn.cond(p, refine, keep, self, h)`,
    `lax.switch(i, [f, g], x)`, `lax.switch(i, branches, x)` with `branches = [f, g]`): the true
    and false functions, or the items of the branch list (not the operands, the module
    `nn.cond` is given among them)."""
    positions = _BRANCH_POSITIONS.get(index.qualify(call.func) or "", ())
    found: list[cst.BaseExpression] = []
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    for position in positions:
        if position >= len(positional):
            continue
        value = positional[position].value
        if isinstance(value, cst.Name) and isinstance(listed := index.value_of(value.value, scope), (cst.List, cst.Tuple, cst.ListComp)):
            value = listed
        if isinstance(value, cst.ListComp) and isinstance(value.elt, cst.Lambda):
            found.append(value.elt)  # `[lambda z, l=l: l(z) for l in self.layers]`
            continue
        if isinstance(value, (cst.List, cst.Tuple)):
            found += [element.value for element in value.elements]
        elif isinstance(value, (cst.Name, cst.Attribute, cst.Lambda)):
            found.append(value)
    return found


def parameters_passed(
    function: cst.CSTNode, function_scope: Scope, call: cst.Call, call_scope: Scope
) -> list[tuple[cst.Param, cst.BaseExpression]]:
    """The parameters of `function` that this call of it fills, with what it passes (see
    `parameters_filled`). A method called through an object (`self.draw(key)`, `agent.act(obs)`,
    `sampler(key)` running `__call__`) has its `self` filled already; one called through its
    class (`Sampler.draw(self, key)`), or a staticmethod, does not."""
    return parameters_filled(function, call.args, bound_method=binds_self(function, function_scope, call, call_scope))


def binds_self(function: cst.CSTNode, function_scope: Scope, call: cst.Call, call_scope: Scope) -> bool:
    """Whether a call of a method fills its `self` already (see `parameters_passed`)."""
    return callee_binds_self(function, function_scope, call.func, call_scope)


def callee_binds_self(function: cst.CSTNode, function_scope: Scope, callee: cst.BaseExpression, scope: Scope) -> bool:
    """Whether a method reached as `callee` has its `self` filled already: `pool.route` and
    `self.route` do, `Pool.route` and a static method do not."""
    if function_scope.parent is None or not function_scope.parent.is_class:
        return False
    if isinstance(function, cst.FunctionDef) and is_staticmethod(function):
        return False
    if isinstance(function, cst.FunctionDef) and is_classmethod(function):
        return True  # `Step.from_config(cfg)` fills `cls` too
    owner = callee.value if isinstance(callee, cst.Attribute) else None
    if isinstance(owner, cst.Name):
        found = scope.only_binding(owner.value)
        return not (found is not None and isinstance(found[1], cst.ClassDef))
    return True


def argument_for(function: cst.FunctionDef | cst.Lambda, param: cst.Param, call: cst.Call) -> cst.BaseExpression | None:
    """What a call of a function passes for one of its parameters (not its default)."""
    positional = [*function.params.posonly_params, *function.params.params]
    position = positional.index(param) if param in positional else 10**6
    return argument(call, position, param.name.value)


def _plain_method_scope(flax: FlaxFile, scope: Scope) -> bool:
    """Whether a scope is a method of a plain (not Flax) class."""
    owner = scope.parent.node if scope.parent is not None else None
    return isinstance(owner, cst.ClassDef) and flax.is_plain(owner)


class _CallsOutsideNested(cst.CSTVisitor):
    """The calls of a function's own statements, not of the functions or lambdas it defines."""

    def __init__(self) -> None:
        self.calls: list[cst.Call] = []

    def visit_Call(self, node: cst.Call) -> None:
        self.calls.append(node)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _property_object_called(index: ScanIndex, getter: cst.FunctionDef) -> Body | None:
    """What calling the value of a property runs: the `__call__` of the one same-file class
    whose object every return of its getter builds (`return JitPredictor(self._model)`)."""
    scope = index.scope_of[getter]
    classes = {
        index.class_named(r.value.func, scope) if isinstance(r.value, cst.Call) else None for r in returns_of(getter)
    }
    class_node = classes.pop() if len(classes) == 1 else None
    method = index.method_of(class_node, "__call__") if class_node is not None else None
    if method is None or can_fall_off(getter):
        return None
    return Body(method, index.scope_of[method], "method", [p.name.value for p in method.params.params[1:]])


def _registry_picks_called(index: ScanIndex, call: cst.Call, scope: Scope) -> list[Body]:
    """The registered functions a call of a registry pick runs, one or another by its key
    (`HEADS[name](x)` for each `name` of a known tuple)."""
    picked = index.picked_functions(call.func, scope) if isinstance(call.func, cst.Subscript) else None
    return [Body(f, index.scope_of[f], "def", [p.name.value for p in f.params.params]) for f in picked or []]


def _filled_by_call_site(index: ScanIndex, loop: LoopCall) -> dict[cst.Param, tuple[cst.BaseExpression, Scope]]:
    """The parameters of a loop's body that its `functools.partial` fills, or of the factory
    that made the body (`make_step(cell)`), with what is passed, in the loop's scope."""
    if loop.body is None:
        return {}
    node, scope = _body_argument(index, loop), loop.scope
    if isinstance(node, cst.Attribute):  # `lax.scan(self.step, ...)` with `self.step = make_step(model)`
        node, scope = index.stored_callable(node, scope) or (node, scope)
    return filled_by_maker(index, loop.body, node, scope)


def filled_by_maker(
    index: ScanIndex, body: Body, node: cst.BaseExpression | None, scope: Scope
) -> dict[cst.Param, tuple[cst.BaseExpression, Scope]]:
    """The parameters of a body function that the expression which gives it fills: a
    `functools.partial(step, cell)` (also through a name bound once to it), or a factory call
    `make_step(cell)` (with what a `return partial(refine, head)` in it binds)."""
    if isinstance(node, cst.Name):
        found = scope.only_binding(node.value)
        if found is not None and isinstance(found[1], Unpacked):  # `step, bound = make_step(...)`
            node, scope = found[1].value, found[0]
        elif found is not None and isinstance(found[1], cst.BaseExpression):
            node, scope = found[1], found[0]
    if body.via == "partial":
        if isinstance(node, cst.Call) and index.qualify(node.func) == PARTIAL:
            return {p: (v, scope) for p, v in parameters_filled(body.node, node.args[1:])}
    elif body.via in ("factory", "factory_partial"):
        factory = index.factory_of(node, scope) if node is not None else None
        if factory is not None:
            call, function = factory
            filled = parameters_passed(function, index.scope_of[function], call, scope)
            bound = {p: (v, scope) for p, v in filled}
            returned = returns_of(function)[0].value if body.via == "factory_partial" else None
            if isinstance(returned, cst.Call) and index.qualify(returned.func) == PARTIAL:
                # `return partial(refine, head)`: what the partial binds, read in the factory
                factory_scope = index.scope_of[function]
                bound.update({p: (v, factory_scope) for p, v in parameters_filled(body.node, returned.args[1:])})
            return bound
    return {}


def _partial_call(index: ScanIndex, loop: LoopCall) -> cst.Call | None:
    """The `functools.partial(...)` call a loop's body argument is."""
    node = _body_argument(index, loop)
    if isinstance(node, cst.Call) and index.qualify(node.func) == PARTIAL:
        return node
    return None


def _self_method_calls(
    index: ScanIndex, method: cst.FunctionDef, skipped: set[cst.CSTNode] | None = None
) -> set[str]:
    """The names `name` of the `self.name(...)` calls a method makes (nested functions too,
    except those `skipped`); `self(...)` counts as `__call__`."""
    self_name = index.self_name(index.scope_of[method])
    if self_name is None:
        return set()
    finder = _SelfCalls(self_name, skipped)
    walk(method.body, finder)
    return finder.names


class _SubmoduleUses(SemanticVisitor):
    """How a method uses the given `self.<attribute>` submodules: the names of the methods it
    calls on each (`self.decoder.greedy(...)`), and None for any other use (`self.decoder(h)`,
    handing it on)."""

    def __init__(self, self_name: str, attributes: set[str]) -> None:
        self.self_name = self_name
        self.attributes = attributes
        self.uses: dict[str, set[str | None]] = {}
        self._method_reads: set[int] = set()

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and self._held(func.value):
            self.uses.setdefault(func.value.attr.value, set()).add(func.attr.value)  # type: ignore[attr-defined]
            self._method_reads.add(id(func.value))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self._held(node) and id(node) not in self._method_reads:
            self.uses.setdefault(node.attr.value, set()).add(None)

    def _held(self, node: cst.BaseExpression) -> bool:
        return (
            isinstance(node, cst.Attribute)
            and isinstance(node.value, cst.Name)
            and node.value.value == self.self_name
            and node.attr.value in self.attributes
        )


class _SelfCalls(SemanticVisitor):
    def __init__(self, self_name: str, skipped: set[cst.CSTNode] | None = None) -> None:
        self.self_name = self_name
        self.skipped = skipped or set()  # functions whose calls are not counted (loop bodies)
        self.names: set[str] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        return node not in self.skipped and super().on_visit(node)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == self.self_name:
            self.names.add(func.attr.value)
        elif isinstance(func, cst.Name) and func.value == self.self_name:
            self.names.add("__call__")


class _SelfCallsBefore(SemanticVisitor):
    """The names of the `self.name(...)` calls a method makes itself (not in nested functions),
    in source order, until its first call of `self.<stop>(...)` or until the call `stop` (the
    arguments of that call come first, as Python runs them)."""

    def __init__(self, self_name: str, stop: str | cst.Call) -> None:
        self.self_name = self_name
        self.stop = stop  # a method name, or the call itself (a loop call)
        self.names: set[str] = set()
        self.stopped = False

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node is self.stop:
            self.stopped = True
        # A nested function (a scan body among them) runs later, if at all: not counted.
        return not self.stopped and not isinstance(node, (cst.FunctionDef, cst.Lambda))

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if self.stopped or not isinstance(original_node, cst.Call):
            return
        func = original_node.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == self.self_name:
            if func.attr.value == self.stop:
                self.stopped = True
            else:
                self.names.add(func.attr.value)


class _AttributeCall(SemanticVisitor):
    """Finds a call of `self.<attribute>(...)` (or of an item or a method of it) outside the
    given bodies."""

    def __init__(self, self_name: str, attribute: str, skipped: set[cst.CSTNode]) -> None:
        self.self_name = self_name
        self.attribute = attribute
        self.skipped = skipped
        self.found = False

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node in self.skipped:
            return False
        if isinstance(node, cst.Call):
            func = node.func.value if isinstance(node.func, cst.Subscript) else node.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute):
                func = func.value  # `self.decoder.refine(z)`, a method of the submodule
            if (
                isinstance(func, cst.Attribute)
                and isinstance(func.value, cst.Name)
                and func.value.value == self.self_name
                and func.attr.value == self.attribute
            ):
                self.found = True
        if isinstance(node, cst.For) and self._iterates_attribute(node.iter):
            # `for layer in self.layers: h = layer(h)`, also over `zip(...)` or `enumerate(...)`
            names = NameCollector()
            walk(node.target, names)
            calls = _OwnCalls()
            walk(node.body, calls)
            self.found = any(isinstance(c.func, cst.Name) and c.func.value in names.names for c in calls.calls)
        return not self.found

    def _iterates_attribute(self, iterated: cst.BaseExpression) -> bool:
        if isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) and iterated.func.value in ("zip", "enumerate"):
            return any(self._iterates_attribute(arg.value) for arg in iterated.args)
        return (
            isinstance(iterated, cst.Attribute)
            and isinstance(iterated.value, cst.Name)
            and iterated.value.value == self.self_name
            and iterated.attr.value == self.attribute
        )


def _lambda_calling_attribute(method: cst.BaseExpression | None) -> bool:
    """`lambda m, *args: m.<name>(...)`: a lambda given as `method=` that calls an attribute of
    the module it is given."""
    if not (isinstance(method, cst.Lambda) and method.params.params and isinstance(method.body, cst.Call)):
        return False
    func = method.body.func
    return isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == method.params.params[0].name.value


class _InitMethodFinder(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Call(self, node: cst.Call) -> None:
        if not (isinstance(node.func, cst.Attribute) and node.func.attr.value in ("init", "init_with_output")):
            return
        for arg in node.args:
            if arg.keyword is None or arg.keyword.value != "method":
                continue
            value = arg.value
            if isinstance(value, cst.Attribute):
                self.names.add(value.attr.value)
            elif isinstance(value, cst.SimpleString) and isinstance(value.evaluated_value, str):
                self.names.add(value.evaluated_value)
            elif isinstance(value, cst.Lambda) and isinstance(value.body, cst.Call) and isinstance(value.body.func, cst.Attribute):
                self.names.add(value.body.func.attr.value)


def flax_file(index: ScanIndex) -> FlaxFile:
    """The Flax view of a file, built once and shared by the SCN1xx rules; it lives as long as
    the file's index does."""
    found = index.derived.get(FlaxFile)
    if not isinstance(found, FlaxFile):
        found = index.derived[FlaxFile] = FlaxFile(index)
    return found


# ---------------------------------------------------------------------------------------------
# The code a scan body runs


# What `for` statements iterate, by function and setting, then by name (see `loops_binding`).
LoopsCache = dict[tuple[cst.CSTNode, bool, bool], dict[str, list[cst.BaseExpression]]]
ComprehensionCache = dict[tuple[cst.CSTNode, bool, bool], dict[cst.Name, cst.BaseExpression]]


@dataclass(eq=False)
class BodyCode:
    """Everything one raw scan body runs: its own code, nested functions, and same-file helpers
    it calls directly, with the scope each call and assignment sits in."""

    loop: LoopCall
    functions: set[cst.CSTNode] = field(default_factory=set)
    scopes: set[Scope] = field(default_factory=set)
    calls: list[tuple[cst.Call, Scope]] = field(default_factory=list)
    targets: list[tuple[cst.BaseExpression, Scope]] = field(default_factory=list)
    # Subscripts of a call's result or of a name, `split(key, n)[t]`, `keys[t]`: what they index.
    indexed_calls: dict[cst.Call, list[cst.BaseExpression]] = field(default_factory=dict)
    indexed_names: list[tuple[str, cst.BaseExpression, Scope]] = field(default_factory=list)
    # `nn.Dropout(0.1)(x, ...)`: the construction -> the call that runs it at once.
    applied: dict[cst.Call, cst.Call] = field(default_factory=dict)
    # Parameters of the body that `functools.partial` fixes: the same value at every step.
    fixed_parameters: set[str] = field(default_factory=set)
    # Parameters bound to what a call site passes, and where it is written: the body's own
    # parameters that `functools.partial` fills, those of the factory that made the body, and
    # for a loop a module-level wrapper function runs for a caller, the wrapper's parameters
    # the body calls, as this call of the wrapper fills them.
    bound_arguments: dict[cst.Param, tuple[cst.BaseExpression, Scope]] = field(default_factory=dict)
    wrapper: str | None = None  # the wrapper's name, for such a loop
    wrapped_call: cst.Call | None = None  # the loop call inside that wrapper
    # The helpers the body runs, each with the calls in the body's code that run it.
    entries: dict[cst.CSTNode, list[tuple[cst.Call, Scope]]] = field(default_factory=dict)
    # What the `for` statements of the functions `body_loop_over` reads iterate (`loops_binding`).
    loops: LoopsCache = field(default_factory=dict)
    # What the comprehension clause binding each read of a comprehension variable iterates.
    comprehensions: ComprehensionCache = field(default_factory=dict)
    # Methods of outside plain objects the body calls (`tracker.update(loss)`): they run as part
    # of the body, and what they store on their own object is SCN106's.
    object_methods: set[cst.CSTNode] = field(default_factory=set)
    # The names each scope of the body binds only as a Python loop counter (SCN106's cache).
    python_counters: dict[Scope, frozenset[str]] = field(default_factory=dict)
    # The names `name_constant` takes as the same at every step while it checks their bindings.
    assumed_constant: set[tuple[str, Scope]] = field(default_factory=set)

    MAX_FUNCTIONS = 32

    @classmethod
    def collect(
        cls,
        index: ScanIndex,
        loop: LoopCall,
        bound_arguments: dict[cst.Param, tuple[cst.BaseExpression, Scope]] | None = None,
        wrapper: str | None = None,
        wrapped_call: cst.Call | None = None,
    ) -> BodyCode:
        body = loop.body
        assert body is not None
        code = cls(loop, bound_arguments=dict(bound_arguments or {}), wrapper=wrapper, wrapped_call=wrapped_call)
        if wrapper is None:
            code.bound_arguments.update(_filled_by_call_site(index, loop))
        if body.via in ("partial", "factory_partial"):
            all_parameters = [
                p.name.value for p in (*body.node.params.posonly_params, *body.node.params.params)
            ]
            self_name = (
                index.self_name(body.scope) if isinstance(body.node, cst.FunctionDef) else None
            )
            code.fixed_parameters = {
                name for name in all_parameters if name not in body.parameters and name != self_name
            }
            code.fixed_parameters |= {p.name.value for p in body.node.params.kwonly_params}
        pending: list[FunctionNode] = [body.node]
        while pending and len(code.functions) < cls.MAX_FUNCTIONS:
            function = pending.pop(0)
            if function in code.functions:
                continue
            start = len(code.calls)
            walk(function, _BodyWalker(index, code))
            for call, scope in code.calls[start:]:
                transformed = _transformed_function(index, call.func, scope)
                maker = transformed or (call.func, scope)  # what gives the function the call runs
                dispatched = index.singledispatch_implementation(call, scope)
                helper = (
                    (Body(dispatched, index.scope_of[dispatched], "def", [p.name.value for p in dispatched.params.params])
                     if dispatched is not None else None)
                    or index.resolve_callable(call.func, scope)
                    or code._bound_callable(index, call, scope)
                    or (index.resolve_callable(*transformed) if transformed is not None else None)
                )
                bound = code.bound_argument(call.func, scope) if helper is None else None
                overriding = flax_file(index).overridden_by_objects(helper, call, scope) if helper is not None else None
                helpers = overriding or ([helper] if helper is not None else (
                    flax_file(index).plain_object_methods(call, scope, code)
                    or flax_file(index).function_method_runs(call, scope)
                    or _registry_picks_called(index, call, scope)
                    or flax_file(index).held_functions(call.func, scope)
                    or (flax_file(index).flow_functions(*bound) if bound is not None else [])  # what the caller passed
                    or flax_file(index).closed_over_functions(call.func, scope, loop.scope)
                ))
                if helper is None:
                    # methods only: a function a registry or the object flow gives runs as a helper
                    code.object_methods.update(method.node for method in helpers if method.via == "method")
                helpers += [  # `plant.predictor(x)`: the getter runs, then what it returns is called
                    called
                    for getter in helpers
                    if getter.via == "method" and isinstance(getter.node, cst.FunctionDef) and is_property(getter.node)
                    and (called := _property_object_called(index, getter.node)) is not None
                ]
                for entry in helpers:
                    code.entries.setdefault(entry.node, []).append((call, scope))
                    if entry.via in ("partial", "factory_partial"):  # `update = partial(ema_update, self.ema)`, `update(x)`
                        code._bind_partial(index, entry, call, scope)
                    elif entry.via == "def":  # `rk4_step(f, t, y)` passing on a bound `f`
                        code._pass_bound(entry, call, scope)
                    elif entry.via == "factory":  # `step = with_retry(self.train_step, 2)`, `step(batch)`
                        for param, value in filled_by_maker(index, entry, *maker).items():
                            code.bound_arguments.setdefault(param, value)
                    if entry.node not in code.functions:
                        pending.append(entry.node)
                    if isinstance(entry.node, cst.FunctionDef) and entry.via in ("def", "method"):
                        pending += code._enter_decorator_wrappers(index, entry.node, call, scope)
                for branch in branch_functions(index, call, scope):
                    found = index.resolve_callable(branch, scope)
                    if found is not None and found.node not in code.functions:
                        pending.append(found.node)
        return code

    def _enter_decorator_wrappers(
        self, index: ScanIndex, function: cst.FunctionDef, call: cst.Call, scope: Scope
    ) -> list[cst.FunctionDef]:
        """The wrappers same-file decorators put around a function the body calls: each runs
        in the body, its parameters filled by the call (a method's `self` by the receiver) and
        the decorator's own parameter by the decorated function."""
        wrappers = []
        function_scope = index.scope_of[function]
        for decorator, wrapper in index.decorator_wrappers(function):
            args = list(call.args)
            if binds_self(function, function_scope, call, scope):
                args.insert(0, cst.Arg(call.func.value))  # type: ignore[attr-defined]
            for param, value in parameters_filled(wrapper, args):
                self.bound_arguments.setdefault(param, (value, scope))
            decorated = (cst.Name(function.name.value), function_scope.parent)
            self.bound_arguments.setdefault(decorator.params.params[0], decorated)  # type: ignore[arg-type]
            self.entries.setdefault(wrapper, []).append((call, scope))
            if wrapper not in self.functions:
                wrappers.append(wrapper)
        return wrappers

    def _bind_partial(self, index: ScanIndex, helper: Body, call: cst.Call, scope: Scope) -> None:
        """The helper parameters a `functools.partial` the body calls fills, as bound arguments,
        but for those the call passes again by keyword (`step(x, key=k)` overrides the partial's
        `key=`); the partial is followed as the resolver shows it, else by the object flow
        (`self.sampler` stored from what a factory returned)."""
        func = call.func
        called, called_scope = func, scope
        bound = self.bound_argument(func, scope)  # a parameter filled with the partial
        if bound is not None:
            func, scope = bound
        if isinstance(func, cst.Name):
            found = scope.only_binding(func.value)
            func, scope = (found[1], found[0]) if found is not None and isinstance(found[1], cst.BaseExpression) else (func, scope)
        elif isinstance(func, cst.Attribute):  # `self.value_fn(board)`, stored by `__init__`
            func, scope = index.stored_callable(func, scope) or (func, scope)
        for _ in range(3):  # `jax.checkpoint(functools.partial(step, model))` runs the partial
            if not (
                isinstance(func, cst.Call)
                and index.qualify(func.func) in SAME_FUNCTION_WRAPPERS
                and len(func.args) == 1
                and func.args[0].keyword is None
                and not func.args[0].star
            ):
                break
            func = func.args[0].value
            if isinstance(func, cst.Name):
                found = scope.only_binding(func.value)
                func, scope = (found[1], found[0]) if found is not None and isinstance(found[1], cst.BaseExpression) else (func, scope)
        if not (isinstance(func, cst.Call) and index.qualify(func.func) == PARTIAL and func.args):
            values = object_flow(index).values(called, called_scope) or []
            if len(values) != 1:
                return
            func, scope = values[0]  # type: ignore[assignment]
            if not (isinstance(func, cst.Call) and index.qualify(func.func) == PARTIAL and func.args):
                return
        passed_again = {arg.keyword.value for arg in call.args if arg.keyword is not None}
        target = func.args[0].value
        bound_method = callee_binds_self(helper.node, helper.scope, target, scope)  # `partial(pool.route, queue)`
        for param, value in parameters_filled(helper.node, func.args[1:], bound_method=bound_method):
            if param.name.value not in passed_again:
                self.bound_arguments.setdefault(param, (value, scope))
        receiver = _first_parameter(helper.node) if bound_method and isinstance(helper.node, cst.FunctionDef) else None
        if receiver is not None and isinstance(target, cst.Attribute):
            self.bound_arguments.setdefault(receiver, (target.value, scope))  # the method's `self` is `pool`
        self._bind_maker(index, target, scope)

    def _bind_maker(self, index: ScanIndex, made: cst.BaseExpression, scope: Scope) -> None:
        """The parameters of the same-file factory whose call made a function a partial wraps
        (`partial(self.step, t=0.5)` with `self.step = make_round_step(policy.apply, params)`),
        as bound arguments: the function closes over them."""
        if isinstance(made, cst.Attribute):
            made, scope = index.stored_callable(made, scope) or (made, scope)
        elif isinstance(made, cst.Name):
            found = scope.only_binding(made.value)
            made, scope = (found[1], found[0]) if found is not None and isinstance(found[1], cst.Call) else (made, scope)
        factory = index.factory_of(made, scope) if isinstance(made, cst.Call) else None
        if factory is None:
            return
        call, function = factory
        for param, value in parameters_passed(function, index.scope_of[function], call, scope):
            self.bound_arguments.setdefault(param, (value, scope))

    def _pass_bound(self, helper: Body, call: cst.Call, scope: Scope) -> None:
        """A helper's parameters that a call fills with a name the body's code has bound (a
        wrapper's `f`, passed on as `rk4_step(f, t, y)`): bound to the same argument."""
        for param, value in parameters_filled(helper.node, call.args):
            if isinstance(value, cst.Name):
                found = scope.only_binding(value.value)
                if found is not None and isinstance(found[1], cst.Param) and found[1] in self.bound_arguments:
                    self.bound_arguments.setdefault(param, self.bound_arguments[found[1]])

    def _bound_callable(self, index: ScanIndex, call: cst.Call, scope: Scope) -> Body | None:
        """What a call of a bound parameter runs, as the call site fills it; the parameters of
        the partial or factory that makes it are bound in turn (`timed(with_retries(step))`:
        the inner wrapper's `fn` is `step`)."""
        found = self.bound_argument(call.func, scope)
        body = index.resolve_callable(*found) if found is not None else None
        if body is not None:
            for param, value in filled_by_maker(index, body, *found).items():  # type: ignore[misc]
                self.bound_arguments.setdefault(param, value)
        return body

    def bound_argument(
        self, node: cst.BaseExpression, scope: Scope
    ) -> tuple[cst.BaseExpression, Scope] | None:
        """What a call site passes for the parameter a name in the body reads, and where."""
        if not self.bound_arguments or not isinstance(node, cst.Name):
            return None
        found = scope.only_binding(node.value)
        if found is None or not isinstance(found[1], cst.Param):
            return None
        return self.bound_arguments.get(found[1])

    def in_object_method(self, scope: Scope) -> bool:
        """Whether a scope is a method of an outside plain object the body calls (see
        `object_methods`), or nested in one."""
        current: Scope | None = scope
        while current is not None:
            if current.node in self.object_methods:
                return True
            current = current.parent
        return False

    def is_inside(self, scope: Scope) -> bool:
        """Whether a scope is the body's, a helper's, or nested in one of them."""
        current: Scope | None = scope
        while current is not None:
            if current in self.scopes:
                return True
            current = current.parent
        return False

    def binds(self, name: str, scope: Scope) -> bool:
        """Whether `name`, read at `scope`, is bound by the body's own code (a step value)."""
        found = scope.lookup(name)
        if found is None:
            return False
        binding_scope, _ = found
        body = self.loop.body
        if body is not None and binding_scope is body.scope and name in self.fixed_parameters:
            return False
        return self.is_inside(binding_scope)

    def indexed_by_step(self, call: cst.Call, scope: Scope) -> bool:
        """Whether the body picks from a call's result with a step value: `split(k, n)[t]`, or
        `keys = split(k, n)` followed by `keys[t]`."""
        if any(self.mentions_step_value(i, scope) for i in self.indexed_calls.get(call, [])):
            return True
        names = {name for name, values in scope.bindings.items() if any(v is call for v in values)}
        return any(
            name in names and self.mentions_step_value(i, where)
            for name, i, where in self.indexed_names
        )

    def carried_unchanged(self, name: cst.BaseExpression, scope: Scope) -> bool:
        """Whether a name is the body's carry parameter (scan's carry, the fori or while loop
        value), bound nowhere else, that every return of the body gives back unchanged as the
        carry (`return state, ys`): it holds the loop's initial value at every step."""
        body = self.loop.body
        if not isinstance(name, cst.Name) or body is None or not isinstance(body.node, cst.FunctionDef):
            return False
        if scope is not body.scope or name.value != self.loop.carry_name:
            return False
        found = scope.only_binding(name.value)
        returned = [r.value for r in returns_of(body.node)]
        if found is None or not isinstance(found[1], cst.Param) or not returned or can_fall_off(body.node):
            return False
        for value in returned:
            if self.loop.kind == "scan":
                value = value.elements[0].value if isinstance(value, cst.Tuple) and value.elements else None
            if not (isinstance(value, cst.Name) and value.value == name.value):
                return False
        return True

    def unchanged_carry_part(self, name: cst.Name, scope: Scope) -> tuple[cst.Name, Scope] | None:
        """For a name read in the body's code that holds a part of the carry no step changes, the
        body's own name for it, with the body's scope: the carry parameter itself (see
        `carried_unchanged`), or a name the body unpacks from it once (`key, h = carry`) and
        every return gives back at the same place (`return (key, h), y`); a helper's parameter
        every call in the body's code fills with such a name leads to that name."""
        body = self.loop.body
        if body is None or not isinstance(body.node, cst.FunctionDef):
            return None
        if scope is not body.scope:
            handed = self._passed_from_body(name, scope)
            if handed is None:
                return None
            name, scope = handed
        if self.carried_unchanged(name, scope):
            return name, scope
        carry = self.loop.carry_name
        found = scope.only_binding(name.value)
        if carry is None or found is None or isinstance(found[1], cst.CSTNode) or found[0] is not scope:
            return None
        position = _unpacked_from(body.node, name.value, carry)
        returned = [r.value for r in returns_of(body.node)]
        if position is None or not returned or can_fall_off(body.node) or scope.only_binding(carry) is None:
            return None
        for value in returned:
            if self.loop.kind == "scan":
                value = value.elements[0].value if isinstance(value, cst.Tuple) and value.elements else None
            if not isinstance(value, (cst.Tuple, cst.List)) or position >= len(value.elements):
                return None
            element = value.elements[position].value
            if not (isinstance(element, cst.Name) and element.value == name.value):
                return None
        return name, scope

    def carried_initial(self, name: cst.Name, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For a part of the carry no step changes (as `unchanged_carry_part` gives it), what the
        loop call starts it with: the initial carry, or its element at the place the body
        unpacks the name from (`(0, buf, make_rngs())` for `i, buf, rngs = state`)."""
        body = self.loop.body
        initial = self.loop.init
        if body is None or not isinstance(body.node, cst.FunctionDef) or initial is None:
            return None
        if self.carried_unchanged(name, scope):
            return initial, self.loop.scope
        carry = self.loop.carry_name
        position = _unpacked_from(body.node, name.value, carry) if carry is not None else None
        if isinstance(initial, cst.Name):
            found = self.loop.scope.only_binding(initial.value)
            initial = found[1] if found is not None and isinstance(found[1], (cst.Tuple, cst.List)) else initial
        if position is None or not isinstance(initial, (cst.Tuple, cst.List)) or position >= len(initial.elements):
            return None
        element = initial.elements[position]
        return (element.value, self.loop.scope) if not isinstance(element, cst.StarredElement) else None

    def _passed_from_body(self, name: cst.Name, scope: Scope, depth: int = 0) -> tuple[cst.Name, Scope] | None:
        """For a parameter of a helper the body calls, the one name of the body's own scope every
        call of the helper in the body's code passes for it, through other helpers."""
        body = self.loop.body
        found = scope.only_binding(name.value)
        function = scope.node
        if depth > 3 or body is None or found is None or not isinstance(found[1], cst.Param) or found[0] is not scope:
            return None
        if not isinstance(function, (cst.FunctionDef, cst.Lambda)) or function is body.node:
            return None
        passed = []
        for call, call_scope in self.entries.get(function, []):
            value = dict(parameters_passed(function, scope, call, call_scope)).get(found[1])
            if not isinstance(value, cst.Name):
                return None
            if call_scope is not body.scope:
                handed = self._passed_from_body(value, call_scope, depth + 1)
                if handed is None:
                    return None
                value, call_scope = handed
            passed.append((value, call_scope))
        if not passed or any(value.value != passed[0][0].value for value, _ in passed):
            return None
        return passed[0]

    def step_constant(self, node: cst.BaseExpression, scope: Scope, depth: int = 0) -> bool:
        """Whether a value is the same at every step: it reads no step value of the body (its
        parameters, what the loop passes), following names the body binds to their values and a
        helper's parameters to what every call of it in the body passes (or the default)."""
        if depth > 4:
            return False
        if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(node, cst.Call) and self._returns_constant(node, depth):
            return True  # `self.strategy.key_for(step)` returning the key its object keeps
        names = NameCollector()
        walk(node, names)
        for read in names.reads:
            if scope.lookup(read.value) is None and not hasattr(builtins, read.value) and self.is_inside(scope):
                # a comprehension variable of the body's code: what its clause iterates (`k` in
                # `[... for p, k in zip(params, keys)]` takes the elements of `keys`)
                iterated = body_loop_over(self, read, scope)
                if iterated is None or not self.step_constant(iterated, scope, depth + 1):
                    return False
            elif not self.name_constant(read.value, scope, depth):
                return False
        return True

    def _returns_constant(self, call: cst.Call, depth: int) -> bool:
        """Whether a call of a function of the body's code gives the same value at every step:
        each of its returns is, whatever its parameters are given (the body is traced once, so
        what it reads of Python state is read once). Only returns that read its parameters and
        outer names count (`return self._key`): a local container may be filled by calls that
        the binding does not show (`merged = {}`, then `merged.update(...)`)."""
        called = [function for function, calls in self.entries.items() if any(c is call for c, _ in calls)]
        if not called:
            return False
        for function in called:
            if not isinstance(function, cst.FunctionDef) or can_fall_off(function):
                return False
            returned = [r.value for r in returns_of(function)]
            function_scope = next((each for each in self.scopes if each.node is function), None)
            if not returned or function_scope is None:
                return False
            if not all(r is not None and self.step_constant(r, function_scope, depth + 1) for r in returned):
                return False
            names = NameCollector()
            for r in returned:
                walk(r, names)  # type: ignore[arg-type]
            local = function_scope.bindings
            if any(name in local and not all(isinstance(b, cst.Param) for b in local[name]) for name in names.names):
                return False
        return True

    def name_constant(self, name: str, scope: Scope, depth: int = 0) -> bool:
        """Whether a name read at `scope` holds the same value at every step (see `step_constant`)."""
        if not self.binds(name, scope):
            return True
        found = scope.only_binding(name)
        if found is None:
            return self._rebound_constant(name, scope, depth)
        return self._binding_constant(name, scope, *found, depth)

    def _rebound_constant(self, name: str, scope: Scope, depth: int) -> bool:
        """A name one scope binds more than once (`key, sub = jax.random.split(key)` in a
        helper's Python `for` loop): the same at every step when each of its bindings is, with
        the name itself taken as the same where a binding reads it."""
        resolved = scope.lookup(name)
        if resolved is None:
            return False
        binding_scope, bindings = resolved
        marker = (name, binding_scope)
        if marker in self.assumed_constant:
            return True
        self.assumed_constant.add(marker)
        try:
            return all(self._binding_constant(name, scope, binding_scope, binding, depth) for binding in bindings)
        finally:
            self.assumed_constant.discard(marker)

    def _binding_constant(self, name: str, scope: Scope, binding_scope: Scope, binding: Binding, depth: int) -> bool:
        if isinstance(binding, Unpacked):  # an element of a value the same at every step is too
            return self.step_constant(binding.value, binding_scope, depth + 1)
        if isinstance(binding, cst.BaseExpression):
            return self.step_constant(binding, binding_scope, depth + 1)
        if isinstance(binding, cst.FunctionDef):  # `def step(cache, x): ...`: what it closes over
            return self._closes_over_constants(binding, depth)
        if not isinstance(binding, cst.CSTNode):  # `for hook in self.hooks:`: each element, every step
            iterated = body_loop_over(self, cst.Name(name), scope)
            return iterated is not None and self.step_constant(iterated, scope, depth + 1)
        function = binding_scope.node
        body = self.loop.body
        if not isinstance(binding, cst.Param):
            return False
        if binding in self.bound_arguments:  # `partial(apply_jitter, model, key=rngs.jitter())`
            return self.step_constant(*self.bound_arguments[binding], depth + 1)
        if body is not None and function is body.node:
            # The body's own parameters are the step values; the `self` of a method handed to
            # the loop (`nca.step`) is the same object at every step.
            if binding.name.value in self.fixed_parameters:  # filled by `functools.partial`
                return True
            return body.via == "method" and binding.name.value not in body.parameters and _first_parameter(function) is binding
        calls = self.entries.get(function, [])
        if not calls or not isinstance(function, (cst.FunctionDef, cst.Lambda)):
            return False
        method = binding_scope.parent is not None and binding_scope.parent.is_class
        for call, call_scope in calls:
            passed = dict(parameters_passed(function, binding_scope, call, call_scope)).get(binding)
            if passed is None and method and binding is _first_parameter(function):
                passed = _receiver(function, call)  # `self._fire_mask()`: its `self` is the caller's
            if passed is None and binding.default is None:
                return False
            value, value_scope = (passed, call_scope) if passed is not None else (binding.default, binding_scope.parent)
            if value is None or value_scope is None or not self.step_constant(value, value_scope, depth + 1):
                return False
        return True

    def _closes_over_constants(self, function: cst.FunctionDef, depth: int) -> bool:
        """Whether a function the body's code defines reads, of what it does not bind itself,
        only values that are the same at every step (and its decorators and defaults too):
        the function object holds no value of the loop."""
        scope = next((each for each in self.scopes if each.node is function), None)
        if scope is None:
            return False
        names = NameCollector()
        walk(function.body, names)
        for part in (*function.decorators, *function.params.params, *function.params.kwonly_params):
            walk(part, names)
        return all(
            read.value in scope.bindings or self.name_constant(read.value, scope, depth + 1)
            for read in names.reads
        )

    def empty_keywords(self, arg: cst.Arg, scope: Scope) -> bool:
        """Whether `**kwargs` handed on in the body's code is empty at every step: the `**`
        parameter of a helper or method the body runs, which every call of it in the body's
        code fills with no keyword beyond the named parameters (`model(frame)` running
        `def __call__(self, x, **kwargs): return self.module.apply(v, x, **kwargs)`)."""
        function = scope.node
        star = function.params.star_kwarg if isinstance(function, cst.FunctionDef) else None
        if not (arg.star == "**" and isinstance(arg.value, cst.Name) and isinstance(star, cst.Param)):
            return False
        if arg.value.value != star.name.value or scope.only_binding(star.name.value) != (scope, star):
            return False
        calls = self.entries.get(function, [])
        named = {p.name.value for p in (*function.params.params, *function.params.kwonly_params)}
        return bool(calls) and all(
            not any(a.star == "**" or (a.keyword is not None and a.keyword.value not in named) for a in call.args)
            for call, _ in calls
        )

    def closed_over_argument(self, name: cst.Name, scope: Scope, depth: int = 0) -> tuple[cst.Name, Scope] | None:
        """For a parameter of a helper the body calls, the one closed-over name every call of the
        helper in the body's code passes for it (`self.select(obs, key)` with `key` made before
        the loop), with the scope of the call; also when a call passes a parameter of another
        such helper (`_refine(x, key)` calling `_noise_like(x, key)`)."""
        if depth > 3:
            return None
        found = scope.only_binding(name.value) or self._rekeyed_parameter(name.value, scope)
        function = scope.node
        body = self.loop.body
        if found is None or not isinstance(found[1], cst.Param) or found[0] is not scope:
            return None
        if not isinstance(function, (cst.FunctionDef, cst.Lambda)) or (body is not None and function is body.node):
            return None
        passed = []
        for call, call_scope in self.entries.get(function, []):
            value = dict(parameters_passed(function, scope, call, call_scope)).get(found[1])
            if isinstance(value, cst.Name) and self.binds(value.value, call_scope):
                handed = self.closed_over_argument(value, call_scope, depth + 1)
                if handed is None:
                    return None
                value, call_scope = handed
            if not isinstance(value, cst.Name):
                return None
            passed.append((value, call_scope))
        if not passed or any(value.value != passed[0][0].value for value, _ in passed):
            return None
        return passed[0]

    def _rekeyed_parameter(self, name: str, scope: Scope) -> tuple[Scope, cst.Param] | None:
        """A parameter that its function rebinds only to values made from itself and values the
        same at every step (`key, sub = jax.random.split(key)` in a Python `for` loop): it holds
        the same at every step whenever what the calls pass does."""
        bindings = scope.bindings.get(name, [])
        parameters = [binding for binding in bindings if isinstance(binding, cst.Param)]
        if len(parameters) != 1 or len(bindings) < 2:
            return None
        marker = (name, scope)
        self.assumed_constant.add(marker)
        try:
            for binding in bindings:
                if binding is parameters[0]:
                    continue
                value = binding.value if isinstance(binding, Unpacked) else binding
                if not isinstance(value, cst.BaseExpression) or not self.step_constant(value, scope):
                    return None
        finally:
            self.assumed_constant.discard(marker)
        return scope, parameters[0]

    def object_outside(self, name: cst.Name, scope: Scope, depth: int = 0) -> bool:
        """Whether a method's `self` read by the body's code is an object made outside the loop
        body: closed over from the method that runs the loop, the object whose method is the
        body, the object of a method a `functools.partial` made outside the body runs, or passed
        on by calls `self.helper(...)` of such an object in the body's code."""
        found = scope.lookup(name.value)
        if found is None or depth > 3:
            return False
        method = found[0].node
        if method not in self.functions:
            return True
        body = self.loop.body
        if body is not None and method is body.node:
            # The body's `self` (`nca.step` handed to the loop) or a parameter a partial fills; a
            # name the body binds itself (`buffer = Buffer()`) is made at every step.
            values = found[1]
            param = values[0] if len(values) == 1 and isinstance(values[0], cst.Param) else None
            return param is not None and (
                param.name.value in self.fixed_parameters
                or (body.via == "method" and isinstance(method, cst.FunctionDef) and _first_parameter(method) is param)
            )
        receiver = _first_parameter(method) if isinstance(method, cst.FunctionDef) else None
        if receiver is not None and receiver in self.bound_arguments:  # `step = partial(pool.route, queue)`
            return not self.is_inside(self.bound_arguments[receiver][1])
        calls = self.entries.get(method, [])
        return bool(calls) and all(  # `self.helper(...)`, `self.adapter.rows_for_flight(...)`
            isinstance(call.func, cst.Attribute)
            and (
                (receiver := root_name(call.func.value)) is not None
                and self.object_outside(receiver, call_scope, depth + 1)
                or self._kept_by_outside_object(call.func.value, depth)
            )
            for call, call_scope in calls
        )

    def _kept_by_outside_object(self, receiver: cst.BaseExpression, depth: int) -> bool:
        """`self.pool.acquire().materialize()`: whether a receiver is what a method of an
        outside object returns of its own state (`return self.sessions[i % n]`), at every
        method the call may run."""
        if not isinstance(receiver, cst.Call):
            return False
        getters = [function for function, calls in self.entries.items() if any(c is receiver for c, _ in calls)]
        for getter in getters:
            getter_scope = next((each for each in self.scopes if each.node is getter), None)
            self_name = _first_parameter(getter).name.value if isinstance(getter, cst.FunctionDef) and _first_parameter(getter) else None
            returned = [r.value for r in returns_of(getter)] if isinstance(getter, cst.FunctionDef) else []
            if (
                getter_scope is None
                or self_name is None
                or can_fall_off(getter)  # type: ignore[arg-type]
                or not returned
                or not all(isinstance(r, (cst.Attribute, cst.Subscript)) and (root := root_name(r)) is not None and root.value == self_name for r in returned)
                or not self.object_outside(cst.Name(self_name), getter_scope, depth + 1)
            ):
                return False
        return bool(getters)

    def key_varies_by_step(self, index: ScanIndex, key: cst.Call, scope: Scope) -> bool:
        """Whether every use of a key the body draws (`self.make_rng("noise")`) makes it
        differ by step: folded with a value some step changes (`fold_in(key, t)`, also after
        `k = key`), or split and indexed with a step value (`split(key, n)[t]`)."""
        if self.indexed_by_step(key, scope):
            return True
        folds = {
            call.args[0].value: call.args[1].value
            for call, _ in self.calls
            if len(call.args) == 2
            and index.qualify(call.func) == "jax.random.fold_in"
            and not any(a.keyword or a.star for a in call.args)
        }

        def varies(node: cst.BaseExpression, where: Scope) -> bool:
            return node in folds and not self.step_constant(folds[node], where)

        if varies(key, scope):
            return True
        name = scope.name_bound_to(key)
        if name is None:
            return False
        reads = index.reads_of(name, scope)
        return bool(reads) and all(varies(read, scope) for read in reads)

    def mentions_step_value(self, node: cst.CSTNode, scope: Scope) -> bool:
        """Whether an expression reads any name bound by the body's code."""
        finder = NameCollector()
        walk(node, finder)
        return any(self.binds(name, scope) for name in finder.names)

    def holds_step_value(self, node: cst.CSTNode, scope: Scope) -> bool:
        """Whether an expression may hold a tracer of the loop: it reads a name the body's code
        binds other than through what is known while tracing (`out.shape`, see `TracedReads`)."""
        if isinstance(node, cst.Name):  # a function the body's code defines holds what it closes over
            found = scope.only_binding(node.value)
            if found is not None and isinstance(found[1], cst.FunctionDef) and self.binds(node.value, scope):
                return not self.name_constant(node.value, scope)
        reads = TracedReads()
        walk(node, reads)
        return any(self.binds(name, scope) for name in reads.names)

    def holds_varying_value(self, node: cst.CSTNode, scope: Scope) -> bool:
        """Whether an expression reads a name the body's code binds to what may differ from step
        to step: a helper's parameter every call fills with the same value (`label`, given
        "calibrating") does not count."""
        reads = TracedReads()
        walk(node, reads)
        return any(self.binds(name, scope) and not self.name_constant(name, scope) for name in reads.names)


class _BodyWalker(cst.CSTVisitor):
    def __init__(self, index: ScanIndex, code: BodyCode) -> None:
        self.index = index
        self.code = code
        self.stack: list[Scope] = []

    def _enter(self, node: FunctionNode) -> None:
        scope = self.index.scope_of[node]
        self.code.functions.add(node)
        self.code.scopes.add(scope)
        self.stack.append(scope)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._enter(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.stack.pop()

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self._enter(node)

    def leave_Lambda(self, original_node: cst.Lambda) -> None:
        self.stack.pop()

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Call(self, node: cst.Call) -> None:
        self.code.calls.append((node, self.stack[-1]))
        if isinstance(node.func, cst.Call):
            self.code.applied[node.func] = node

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self.code.targets.append((target.target, self.stack[-1]))

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.code.targets.append((node.target, self.stack[-1]))

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self.code.targets.append((node.target, self.stack[-1]))

    def visit_Subscript(self, node: cst.Subscript) -> None:
        indices = [e.slice.value for e in node.slice if isinstance(e.slice, cst.Index)]
        if isinstance(node.value, cst.Call):
            self.code.indexed_calls.setdefault(node.value, []).extend(indices)
        elif isinstance(node.value, cst.Name):
            self.code.indexed_names.extend((node.value.value, i, self.stack[-1]) for i in indices)


# What reading these gives is known while tracing: storing it leaks no tracer.
STATIC_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size", "aval", "sharding"})
STATIC_CALLS = frozenset({"len", "type", "str", "repr", "id", "isinstance", "print"})


class TracedReads(cst.CSTVisitor):
    """The names an expression reads other than through what is known while tracing
    (`x.shape`, `len(xs)`): what a stored value may hold a tracer of."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if node.attr.value not in STATIC_ATTRIBUTES:
            walk(node.value, self)
        return False

    def visit_Call(self, node: cst.Call) -> bool:
        if isinstance(node.func, cst.Name) and node.func.value in STATIC_CALLS:
            return False
        return True

    def visit_Arg(self, node: cst.Arg) -> bool:
        walk(node.value, self)
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


class NameCollector(cst.CSTVisitor):
    """The variable names an expression reads (not attribute names or keywords)."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.reads: list[cst.Name] = []

    def visit_Name(self, node: cst.Name) -> None:
        self.names.add(node.value)
        self.reads.append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        walk(node.value, self)
        return False

    def visit_Arg(self, node: cst.Arg) -> bool:
        walk(node.value, self)
        return False


# `jax.random` functions that make, split or convert keys rather than draw from them.
KEY_PLUMBING = frozenset({
    "PRNGKey", "key", "key_data", "wrap_key_data", "key_impl", "key_dtype", "clone", "fold_in", "split",
})  # fmt: skip
# Those that make a new key.
KEY_MAKERS = frozenset({"key", "PRNGKey", "split", "fold_in", "clone", "wrap_key_data"})


def raw_scan_bodies(index: ScanIndex) -> Iterator[tuple[FlaxFile, BodyCode]]:
    """Every raw scan body of the file, and for a scan inside a module-level wrapper function
    that calls what its caller passes (`rollout(lambda y, t: self.net(y), y0, ts)`), the body
    as each call of the wrapper runs it, located at that call."""
    flax = flax_file(index)
    for loop in index.loops:
        code = flax.body_code(loop)
        if code is not None:
            yield flax, code
    for code in flax.wrapped_bodies():
        yield flax, code


def _wrapper_runs(index: ScanIndex, loop: LoopCall, code: BodyCode | None) -> Iterator[BodyCode]:
    """The body of a scan in a module-level function, as each call of that function in this
    file runs it: the function's parameters the body calls (or the body itself, when the
    function passes a parameter as the body) bound to that call's arguments."""
    wrapper = loop.scope.node
    if not isinstance(wrapper, cst.FunctionDef):
        return
    sites = _wrapper_sites(index, wrapper, loop.scope)
    if sites is None:
        return
    wrapper_params = [*wrapper.params.posonly_params, *wrapper.params.params, *wrapper.params.kwonly_params]
    body_argument = loop.body_argument
    passed_body = None
    method = None  # `lax.scan(model.step, ...)` with `model` a parameter: the method's name
    if loop.body is None and isinstance(body_argument, cst.Attribute) and isinstance(body_argument.value, cst.Name):
        method, body_argument = body_argument.attr, body_argument.value
    if loop.body is None and isinstance(body_argument, cst.Name):
        found = loop.scope.only_binding(body_argument.value)
        if found is not None and isinstance(found[1], cst.Param) and found[1] in wrapper_params:
            passed_body = found[1]
    called = set()  # the wrapper's parameters the body calls, or passes on to its helpers
    if code is not None:
        for call, scope in code.calls:
            names = [call.func] + [arg.value for arg in call.args if code.entries and arg.keyword is None]
            for name in names:
                if isinstance(name, cst.Name):
                    found = scope.only_binding(name.value)
                    if found is not None and isinstance(found[1], cst.Param) and found[1] in wrapper_params:
                        if name is call.func or index.resolve_callable(call.func, scope) is not None:
                            called.add(found[1])
    if passed_body is None and not called:
        return
    for site, site_scope in sites:
        bound: dict[cst.Param, tuple[cst.BaseExpression, Scope]] = {}
        passed = dict(parameters_passed(wrapper, loop.scope, site, site_scope))
        for param in {*called, *([passed_body] if passed_body is not None else [])}:
            value = passed.get(param)
            if value is not None:
                bound[param] = (value, site_scope)
        body = loop.body
        if passed_body is not None:
            if passed_body not in bound:
                continue
            passed, passed_scope = bound[passed_body]
            if method is not None:
                passed = cst.Attribute(value=passed, attr=method)  # the method of what was passed
            body = index.resolve_callable(passed, passed_scope, objects=True)
            if body is None:
                continue
            bound.update(filled_by_maker(index, body, passed, passed_scope))  # `partial(step, attention)`
        elif not bound:
            continue
        run = LoopCall(loop.kind, site, site_scope, body, None)
        yield BodyCode.collect(index, run, bound, wrapper.name.value, loop.call)


def _wrapper_sites(index: ScanIndex, wrapper: cst.FunctionDef, scope: Scope) -> list[tuple[cst.Call, Scope]] | None:
    """The calls that run a loop wrapper: a module-level function's calls, or for a function a
    module-level factory defines and returns (`integrate = make_integrator(n)`), the calls of
    the names bound to that factory's calls."""
    if scope.parent is index.module_scope:  # also `jax.jit(run_sampler, static_argnums=0)(step, x)`
        return flax_file(index).calls_running(wrapper) + _keyword_partial_calls(index, wrapper)
    if scope.parent is not None and scope.parent.is_class:  # `self._reverse_process(x, step_fn)`
        return _self_calls_of(index, scope.parent.node, wrapper.name.value)  # type: ignore[arg-type]
    factory = scope.parent.node if scope.parent is not None else None
    if not isinstance(factory, cst.FunctionDef) or index.scope_of[factory].parent is not index.module_scope:
        return None
    returns = returns_of(factory)
    if not returns or not all(isinstance(r.value, cst.Name) and r.value.value == wrapper.name.value for r in returns):
        return None
    sites = []
    for name, calls in index.local_name_calls.items():
        for call, call_scope in calls:
            found = call_scope.only_binding(name)
            if found is None or not isinstance(found[1], cst.Call):
                continue
            made = index.factory_of(found[1], found[0])
            if made is not None and made[1] is factory:
                sites.append((call, call_scope))
    return sites


def _keyword_partial_calls(index: ScanIndex, function: cst.FunctionDef) -> list[tuple[cst.Call, Scope]]:
    """The calls of a module-level function through a `functools.partial` that fixes only
    keywords, so that a call's positional arguments fill the function's first parameters:
    `partial(run, steps=40)(step)`, a name bound to it, or the entry a literal key picks from a
    dict literal of such partials (`RECIPES["sourdough"](step)`)."""
    partials = [
        (p.call, p.scope) for p in index.calls_to(PARTIAL)
        if p.call.args and isinstance(p.call.args[0].value, cst.Name) and p.call.args[0].value.value == function.name.value
        and (bound := p.scope.lookup(function.name.value)) is not None and bound[0] is index.module_scope
        and all(a.keyword is not None for a in p.call.args[1:])
    ]
    if not partials:
        return []
    sites = []
    for partial, scope in partials:
        if (outer := index.result_called_by.get(partial)) is not None:
            sites.append(outer)
        if (name := scope.name_bound_to(partial)) is not None:
            sites += list(index.calls_of(name, scope))
    made = {partial for partial, _ in partials}
    for call, scope, pick, pick_scope in index.pick_calls():
        entry = index.dispatch_entry(pick, pick_scope)
        if entry is not None and entry[0] in made:
            sites.append((call, scope))
    return sites


def _self_calls_of(index: ScanIndex, class_node: cst.ClassDef, name: str) -> list[tuple[cst.Call, Scope]]:
    """The calls `self.<name>(...)` in the methods of a class, with the scope of each."""
    sites = []
    for statement in class_node.body.body:
        if not isinstance(statement, cst.FunctionDef):
            continue
        method_scope = index.scope_of[statement]
        self_name = index.self_name(method_scope)
        finder = _ScopedAttributeCalls(index, method_scope, frozenset({name}))
        walk(statement.body, finder)
        sites += [
            (call, scope)
            for call, scope in finder.calls
            if isinstance(call.func.value, cst.Name) and call.func.value.value == self_name  # type: ignore[attr-defined]
        ]
    return sites


class _ScopedAttributeCalls(SemanticVisitor):
    """Calls `<object>.<attribute>(...)` of the given attribute names, with the scope each is
    written in (`model.init(...)`, `self._reverse(...)`)."""

    def __init__(self, index: ScanIndex, scope: Scope, attributes: frozenset[str]) -> None:
        self.index = index
        self.attributes = attributes
        self.scopes = [scope]
        self.calls: list[tuple[cst.Call, Scope]] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and node in self.index.scope_of:
            self.scopes.append(self.index.scope_of[node])
        func = node.func if isinstance(node, cst.Call) else None
        if isinstance(func, cst.Attribute) and func.attr.value in self.attributes:
            self.calls.append((node, self.scopes[-1]))  # type: ignore[arg-type]
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if len(self.scopes) > 1 and self.scopes[-1].node is original_node:
            self.scopes.pop()


def enclosing_class(loop: LoopCall) -> cst.ClassDef | None:
    found = loop.scope.enclosing_method()
    return found[1] if found is not None else None


def method_name(call: cst.Call) -> str | None:
    return call.func.attr.value if isinstance(call.func, cst.Attribute) else None




# ---------------------------------------------------------------------------------------------
# Bodies and helpers defined in other project files


@dataclass(frozen=True)
class ProjectFunction:
    """A module-level function of another project file, by what it does with each parameter:
    the Linen methods it calls on it (`module.param(...)`), the attributes of it it calls
    (`module.cell(h)`), and whether it calls it (`cell(h)`)."""

    name: str
    file: str
    function: cst.FunctionDef
    methods_called: dict[str, list[str]]
    attributes_called: dict[str, list[str]]
    called: frozenset[str]


@dataclass(frozen=True)
class ProjectCall:
    """A raw scan body, or a call in one, that hands values to a function of another project
    file: `lax.scan(functools.partial(step, self), ...)`, or `update(self.cell, h, x)`."""

    code: BodyCode
    function: ProjectFunction
    filled: list[tuple[str, cst.BaseExpression]]  # the function's parameters and what fills them
    scope: Scope  # where those values are written


_STATE_METHODS = (*LINEN_VARIABLE_METHODS, "make_rng")


def project_calls(flax: FlaxFile) -> list[ProjectCall]:
    """Where the file's raw scans hand values to functions of other project files (found once
    per file)."""
    found = flax.index.derived.get(ProjectCall)
    if isinstance(found, list):
        return found
    calls: list[ProjectCall] = []
    for loop in flax.index.loops:
        if not flax.is_linen(enclosing_class(loop)):
            continue  # Linen state reaches another file's function only from a module's method
        code = flax.body_code(loop)
        if code is None:
            partial_call = _body_argument(flax.index, loop)
            if isinstance(partial_call, cst.Call) and flax.index.qualify(partial_call.func) == PARTIAL and partial_call.args:
                called = _project_function(flax.index, partial_call.args[0].value, loop.scope)
                if called is not None:
                    filled = parameters_filled(called.function, partial_call.args[1:])
                    calls.append(ProjectCall(BodyCode(loop), called, _named(filled), loop.scope))
            continue
        for call, scope in code.calls:
            called = _project_function(flax.index, call.func, scope)
            if called is not None:
                calls.append(ProjectCall(code, called, _named(parameters_filled(called.function, call.args)), scope))
    flax.index.derived[ProjectCall] = calls
    return calls


def _named(filled: list[tuple[cst.Param, cst.BaseExpression]]) -> list[tuple[str, cst.BaseExpression]]:
    return [(param.name.value, value) for param, value in filled]


def _project_function(index: ScanIndex, node: cst.BaseExpression, scope: Scope) -> ProjectFunction | None:
    if not isinstance(node, (cst.Name, cst.Attribute)):
        return None
    from scanlint.analysis.project_code import imported_definition

    found = imported_definition(index, node, scope)
    if found is None or not isinstance(found[1], cst.FunctionDef) or found[0].path is None:
        return None
    other, function = found
    uses = _ParameterUses(other, function)
    walk(function.body, uses)
    return ProjectFunction(
        function.name.value,
        found[0].path.name,
        function,
        uses.methods_called,
        uses.attributes_called,
        frozenset(uses.called),
    )


class _ParameterUses(SemanticVisitor):
    def __init__(self, index: ScanIndex, function: cst.FunctionDef) -> None:
        self.index = index
        self.params = {
            p.name.value: p
            for p in (*function.params.posonly_params, *function.params.params, *function.params.kwonly_params)
        }
        self.scopes = [index.scope_of[function]]
        self.methods_called: dict[str, list[str]] = {}
        self.attributes_called: dict[str, list[str]] = {}
        self.called: set[str] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.Lambda)):
            self.scopes.append(self.index.scope_of[node])
        elif isinstance(node, cst.Call):
            func = node.func.value if isinstance(node.func, cst.Subscript) else node.func
            if isinstance(func, cst.Name) and self._parameter(func):
                self.called.add(func.value)
            elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and self._parameter(func.value):
                kind = self.methods_called if func.attr.value in _STATE_METHODS else self.attributes_called
                kind.setdefault(func.value.value, []).append(func.attr.value)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if isinstance(original_node, (cst.FunctionDef, cst.Lambda)):
            self.scopes.pop()

    def _parameter(self, name: cst.Name) -> bool:
        """Whether a name reads the function's own parameter (not a rebinding of it)."""
        found = self.scopes[-1].only_binding(name.value)
        return found is not None and found[1] is self.params.get(name.value)


_ENTRY_POINTS = ("init", "init_with_output", "apply", "bind")


class _EntryCalls(cst.CSTVisitor):
    """The `x.init(...)`, `x.apply(...)`, `x.bind(...)` calls of a file; `escapes` when such a
    method is also used without being called (`jax.jit(model.apply)`)."""

    def __init__(self) -> None:
        self.calls: list[tuple[cst.Call, str]] = []
        self.called: set[cst.CSTNode] = set()
        self.escapes = False

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in _ENTRY_POINTS:
            self.calls.append((node, node.func.attr.value))
            self.called.add(node.func)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value in _ENTRY_POINTS and node not in self.called:
            self.escapes = True


def _names_collection(mutable: cst.BaseExpression, collection: str) -> bool:
    """Whether a `mutable=` value may make `collection` mutable (anything but literals: yes)."""
    if isinstance(mutable, cst.Name) and mutable.value in ("False", "None"):
        return False
    if isinstance(mutable, cst.SimpleString):
        return mutable.evaluated_value == collection
    if isinstance(mutable, (cst.List, cst.Tuple)):
        return any(
            not isinstance(e.value, cst.SimpleString) or e.value.evaluated_value == collection
            for e in mutable.elements
        )
    return True


def body_loop_over(code: BodyCode, name: cst.Name, scope: Scope) -> cst.BaseExpression | None:
    """What the one `for name in <it>` (or `for i, name in enumerate(<it>)`) statement of the
    body that binds `name` (and nothing else does) iterates, when it runs in the same function
    as the read."""
    found = scope.lookup(name.value)
    if not code.is_inside(scope):
        return None
    if found is None:
        # A comprehension's variable, which binds nothing in the function: `for m in members`.
        return comprehension_variables(
            code.comprehensions,
            scope.node,
            enumerate_bound=scope.lookup("enumerate") is not None,
            zip_bound=scope.lookup("zip") is not None,
        ).get(name)
    if found[0] is not scope:
        return None
    if len(found[1]) != 1 or isinstance(found[1][0], cst.CSTNode):
        return None  # a loop target is bound opaquely, and only once
    iterated = loops_binding(
        code.loops,
        scope.node,
        enumerate_bound=scope.lookup("enumerate") is not None,
        zip_bound=scope.lookup("zip") is not None,
    ).get(name.value, [])
    return iterated[0] if len(iterated) == 1 else None


def _empty_dict(index: ScanIndex, value: cst.BaseExpression) -> bool:
    """`{}`, `dict()`, or `collections.defaultdict(list)`."""
    if isinstance(value, cst.Dict):
        return not value.elements
    if not isinstance(value, cst.Call):
        return False
    if isinstance(value.func, cst.Name) and value.func.value == "dict" and not value.args:
        return True
    return (
        index.qualify(value.func) == "collections.defaultdict"
        and len(value.args) == 1
        and isinstance(value.args[0].value, cst.Name)
        and value.args[0].value.value == "list"
    )


class _ContainerStores(cst.CSTVisitor):
    """What code stores into one container (`is_container` picks the expression naming it):
    `c.append(v)`, `c.insert(i, v)`, `c.add(v)`, `c.setdefault(k, v)`, `c[k] = v`, and the
    elements of literals `c.extend([...])` or `c.update({...})` add. `unknown` when the code
    extends it from another container. (A callee the container is handed to is taken to
    read it, not to fill it.)"""

    def __init__(self, is_container: Callable[[cst.BaseExpression], bool]) -> None:
        self.is_container = is_container
        self.values: list[cst.BaseExpression] = []
        self.unknown = False

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and self.is_container(func.value):
            method = func.attr.value
            if method in ("append", "appendleft", "add") and len(node.args) == 1:
                self.values.append(node.args[0].value)
            elif method == "insert" and len(node.args) == 2:
                self.values.append(node.args[1].value)
            elif method == "setdefault" and len(node.args) == 2:
                self.values.append(node.args[1].value)
            elif method in ("extend", "update") and len(node.args) == 1:
                value = node.args[0].value
                if isinstance(value, (cst.List, cst.Tuple)) and not any(isinstance(e, cst.StarredElement) for e in value.elements):
                    self.values += [e.value for e in value.elements]
                elif isinstance(value, cst.Dict) and all(isinstance(e, cst.DictElement) for e in value.elements):
                    self.values += [e.value for e in value.elements]
                else:
                    self.unknown = True

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Subscript) and self.is_container(target.target.value):
                self.values.append(node.value)


class _LoopsBinding(SemanticVisitor):
    """What the `for <name> in <it>` and `for i, <name> in enumerate(<it>)` statements of one
    function iterate, by name, outside its nested functions."""

    def __init__(self, enumerate_bound: bool, zip_bound: bool = True) -> None:
        self.enumerate_bound = enumerate_bound  # `enumerate` is not the builtin
        self.zip_bound = zip_bound  # `zip` is not the builtin
        self.iterated: dict[str, list[cst.BaseExpression]] = {}
        self.depth = 0

    def visit_For(self, node: cst.For) -> None:
        self.bind(node.target, node.iter)

    def bind(self, target: cst.BaseAssignTargetExpression, iterated: cst.BaseExpression) -> None:
        """Record what each name of a loop target iterates (a comprehension clause's too)."""
        if (
            isinstance(target, cst.Tuple)
            and len(target.elements) == 2
            and isinstance(iterated, cst.Call)
            and isinstance(iterated.func, cst.Name)
            and iterated.func.value == "enumerate"
            and not self.enumerate_bound
            and len(iterated.args) == 1
            and iterated.args[0].keyword is None
            and not iterated.args[0].star
        ):
            target, iterated = target.elements[1].value, iterated.args[0].value
        elif (
            isinstance(target, cst.Tuple)
            and isinstance(iterated, cst.Call)
            and isinstance(iterated.func, cst.Name)
            and iterated.func.value == "zip"
            and not self.zip_bound
            and len(iterated.args) == len(target.elements)
            and not any(arg.keyword or arg.star for arg in iterated.args)
        ):  # `for layer, h in zip(self.layers, hs)`: each name iterates its own argument
            for element, arg in zip(target.elements, iterated.args):
                if isinstance(element.value, cst.Name):
                    self.iterated.setdefault(element.value.value, []).append(arg.value)
            return
        if isinstance(target, cst.Name):
            self.iterated.setdefault(target.value, []).append(iterated)

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            self.depth += 1
            return self.depth == 1  # the function itself, not the ones nested in it
        return super().on_visit(node)

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if isinstance(original_node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            self.depth -= 1
        super().on_leave(original_node)


class _ComprehensionVariables(SemanticVisitor):
    """For each read of a comprehension's variable in one function (outside its nested ones),
    what the clause binding it iterates: `self.members` for `m` in `[m(x) for m in
    self.members]`, and for `m` in `[m(x, k) for m, k in zip(self.members, keys)]`."""

    def __init__(self, enumerate_bound: bool, zip_bound: bool) -> None:
        self.enumerate_bound = enumerate_bound
        self.zip_bound = zip_bound
        self.frames: list[dict[str, cst.BaseExpression]] = []
        self.iterated: dict[cst.Name, cst.BaseExpression] = {}
        self.depth = 0

    def on_visit(self, node: cst.CSTNode) -> bool:
        node_type = type(node)
        if node_type in SCOPE_NODE_TYPES:
            self.depth += 1
            return self.depth == 1
        if node_type in _COMPREHENSION_NODES:
            clauses = _LoopsBinding(enumerate_bound=self.enumerate_bound, zip_bound=self.zip_bound)
            clause: cst.CompFor | None = node.for_in  # type: ignore[attr-defined]
            while clause is not None:
                clauses.bind(clause.target, clause.iter)
                clause = clause.inner_for_in
            self.frames.append({name: found[0] for name, found in clauses.iterated.items() if len(found) == 1})
        elif node_type is cst.Name:
            for frame in reversed(self.frames):
                if node.value in frame:  # type: ignore[attr-defined]
                    self.iterated[node] = frame[node.value]  # type: ignore[attr-defined, index]
                    break
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        node_type = type(original_node)
        if node_type in SCOPE_NODE_TYPES:
            self.depth -= 1
        elif node_type in _COMPREHENSION_NODES:
            self.frames.pop()


_COMPREHENSION_NODES = frozenset({cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp})


def comprehension_variables(
    cache: ComprehensionCache, function: cst.CSTNode, enumerate_bound: bool, zip_bound: bool
) -> dict[cst.Name, cst.BaseExpression]:
    """What the comprehension clause binding each read of a comprehension variable in a
    function iterates (see `_ComprehensionVariables`), walked once per function and setting."""
    key = (function, enumerate_bound, zip_bound)
    if key not in cache:
        finder = _ComprehensionVariables(enumerate_bound, zip_bound)
        walk(function, finder)
        cache[key] = finder.iterated
    return cache[key]


def loops_binding(
    cache: LoopsCache, function: cst.CSTNode, enumerate_bound: bool, zip_bound: bool = True
) -> dict[str, list[cst.BaseExpression]]:
    """What each name's `for` statements in a function iterate (see `_LoopsBinding`), walked
    once for each function and setting (`cache` keeps the answers)."""
    key = (function, enumerate_bound, zip_bound)
    if key not in cache:
        finder = _LoopsBinding(enumerate_bound=enumerate_bound, zip_bound=zip_bound)
        walk(function, finder)
        cache[key] = finder.iterated
    return cache[key]


def literal_element(container: cst.BaseExpression, key: cst.SimpleString | cst.Integer) -> cst.BaseExpression | None:
    """The element of a dict, list or tuple literal that a literal key picks."""
    if isinstance(container, cst.Dict) and isinstance(key, cst.SimpleString):
        for element in container.elements:
            if not isinstance(element, cst.DictElement):
                return None  # `**more`: not known
            if isinstance(element.key, cst.SimpleString) and element.key.evaluated_value == key.evaluated_value:
                return element.value
        return None
    if isinstance(container, (cst.List, cst.Tuple)) and isinstance(key, cst.Integer):
        elements = container.elements
        position = int(key.value)
        if any(isinstance(e, cst.StarredElement) for e in elements) or position >= len(elements):
            return None
        return elements[position].value
    return None


class CallFinder(SemanticVisitor):
    """Every call under a node, except in the `skipped` nodes (loop bodies, say)."""

    def __init__(self, skipped: set[cst.CSTNode] | None = None) -> None:
        self.skipped = skipped or set()
        self.calls: list[cst.Call] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node in self.skipped:
            return False
        if isinstance(node, cst.Call):
            self.calls.append(node)
        return True


T = TypeVar("T")


def joined(
    items: Sequence[tuple[cst.BaseExpression, Scope]],
    find: Callable[[cst.BaseExpression, Scope], list[T] | None],
) -> list[T] | None:
    """What `find` gives for every (expression, scope) item, in one list; None when it gives
    None for any of them."""
    found: list[T] = []
    for value, scope in items:
        each = find(value, scope)
        if each is None:
            return None
        found += each
    return found


class _AttributeUses(SemanticVisitor):
    """Every `<x>.<name>(...)` call of a file by attribute name, with the scope it is made in,
    and the attribute names also read without being called. A decorator `@hooks.register` on a
    function counts as the call `hooks.register(<the function>)` it makes."""

    def __init__(self, index: ScanIndex) -> None:
        self.index = index
        self.scopes: list[Scope] = [index.module_scope]
        self.calls: dict[str, list[tuple[cst.Call, Scope]]] = {}
        self.read: set[str] = set()
        self._called: set[cst.Attribute] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            for decorator in node.decorators:
                if isinstance(decorator.decorator, cst.Attribute):
                    call = cst.Call(func=decorator.decorator, args=[cst.Arg(cst.Name(node.name.value))])
                    self.calls.setdefault(decorator.decorator.attr.value, []).append((call, self.scopes[-1]))
                    self._called.add(decorator.decorator)
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and node in self.index.scope_of:
            self.scopes.append(self.index.scope_of[node])
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            self.calls.setdefault(node.func.attr.value, []).append((node, self.scopes[-1]))
            self._called.add(node.func)
        elif isinstance(node, cst.Attribute) and node not in self._called:
            self.read.add(node.attr.value)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if isinstance(original_node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and original_node in self.index.scope_of:
            self.scopes.pop()


def all_calls(index: ScanIndex) -> list[cst.Call]:
    """Every call in the file (computed once per file)."""
    found = index.derived.get(all_calls)
    if not isinstance(found, CallFinder):
        found = index.derived[all_calls] = CallFinder()
        walk(index.module, found)
    return found.calls


# -- what a call of a Linen module runs --------------------------------------------------------


@dataclass(frozen=True, eq=False)
class ModuleRun:
    """A method of a same-file Linen or NNX class that a call runs, with what reaches its parameters:
    each parameter the call fills, mapped to the argument and the scope to read it in (an
    argument that only passes on the caller's own parameter is followed to what reached that)."""

    class_node: cst.ClassDef
    method: cst.FunctionDef
    given: dict[str, tuple[cst.BaseExpression, Scope]]


def linen_runs(
    flax: FlaxFile,
    class_node: cst.ClassDef,
    call: cst.Call,
    call_scope: Scope,
    method_name: str = "__call__",
    outer: dict[str, tuple[cst.BaseExpression, Scope]] | None = None,
    depth: int = 0,
    taken: BranchTaken | None = None,
    instance: tuple[cst.BaseExpression, Scope] | None = None,
    argument_scopes: dict[cst.CSTNode, Scope] | None = None,
) -> list[ModuleRun]:
    """The methods a call of a same-file Linen module runs: the called method, the module's own
    methods it calls (`self._update_center(logits)`) where that call surely runs (not in a loop
    or an `else`, and under no `if` unless `taken` says the run takes it), and through the
    same-file Linen submodules it calls (built inline, in `setup`, bound to a name, or looped
    over in a `setup` list), theirs, a few levels deep. `instance` is the expression (and its scope) that holds the
    module the call runs, when known (`decode_model` in `decode_model.apply(...)`): the method's
    `self` takes it, and so does the `self` of the module's own methods it runs.
    `argument_scopes` gives the scope of arguments read elsewhere than `call_scope` (a call
    through a partial passes its own arguments after the partial's)."""
    method = flax.index.method_of(class_node, method_name)
    if method is None or depth > 3 or not flax.is_linen(class_node):
        return []
    method_scope = flax.index.scope_of[method]
    given = {
        param.name.value: _passed_on(arg, (argument_scopes or {}).get(arg, call_scope), outer or {})
        for param, arg in parameters_passed(method, method_scope, call, call_scope)
    }
    if not any(arg.star for arg in call.args) and method_scope.parent is not None:
        for param in (*method.params.posonly_params, *method.params.params, *method.params.kwonly_params):
            if param.default is not None and param.name.value not in given:
                given[param.name.value] = (param.default, method_scope.parent)  # not passed: its default
    self_name = flax.index.self_name(method_scope)
    if instance is not None and self_name is not None:
        given[self_name] = instance
    runs = [ModuleRun(class_node, method, given)]
    for inner_call, tests in _own_method_calls(flax, class_node, method):
        if all(test is not None and taken is not None and taken(test, given) for test in tests):
            inner_method = inner_call.func.attr.value  # type: ignore[attr-defined]
            runs += linen_runs(flax, class_node, inner_call, method_scope, inner_method, given, depth + 1, taken, instance)
    for inner_call, inner_class, inner_method in linen_submodule_calls(flax, class_node, method):
        runs += linen_runs(flax, inner_class, inner_call, method_scope, inner_method, given, depth + 1, taken)
    return runs


def nnx_runs(
    flax: FlaxFile,
    class_node: cst.ClassDef,
    call: cst.Call,
    call_scope: Scope,
    method_name: str = "__call__",
    outer: dict[str, tuple[cst.BaseExpression, Scope]] | None = None,
    depth: int = 0,
) -> list[ModuleRun]:
    """The methods a call of a same-file NNX module runs: the called method, the module's own
    methods it calls (`self.encode(x, train)`), and the methods of the same-file NNX modules
    its `__init__` stores that it calls (`self.block(h, deterministic)`,
    `self.block.decode(h)`), a few levels deep. A parameter the call leaves out takes its
    default. Unlike `linen_runs`, a call under an `if` counts as running: a run that may take
    it is one to consider."""
    method = flax.index.method_of(class_node, method_name)
    if method is None or depth > 3 or not flax.is_nnx(class_node):
        return []
    method_scope = flax.index.scope_of[method]
    given = {
        param.name.value: _passed_on(arg, call_scope, outer or {})
        for param, arg in parameters_passed(method, method_scope, call, call_scope)
    }
    defaults_scope = method_scope.parent or flax.index.module_scope
    for param in (*method.params.posonly_params, *method.params.params, *method.params.kwonly_params):
        if param.name.value not in given and param.default is not None:
            given[param.name.value] = (param.default, defaults_scope)
    runs = [ModuleRun(class_node, method, given)]
    for inner_call, _ in _own_method_calls(flax, class_node, method):
        runs += nnx_runs(flax, class_node, inner_call, method_scope, inner_call.func.attr.value, given, depth + 1)  # type: ignore[attr-defined]
    for inner_call, inner_class, inner_method in nnx_submodule_calls(flax, method):
        runs += nnx_runs(flax, inner_class, inner_call, method_scope, inner_method, given, depth + 1)
    return runs


def nnx_submodule_calls(flax: FlaxFile, method: cst.FunctionDef) -> list[tuple[cst.Call, cst.ClassDef, str]]:
    """The calls in a method's own code of the same-file NNX modules `__init__` stores on
    `self`, with the class and the method called: `self.block(h)` runs `__call__`,
    `self.block.decode(h)` runs `decode`."""
    method_scope = flax.index.scope_of[method]
    calls = _OwnCalls()
    walk(method.body, calls)
    found = []
    for call in calls.calls:
        func = call.func
        held, called = (func, "__call__")
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute):
            held, called = func.value, func.attr.value
        if not isinstance(held, cst.Attribute):
            continue
        stored = flax.index.stored_by_init(held, method_scope)
        if stored is None or not isinstance(stored[0], cst.Call):
            continue
        inner_class = flax.local_class(stored[0].func, stored[1])
        if inner_class is not None and flax.is_nnx(inner_class):
            found.append((call, inner_class, called))
    return found


# Whether one run of a method takes an `if` branch: the test, and what the run's call passes.
BranchTaken = Callable[[cst.BaseExpression, dict[str, tuple[cst.BaseExpression, Scope]]], bool]


def _own_method_calls(
    flax: FlaxFile, class_node: cst.ClassDef, method: cst.FunctionDef
) -> list[tuple[cst.Call, list[cst.BaseExpression | None]]]:
    """The calls in a method's own code of other methods its class defines, `self.name(...)`,
    each with the tests of the `if` statements it sits under (None for a guard no test decides:
    an `else`, a loop, a conditional expression, the right side of `and`/`or`)."""
    self_name = flax.index.self_name(flax.index.scope_of[method])
    calls = _GuardedCalls()
    walk(method.body, calls)
    return [
        (call, tests)
        for call, tests in calls.calls
        if isinstance(call.func, cst.Attribute)
        and isinstance(call.func.value, cst.Name)
        and call.func.value.value == self_name
        and call.func.attr.value != method.name.value
        and flax.index.method_of(class_node, call.func.attr.value) is not None
    ]


class _GuardedCalls(SemanticVisitor):
    """The calls in a function's own code, each with the guards it runs under (see
    `_own_method_calls`)."""

    def __init__(self) -> None:
        self.calls: list[tuple[cst.Call, list[cst.BaseExpression | None]]] = []
        self._guards: list[cst.BaseExpression | None] = []
        self._guarded: dict[cst.CSTNode, cst.BaseExpression | None] = {}

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if node in self._guarded:
            self._guards.append(self._guarded[node])
        if isinstance(node, cst.If):
            self._guarded[node.body] = node.test
            if node.orelse is not None:
                self._guarded[node.orelse] = None
        elif isinstance(node, (cst.For, cst.While, cst.Try, cst.TryStar)):
            self._guarded[node.body] = None
        elif isinstance(node, cst.IfExp):
            self._guarded[node.body] = self._guarded[node.orelse] = None
        elif isinstance(node, cst.BooleanOperation):
            self._guarded[node.right] = None
        elif isinstance(node, (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
            self._guarded[node] = None
            self._guards.append(None)
        if isinstance(node, cst.Call):
            self.calls.append((node, list(self._guards)))
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if original_node in self._guarded:
            self._guards.pop()


def _passed_on(
    arg: cst.BaseExpression, scope: Scope, outer: dict[str, tuple[cst.BaseExpression, Scope]]
) -> tuple[cst.BaseExpression, Scope]:
    if isinstance(arg, cst.Name) and arg.value in outer:
        found = scope.only_binding(arg.value)
        if found is not None and isinstance(found[1], cst.Param):
            return outer[arg.value]
    return arg, scope


def linen_submodule_calls(
    flax: FlaxFile, class_node: cst.ClassDef, method: cst.FunctionDef
) -> list[tuple[cst.Call, cst.ClassDef, str]]:
    """The calls in a method's own code (not its nested functions) of submodules that are
    same-file Linen classes, with the class and the method each runs: `Block(...)(x)`,
    `self.block(x)` for a `setup` attribute, `block(x)` after `block = Block(...)`, and
    `layer(x)` in `for layer in self.layers` over a `setup` list run `__call__`;
    `self.tally.advance(1)` on a `setup` attribute runs that method of its class."""
    method_scope = flax.index.scope_of[method]
    self_name = flax.index.self_name(method_scope)
    setup = flax.self_attribute_values(class_node, "setup")
    calls = _OwnCalls()
    walk(method.body, calls)
    found = []
    setup_method = flax.index.method_of(class_node, "setup")
    setup_scope = flax.index.scope_of[setup_method] if setup_method is not None else method_scope
    for call in calls.calls:
        func = call.func
        constructions: list[cst.BaseExpression] = []
        construction_scope = method_scope
        entered = "__call__"
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Attribute)
            and isinstance(func.value.value, cst.Name)
            and func.value.value.value == self_name
        ):
            constructions, construction_scope = setup.get(func.value.attr.value, []), setup_scope
            entered = func.attr.value  # `self.tally.advance(1)`
        elif isinstance(func, cst.Call):
            constructions = [func]
        elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == self_name:
            constructions, construction_scope = setup.get(func.attr.value, []), setup_scope
        elif isinstance(func, cst.Name):
            binding = method_scope.only_binding(func.value)
            if binding is not None and isinstance(binding[1], cst.Call):
                constructions, construction_scope = [binding[1]], binding[0]
            elif binding is not None and binding[0] is method_scope:
                looped = loops_binding(
                    flax.index.derived.setdefault(loops_binding, {}),  # type: ignore[arg-type]
                    method,
                    enumerate_bound=method_scope.lookup("enumerate") is not None,
                    zip_bound=method_scope.lookup("zip") is not None,
                ).get(func.value, [])
                iterated = looped[0] if len(looped) == 1 else None
                if (
                    isinstance(iterated, cst.Attribute)
                    and isinstance(iterated.value, cst.Name)
                    and iterated.value.value == self_name
                ):
                    constructions = [
                        element for value in setup.get(iterated.attr.value, []) for element in _elements(value)
                    ]
                    construction_scope = setup_scope
        # `block = nn.remat(Block, static_argnums=(2,))` or `block = Block`, then `block(width)(x)`
        classes = [
            flax.lifted_local_class(c.func, construction_scope) if isinstance(c, cst.Call) else None
            for c in constructions
        ]
        if classes and classes[0] is not None and all(c is classes[0] for c in classes) and flax.is_linen(classes[0]):
            if entered == "__call__" or flax.index.method_of(classes[0], entered) is not None:
                found.append((call, classes[0], entered))
    return found


def _elements(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """What a `setup` container is built from: `[Block(...) for _ in range(n)]`, `[A(), B()]`."""
    if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
        return [value.elt]
    if isinstance(value, (cst.List, cst.Tuple)):
        return [e.value for e in value.elements]
    return []


class _OwnCalls(cst.CSTVisitor):
    """The calls in a function's own code, not in the functions and lambdas nested in it."""

    def __init__(self) -> None:
        self.calls: list[cst.Call] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Call(self, node: cst.Call) -> None:
        self.calls.append(node)


# JAX transforms whose result, called, runs the function with the arguments of that call.
_RUN_WITH_SAME_ARGUMENTS = frozenset({"jax.grad", "jax.value_and_grad", "jax.vmap"})


def _transformed_function(
    index: ScanIndex, func: cst.BaseExpression, scope: Scope
) -> tuple[cst.BaseExpression, Scope] | None:
    """The function a transform the body calls runs with the call's own arguments, and where
    it is written: `jax.value_and_grad(loss_fn)(params, batch)`, or a name bound once to
    `jax.jit(jax.grad(make_loss(model)))`."""
    transformed = False
    for _ in range(4):
        if isinstance(func, cst.Name):
            found = scope.only_binding(func.value)
            if found is not None and isinstance(found[1], cst.Call):
                scope, func = found[0], found[1]
        if not (isinstance(func, cst.Call) and func.args and func.args[0].keyword is None and not func.args[0].star):
            break
        qualified = index.qualify(func.func)
        if qualified in _RUN_WITH_SAME_ARGUMENTS:
            transformed = True
        elif qualified not in SAME_FUNCTION_WRAPPERS:
            break
        func = func.args[0].value
    return (func, scope) if transformed else None


def _receiver(method: cst.FunctionDef | cst.Lambda, call: cst.Call) -> cst.BaseExpression | None:
    """The object a call runs a method on: `pipeline` for `pipeline.augment(x)`, and for a
    `__call__` the object called, `self(x)` or `self.wrapper(x)`."""
    func = call.func
    if isinstance(method, cst.FunctionDef) and method.name.value == "__call__" and not (
        isinstance(func, cst.Attribute) and func.attr.value == "__call__"
    ):
        return func
    return func.value if isinstance(func, cst.Attribute) else None


def _first_parameter(function: cst.FunctionDef | cst.Lambda) -> cst.Param | None:
    params = (*function.params.posonly_params, *function.params.params)
    return params[0] if params else None


def _unpacked_from(function: cst.FunctionDef, name: str, source: str) -> int | None:
    """The position of `name` in a statement of the function's own body that unpacks the name
    `source` (`key, h = carry`), when there is one such statement."""
    found = []
    for line in function.body.body if isinstance(function.body, cst.IndentedBlock) else ():
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for statement in line.body:
            if not (isinstance(statement, cst.Assign) and isinstance(statement.value, cst.Name) and statement.value.value == source):
                continue
            for target in statement.targets:
                if isinstance(target.target, (cst.Tuple, cst.List)):
                    names = [e.value.value if isinstance(e.value, cst.Name) else None for e in target.target.elements]
                    if name in names and not any(isinstance(e, cst.StarredElement) for e in target.target.elements):
                        found.append(names.index(name))
    return found[0] if len(found) == 1 else None
