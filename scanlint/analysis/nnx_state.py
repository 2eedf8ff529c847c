"""What outside NNX objects a raw loop body reads, and what state they hold.

NNX objects remember the trace level they were made at, so a loop body may read an outside
module but not change it. The rules ask this analysis two things about an expression the body
uses: which outside NNX object it is (a name bound outside the body, a parameter filled by the
calls the file shows, an attribute that an NNX `self` or a plain holder class's `__init__`
stores, an element of a container, a value unpacked from a tuple, a module merged from state
split outside), and what mutable state that object holds or its methods change (RNG streams,
training-mode Dropout and BatchNorm layers, a KV cache, attributes its methods assign, an
optimizer its methods update). Unknown values answer None or nothing: precision first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import libcst as cst

from scanlint.analysis.call_order import call_order
from scanlint.analysis.flax_model import (
    CONTAINER_UPDATES,
    KEY_MAKERS,
    KEY_PLUMBING,
    BodyCode,
    CallFinder,
    FlaxFile,
    ModuleRun,
    NameCollector,
    all_calls,
    argument_for,
    body_loop_over,
    is_true,
    literal_element,
    nnx_runs,
    parameters_passed,
    root_name,
)
from scanlint.analysis.pytree_classes import is_dataclass, is_namedtuple
from scanlint.analysis.resolver import (
    PARTIAL,
    Body,
    Scope,
    Unpacked,
    argument,
    dotted,
    getattr_owner,
    is_property,
    keyword_argument,
    returns_of,
    self_attribute,
)
from scanlint.analysis.run_flags import RunFlags, none_test, run_flags
from scanlint.analysis.values import constructor_arguments, dataclass_field_values
from scanlint.analysis.walk import OwnCodeVisitor, walk
from scanlint.index.names import SAME_FUNCTION_WRAPPERS

NNX_TRANSFORMS = {
    f"flax.nnx.{name}" for name in ("grad", "value_and_grad", "jit", "vmap", "remat", "checkpoint", "cond", "scan", "eval_shape")
}
NNX_CLONE = {"flax.nnx.clone", "flax.nnx.graph.clone"}
NNX_MERGE = {"flax.nnx.merge", "flax.nnx.graph.merge"}
NNX_SPLIT = {"flax.nnx.split", "flax.nnx.graph.split"}
NNX_STATE_UPDATES = {"flax.nnx.update", "flax.nnx.graph.update"}  # write state into an object
NNX_OPTIMIZERS = {"flax.nnx.Optimizer", "flax.nnx.optimizer.Optimizer", "flax.nnx.ModelAndOptimizer"}
NNX_METRICS = {
    f"flax.nnx.{path}{name}"
    for path in ("", "metrics.")
    for name in ("MultiMetric", "Average", "Accuracy", "Welford")
}
OUTSIDE_OPTIMIZER = "an `nnx.Optimizer`"
OUTSIDE_METRIC = "an `nnx.Metric`"
# NNX modules whose call mutates their own state (RNG counts, batch statistics), unless the
# keyword that turns that off is a literal True.
STATEFUL_NNX = {"Dropout": "deterministic", "BatchNorm": "use_running_average"}
# The samplers an `nnx.Rngs` stream (and the `nnx.Rngs` itself) offers: each draws a key.
RNG_SAMPLERS = frozenset({
    "ball", "bernoulli", "beta", "binomial", "bits", "categorical", "cauchy", "chisquare", "choice",
    "dirichlet", "double_sided_maxwell", "exponential", "f", "fork", "gamma", "generalized_normal",
    "geometric", "gumbel", "laplace", "loggamma", "logistic", "lognormal", "maxwell", "multinomial",
    "multivariate_normal", "normal", "orthogonal", "pareto", "permutation", "poisson", "rademacher",
    "randint", "rayleigh", "split", "t", "triangular", "truncated_normal", "uniform", "wald", "weibull_min",
})  # fmt: skip
_BRIDGE_TO_NNX = frozenset({"flax.nnx.bridge.ToNNX", "flax.nnx.bridge.wrappers.ToNNX", "flax.experimental.nnx.bridge.ToNNX"})
MODE_SWITCHES = ("eval", "train", "set_attributes")  # NNX module methods that set layer modes
PYTHON_CONTAINER = "a Python container the object keeps"


@dataclass(frozen=True)
class HeldState:
    """Mutable state an outside NNX object holds, as a message names it ("an `nnx.Dropout`",
    "state its `__call__` changes, `self.count.value`"). `python_container`: the state is a
    plain Python list, dict or set the object keeps (`self.records = []`); NNX does not track
    it, so nothing is raised in the loop, but loop values stored there leak as tracers."""

    description: str
    python_container: bool = False
    mode_switchable: bool = False  # a Dropout or BatchNorm: its mode decides whether it changes state

    def __str__(self) -> str:
        return self.description


@dataclass(frozen=True)
class StateChange:
    """The code by which a method changes its object's state (`self.count.value`,
    `self.rngs.action`), and whether what it changes is a Python container the object keeps."""

    code: str
    python_container: bool = False

    def held_by(self, method: str) -> HeldState:
        where = f", {PYTHON_CONTAINER}" if self.python_container else ""
        return HeldState(f"state its `{method}` changes, `{self.code}`{where}", self.python_container)

    def through(self, code: str) -> StateChange:
        """The same change, reached through the call `code` (`self.attn.decode_one`)."""
        return StateChange(code, self.python_container)


DROPOUT = HeldState("an `nnx.Dropout`", mode_switchable=True)
# NNX modules that call or hold the layers they are built from.
NNX_CONTAINERS = ("Sequential", "List", "Dict")


class OutsideNnxState:
    """What counts as outside NNX state for one body."""

    def __init__(self, flax: FlaxFile, code: BodyCode) -> None:
        self.flax = flax
        self.code = code
        self._counting_mode_layers = False  # see `mode_layers`
        self._trained = False  # the called module was switched to training before the loop
        self._called: tuple[cst.BaseExpression, Scope] | None = None  # the outside module the body calls
        self._factories_seen: set[cst.CSTNode] = set()  # factories being followed (recursion)
        self._attributes_followed: set[cst.CSTNode] = set()  # arguments being followed (recursion)

    def _outside_binding(self, name: cst.Name, scope: Scope) -> tuple[Scope, cst.CSTNode] | None:
        """The single binding of a name the body reads from outside, with its scope; or the
        parameter of a helper the body calls, whose values are what the body's calls pass; or
        the attribute or subscript a name the body binds once is bound to."""
        found = scope.only_object_binding(name.value)
        if self.code.binds(name.value, scope) and not (
            found is not None
            and (
                self._helper_parameter(*found)
                or isinstance(found[1], (cst.Attribute, cst.Subscript))
                or isinstance(found[1], cst.Call) and getattr_owner(found[1], found[0]) is not None
            )
        ):  # `session = self.sessions[tenant]` in the body names what the outside expression holds
            return None
        if found is None or not isinstance(found[1], cst.CSTNode):
            return None
        return found[0], found[1]

    def _helper_parameter(self, binding_scope: Scope, binding: object) -> bool:
        function = binding_scope.node
        body = self.code.loop.body
        return (
            isinstance(binding, cst.Param)
            and function in self.code.functions
            and (body is None or function is not body.node)
            # a method of an outside plain object the body calls takes what the body passes too,
            # and so does a plain class's own helper (`self._train_step(self.state.model, ...)`)
            and (
                binding_scope.enclosing_method() is None
                or function in self.code.object_methods
                or self.flax.is_plain(binding_scope.enclosing_method()[1])  # type: ignore[index]
            )
        )

    def outside_object(self, name: cst.Name, scope: Scope) -> str | None:
        """'NNX state' when a name read by the body is an NNX object made outside it."""
        if self.flax.nnx_self(name, scope) is not None:
            # a method's `self`: outside state unless every call the body's code makes of it is
            # on an object the body builds itself (`local = Metric(); local.update(...)`)
            return "NNX module state" if not self.self_built_in_body(name, scope) else None
        if self._merge_of_outside_state(name, scope) is not None:
            return "an NNX module merged from state split outside the body (its Variables are the outside ones)"
        found = self._outside_binding(name, scope)
        if found is None:
            iterated = body_loop_over(self.code, name, scope)  # `for member in self.members:`
            if iterated is not None:
                kinds = [k for v, s in self.outside_values(iterated, scope) for k in self._element_kinds(v, s)]
                kind = _one_kind(kinds)
                return _nnx_kind(self.flax, kind) if kind is not None else None
            returned = self._builder_returns(name, scope)  # `model, opt = build(0)`
            unpacked = self._unpacked(name, scope) if returned is None else None  # `critic, target = nets`
            picked = returned if returned is not None else self._picked(*unpacked) if unpacked else []
            kinds = [self._object_kind(v, s, 0) for v, s in picked]
            kind = _one_kind(kinds)
            return _nnx_kind(self.flax, kind) if kind is not None else None
        binding_scope, binding = found
        if isinstance(binding, cst.Param):
            # An object a call builds in the body (`explore(nnx.Rngs(explore=key), lr)`, a module
            # merged there from carried state) is the body's own, whatever the annotation says.
            if self._built_in_body(binding, binding_scope):
                return None
            annotation = binding.annotation.annotation if binding.annotation else None
            if annotation is not None and self.flax.nnx_module_class(annotation, binding_scope):
                return "an NNX module"
            if annotation is not None and self.flax.is_nnx_variable_class(annotation):
                return "an `nnx.Variable`"
            # Unannotated: what every call filling it passes (`inner_adapt(model, xs)`).
            values = self._parameter_values(binding, binding_scope, 0) or []
            kinds = [self._object_kind(v, s, 0) for v, s in values]
            kind = _one_kind(kinds)
            return _nnx_kind(self.flax, kind) if kind is not None else None
        if isinstance(binding, cst.Call):
            if self.flax.nnx_module_class(binding.func, binding_scope) is not None:
                return "an NNX module"
            if self.flax.is_nnx_variable_class(binding.func):
                return "an `nnx.Variable`"
            if self.flax.index.qualify(binding.func) in NNX_OPTIMIZERS:
                return OUTSIDE_OPTIMIZER
            if self.flax.index.qualify(binding.func) in NNX_METRICS:
                return OUTSIDE_METRIC
            if self.flax.index.qualify(binding.func) in NNX_CLONE:  # `ema = nnx.clone(model)`
                kind = self._object_kind(binding, binding_scope, 0)
                return _nnx_kind(self.flax, kind) if kind is not None else None
            owner = getattr_owner(binding, binding_scope)
            if owner is not None and self.outside_object(owner, binding_scope) in ("NNX module state", "an NNX module"):
                return "an attribute of an NNX module"  # `counter = getattr(self, name)`
        if isinstance(binding, cst.Attribute) and self.code.binds(name.value, scope):
            return self.outside_nnx_object(binding, binding_scope)  # `counter = self.hits`
        return None

    def self_built_in_body(self, name: cst.Name, scope: Scope) -> bool:
        """Whether the `self` of a method the body's code runs is, at every call of it there, an
        object a name of the body holds that the body binds to a construction itself."""
        if name.value != self.flax.index.self_name(scope):
            return False
        found = scope.lookup(name.value)
        method = found[0].node if found is not None else None
        calls = self.code.entries.get(method, []) if method is not None else []
        if not calls:
            return False
        for call, call_scope in calls:
            receiver = call.func.value if isinstance(call.func, cst.Attribute) else None
            if not isinstance(receiver, cst.Name) or not self.code.binds(receiver.value, call_scope):
                return False
            bound = call_scope.only_binding(receiver.value)
            if bound is None or not isinstance(bound[1], cst.Call):
                return False
        return True

    def merged_with_outside_state(self, node: cst.BaseExpression, scope: Scope) -> cst.BaseExpression | None:
        """For `model = nnx.merge(graphdef, params, self.counters)` in the body with some state
        closed over (the others carried): the first closed-over state. The merged module holds
        that state's Variables, made outside the body, so an NNX transform given the module
        cannot extract it."""
        if not isinstance(node, cst.Name):
            return None
        merge = self._merge_of_outside_state(node, scope, every_state=False)
        if merge is None:
            return None
        merge_scope = scope.only_binding(node.value)
        states = [arg.value for arg in merge.args[1:]]
        return next(s for s in states if merge_scope is not None and self._closed_over_state(s, merge_scope[0]))

    def _merge_of_outside_state(self, name: cst.Name, scope: Scope, every_state: bool = True) -> cst.Call | None:
        """`pol = nnx.merge(graphdef, state)` in the body with every state closed over: split
        outside the loop and not carried, so the merged object holds the outside Variables
        (with `every_state=False`, some state closed over)."""
        found = scope.only_binding(name.value)
        if found is None or not isinstance(found[1], cst.Call) or not self.code.is_inside(found[0]):
            return None
        binding_scope, merge = found
        if self.flax.index.qualify(merge.func) not in NNX_MERGE or len(merge.args) < 2:
            return None
        states = [arg.value for arg in merge.args[1:]]
        if any(arg.keyword is not None or arg.star for arg in merge.args):
            return None
        closed_over = [self._closed_over_state(s, binding_scope) for s in states]
        if not (all(closed_over) if every_state else any(closed_over)):
            return None
        return merge

    def _closed_over_state(self, state: cst.BaseExpression, scope: Scope) -> bool:
        """A state the body reads but never carries: a name it does not bind, or an attribute of
        an object made outside the body that the body never assigns (`self.state`, split in
        `__init__`); a parameter of the body that a `functools.partial` fills with such a
        state (`partial(eval_step, graphdef, state)`)."""
        bound = self.code.bound_argument(state, scope)
        if bound is not None and not self.code.is_inside(bound[1]):
            return self._closed_over_state(*bound)
        if isinstance(state, cst.IfExp):  # `self.state if state is None else state`: the sides that run
            flags = run_flags(self.flax).within(self.code)
            taken = [side for side in (state.body, state.orelse) if not flags.never_runs(side)]
            return bool(taken) and all(self._closed_over_state(side, scope) for side in taken)
        if isinstance(state, cst.Name):
            return not self.code.binds(state.value, scope)
        root = root_name(state) if isinstance(state, cst.Attribute) else None
        if root is not None and self.code.object_outside(root, scope):  # `self.state`, `self.store.state`
            return not any(
                isinstance(target, cst.Attribute) and target.attr.value == state.attr.value for target, _ in self.code.targets
            )
        return False

    def copied_merge_values(self, merge: cst.Call, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]]:
        """For `nnx.merge(graphdef, state, copy=True)` in the body with every state closed over
        (split outside the loop and not carried) or carried and given back unchanged: what the
        split module was built from. The copy starts from the same state at every step."""
        if self.flax.index.qualify(merge.func) not in NNX_MERGE or not is_true(keyword_argument(merge, "copy")):
            return []
        states = [arg.value for arg in merge.args[1:] if arg.keyword is None]
        if not states or any(arg.star for arg in merge.args):
            return []
        if not all(self._closed_over_state(s, scope) or self.code.carried_unchanged(s, scope) for s in states):
            return []
        return self.merged_module_values(merge, scope)

    def merged_module_values(self, merge: cst.Call, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]]:
        """What the module split into the graphdef that `nnx.merge(graphdef, ...)` merges was
        built from, whatever state it is merged with (see `outside_values`)."""
        if self.flax.index.qualify(merge.func) not in NNX_MERGE or not merge.args:
            return []
        source = self._split_source(merge, scope)
        if source is None:
            return []
        if isinstance(source[0], cst.Call):
            return [source]
        # `nnx.split(self)` in a method: the objects of its class the file builds
        return self.outside_values(*source) or self.flax.flow_instances(*source) or []  # type: ignore[return-value]

    def _split_source(self, merge: cst.Call, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """What `graphdef, state = nnx.split(policy)` split, for a merge of its graphdef; for a
        graphdef an object keeps (`self.store.graphdef`), what the split its class's methods
        store there (`self.graphdef, self.state = nnx.split(policy)`) split."""
        graphdef = merge.args[0].value
        found = self._followed_split_source(graphdef, scope)
        if found is not None:
            return found
        values = self.flax.flow.values(graphdef, scope)  # `graphdef, state = self._snapshots[name]`
        if values is None or len(values) != 1:
            return None
        split, split_scope = values[0]
        if isinstance(split, cst.Call) and self.flax.index.qualify(split.func) in NNX_SPLIT and split.args:
            return split.args[0].value, split_scope
        return None

    def _followed_split_source(self, graphdef: cst.BaseExpression, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        if isinstance(graphdef, cst.Attribute):
            return self._kept_split_source(graphdef, scope)
        if not isinstance(graphdef, cst.Name):
            return None
        found = scope.lookup(graphdef.value)
        if found is None:
            return None
        finder = _TupleAssignment(lambda target: isinstance(target, cst.Name) and target.value == graphdef.value)
        walk(found[0].node, finder)
        splits = self._splits(finder)
        return (splits[0], found[0]) if len(splits) == 1 else None

    def _kept_split_source(self, graphdef: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        holder = graphdef.value
        owner = self._holder_self(holder, scope)
        classes = [owner] if owner is not None else [self._object_kind(v, s, 0) for v, s in self.outside_values(holder, scope)]
        if len(classes) != 1 or not isinstance(classes[0], cst.ClassDef):
            return None
        found: list[tuple[cst.BaseExpression, Scope]] = []
        for statement in classes[0].body.body:
            if not isinstance(statement, cst.FunctionDef):
                continue
            method_scope = self.flax.index.scope_of[statement]
            self_name = self.flax.index.self_name(method_scope)
            finder = _TupleAssignment(
                lambda target: isinstance(target, cst.Attribute)
                and isinstance(target.value, cst.Name)
                and target.value.value == self_name
                and target.attr.value == graphdef.attr.value
            )
            walk(statement, finder)
            found += [(split, method_scope) for split in self._splits(finder)]
        return found[0] if len(found) == 1 else None

    def _splits(self, finder: _TupleAssignment) -> list[cst.BaseExpression]:
        """The objects split by the `nnx.split(...)` calls whose graphdef a finder found."""
        return [
            value.args[0].value
            for value, position in finder.found
            if position == 0
            and isinstance(value, cst.Call)
            and value.args
            and self.flax.index.qualify(value.func) in NNX_SPLIT
        ]

    def nnx_transform(self, func: cst.BaseExpression, scope: Scope, depth: int = 0) -> cst.BaseExpression | None:
        """The NNX transform a called function is: `nnx.grad(loss)` itself, or a name bound once
        to it (`grad_fn = nnx.value_and_grad(loss)`), or an attribute `__init__` stores it in
        (`self._step = step`, a def decorated with `@nnx.jit`)."""
        written, written_scope = func, scope
        if isinstance(func, cst.Attribute):
            stored = self.flax.index.stored_value(func, scope) or self._stored_on_held_object(func, scope)
            if stored is not None and isinstance(stored[0], cst.Subscript) and depth == 0:
                return self._flow_transform(*stored)  # `self.step = TRAIN_STEPS[strategy]`
            if stored is None or not isinstance(stored[0], (cst.Name, cst.Call)):
                return None
            func, scope = stored
        if isinstance(func, cst.Name):
            found = scope.only_binding(func.value)
            if found is not None and isinstance(found[1], cst.FunctionDef):
                return self._transform_decorator(found[1], found[0])
            func = found[1] if found is not None and isinstance(found[1], cst.Call) else func
        if isinstance(func, cst.Call) and self.flax.index.qualify(func.func) in NNX_TRANSFORMS:
            return func.func
        if isinstance(func, cst.Call) and depth < 2:
            made = self._factory_transform(func, scope, depth)
            if made is not None or depth > 0:
                return made
        # `step = compiled_step(cfg)` handing out what a cache keeps: by the object flow
        return self._flow_transform(written, written_scope) if depth == 0 else None

    def _stored_on_held_object(self, func: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """`self.controller.compiled_step`: what the constructor of the one plain class the
        object is stores in that attribute (`self.compiled_step = nnx.jit(Controller.step)`)."""
        class_node = self.flax.instance_class(func.value, scope)
        if class_node is None or not self.flax.is_plain(class_node):
            return None
        stored = self.flax.index.stored_on_object(class_node, func.attr.value)
        return (stored[0], stored[1]) if stored is not None else None

    def _flow_transform(self, func: cst.BaseExpression, scope: Scope) -> cst.BaseExpression | None:
        """The NNX transform every value the object flow gives a called name is: a registry of
        `nnx.jit(fn)` entries (`score_fn = ACQUISITION[name]`), or of defs whose innermost
        decorator is one (`@register("greedy")` over `@nnx.jit`: the registry keeps the
        transformed function)."""
        if not isinstance(func, (cst.Name, cst.Attribute, cst.Subscript)):
            return None
        values = self.flax.flow.values(func, scope) or []
        transforms = []
        for value, _ in values:
            if isinstance(value, cst.Call) and self.flax.index.qualify(value.func) in NNX_TRANSFORMS:
                transforms.append(value.func)
            elif isinstance(value, cst.FunctionDef) and value.decorators:
                innermost = self._decorator_transform(value.decorators[-1])
                if innermost is not None:
                    transforms.append(innermost)
        return transforms[0] if transforms and len(transforms) == len(values) else None

    def _factory_transform(self, call: cst.Call, scope: Scope, depth: int) -> cst.BaseExpression | None:
        """`make_train_step(0.1)`: the NNX transform every return of a same-file factory is
        (`return train_step` for an `@nnx.jit def train_step` it defines)."""
        factory = self.flax.index.resolve_callable(call.func, scope)
        if factory is None or factory.via != "def" or not isinstance(factory.node, cst.FunctionDef):
            return None
        returned = [r.value for r in returns_of(factory.node)]
        if not returned or any(value is None for value in returned):
            return None
        transforms = [self.nnx_transform(value, factory.scope, depth + 1) for value in returned]
        return transforms[0] if all(t is not None for t in transforms) else None

    def under_nnx_transform(self, scope: Scope) -> bool:
        """Whether code of the body sits in a function decorated with an NNX transform that the
        body calls (`@nnx.jit def update(model, optimizer, batch)`): in there, the objects its
        arguments bring are the transform's own, and what changes them is the call of the
        transformed function, found at that call. A transform around the loop itself does not
        count."""
        around_loop = set()
        outer = self.code.loop.scope
        while outer is not None:
            around_loop.add(id(outer))
            outer = outer.parent
        current = scope
        while current is not None and id(current) not in around_loop:
            node = current.node
            if isinstance(node, cst.FunctionDef) and self._transform_decorator(node, current) is not None:
                return True
            current = current.parent
        return False

    def _transform_decorator(self, function: cst.FunctionDef, scope: Scope) -> cst.BaseExpression | None:
        """The NNX transform a def is decorated with: `@nnx.jit`, `@nnx.jit(donate_argnums=0)`,
        `@partial(nnx.jit, static_argnums=1)`."""
        for decorator in function.decorators:
            transform = self._decorator_transform(decorator)
            if transform is not None:
                return transform
        return None

    def _decorator_transform(self, decorator: cst.Decorator) -> cst.BaseExpression | None:
        qualify = self.flax.index.qualify
        node = decorator.decorator
        if isinstance(node, cst.Call) and qualify(node.func) == PARTIAL and node.args:
            node = node.args[0].value
        elif isinstance(node, cst.Call):
            node = node.func
        return node if qualify(node) in NNX_TRANSFORMS else None

    def outside_nnx_object(self, node: cst.BaseExpression, scope: Scope) -> str | None:
        """What outside NNX object an argument is: a name (`outside_object`), or a module or
        optimizer that `__init__` stores on an NNX `self` (`self.inner`, `self.model.encoder`, up to
        three attributes deep: `self.controller.log.firings`)."""
        if isinstance(node, cst.Name):
            return self.outside_object(node, scope)
        whole = node
        attributes: list[str] = []
        while isinstance(node, cst.Attribute):
            attributes.insert(0, node.attr.value)
            node = node.value
        owner: cst.ClassDef | None = self._holder_self(node, scope) if isinstance(node, cst.Name) else None
        if isinstance(whole, (cst.Subscript, cst.Call)) or (owner is None and attributes):
            # `models["teacher"]`, `session.model` with `session = TrainSession(model, optimizer)`
            kinds = [self._object_kind(v, s, 0) for v, s in self.outside_values(whole, scope)]
            kind = _one_kind(kinds)
            return _nnx_kind(self.flax, kind) if kind is not None else None
        if not isinstance(node, cst.Name) or not 1 <= len(attributes) <= 3:
            return None
        kind: str | cst.ClassDef | None = None
        for attribute in attributes:
            if owner is None:
                return None
            values = self._init_values(owner, attribute)
            if not values and len(attributes) == 1:  # `self.fast = nnx.clone(self.model)` before the loop
                values = self.outside_values(whole, scope)
            kind = _one_kind([self._object_kind(v, s, 0) for v, s in values])
            if kind is None:
                return None
            owner = kind if isinstance(kind, cst.ClassDef) else None
        if kind is None:
            return None
        return _nnx_kind(self.flax, kind)

    def _holder_self(self, node: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        """The class of a `self` whose attributes may hold outside NNX objects: an NNX module's,
        or a plain class's (a `Trainer` or `Agent` whose `__init__` stores the model); not a
        Linen module's."""
        class_node = self.flax.self_class(node, scope)
        return class_node if class_node is not None and not self.flax.is_linen(class_node) else None

    def _own_attribute_values(self, node: cst.BaseExpression, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """For `self.tower` read in a method of an NNX or plain class (`Encoder(self.tower)` in
        `__init__`), what `__init__` assigns to it; None for anything else."""
        if not (isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name)):
            return None
        class_node = self._holder_self(node.value, scope)
        return self._init_values(class_node, node.attr.value) if class_node is not None else None

    def _init_values(self, class_node: cst.ClassDef, attribute: str) -> list[tuple[cst.BaseExpression, Scope]]:
        """What `__init__` assigns to `self.<attribute>`, with the scope of `__init__`, or a method
        it runs itself (`self.init_ema(model)`); for a dataclass or NamedTuple without one
        (`TrainSession(model, optimizer)`), what the constructions in the file pass for that
        field, with the scope of each; for a plain mixin, what the one class using it stores."""
        index = self.flax.index
        init = index.method_of(class_node, "__init__")
        if init is None:
            post_init = index.method_of(class_node, "__post_init__")
            stored = self.flax.self_attribute_values(class_node, "__post_init__").get(attribute, []) if post_init else []
            if stored and is_dataclass(index, class_node):  # `self.chiller = Chiller(...)` for a `field(init=False)`
                return [(value, index.scope_of[post_init]) for value in stored]  # type: ignore[index]
            if is_dataclass(index, class_node):
                return dataclass_field_values(index, class_node, attribute)
            if is_namedtuple(index, class_node):
                return constructor_arguments(index, class_node, None, attribute)
            below = index.subclasses(class_node)  # a mixin's `self`: the one class using it
            return self._init_values(below[0], attribute) if len(below) == 1 and self.flax.is_plain(class_node) else []
        values = self.flax.self_attribute_values(class_node, "__init__").get(attribute, [])
        if values and all(isinstance(v, cst.Name) and v.value == "None" for v in values):
            configured = self._configured_values(class_node, attribute)
            if configured:  # `self.model = None`, then `configure()` sets it before the loop
                return configured
        if values:
            return [(value, index.scope_of[init]) for value in values]
        by_helpers = index.stored_by_init_helpers(class_node, init, attribute)  # `self.init_ema(model)`
        if not by_helpers:
            inherited = index.stored_on_object(class_node, attribute)  # a base's `__init__` run by `super()`
            return [(inherited[0], inherited[1])] if inherited is not None else []
        helper, stored = by_helpers[0]
        return [(value, index.scope_of[helper]) for value in stored]

    def _configured_values(self, class_node: cst.ClassDef, attribute: str) -> list[tuple[cst.BaseExpression, Scope]]:
        """What the methods other than `__init__` that set `self.<attribute>` store there, when
        each of them surely runs before the loop (`CaveSampler().configure(...)` at import, or
        in `main` before the call running the loop); nothing otherwise."""
        index = self.flax.index
        order = call_order(self.flax)
        found: list[tuple[cst.BaseExpression, Scope]] = []
        for statement in class_node.body.body:
            if not isinstance(statement, cst.FunctionDef) or statement.name.value == "__init__":
                continue
            stored = self.flax.self_attribute_values(class_node, statement.name.value).get(attribute, [])
            if not stored:
                continue
            if order.runs_before(self.code.loop.call, {statement}) is not True:
                return []
            found += [(value, index.scope_of[statement]) for value in stored]
        return found

    def _object_kind(self, value: cst.BaseExpression, scope: Scope, depth: int) -> str | cst.ClassDef | None:
        """The NNX object an expression builds: a same-file NNX class, 'an NNX module', 'an
        `nnx.Variable`', 'an `nnx.Optimizer`' or 'an `nnx.Metric`'; a name is followed to its one binding, and a
        parameter of an NNX class's `__init__` to what every construction in the file passes."""
        if depth > 4:
            return None
        if isinstance(value, cst.IfExp):  # `shared if i % 2 else SpeedPolicy(6, rngs)`
            return _one_kind([self._object_kind(branch, scope, depth + 1) for branch in (value.body, value.orelse)])
        if isinstance(value, cst.Call):
            kind = self.flax.nnx_module_class(value.func, scope)
            if kind is not None:
                return kind if isinstance(kind, cst.ClassDef) else "an NNX module"
            if self.flax.is_nnx_variable_class(value.func):  # also a same-file subclass
                return "an `nnx.Variable`"
            plain = self.flax.local_class(value.func, scope)  # `Trainer(model, lr)`
            if plain is not None and not self.flax.is_linen(plain):
                return plain
            if self.flax.index.qualify(value.func) in NNX_OPTIMIZERS:
                return OUTSIDE_OPTIMIZER
            if self.flax.index.qualify(value.func) in NNX_METRICS:
                return OUTSIDE_METRIC
            if self.flax.index.qualify(value.func) in NNX_CLONE and value.args:  # `nnx.clone(online)`
                return self._object_kind(value.args[0].value, scope, depth + 1)
            if self.flax.index.qualify(value.func) in NNX_MERGE and len(value.args) >= 2 and is_true(keyword_argument(value, "copy")):
                # `nnx.merge(graphdef, state, copy=True)`: a new module like the one split
                source = self._split_source(value, scope)
                return self._object_kind(*source, depth + 1) if source is not None else None
            factory = self.flax.index.factory_of(value, scope)  # `make_ensemble(keys)` returning one
            if factory is not None:
                return self._returned_kind(factory[1], depth)
            builders = [v for v, _ in self.flax.flow.values(value.func, scope) or []] if isinstance(value.func, cst.Subscript) else []
            if builders and all(isinstance(b, cst.FunctionDef) for b in builders):
                # `HEAD_BUILDERS[kind](width, rngs)`: a registry of builder functions
                return _one_kind([self._returned_kind(b, depth) for b in builders])  # type: ignore[arg-type]
            return self._instance_kind(value, scope)  # `pool.acquire(lot)`, a getter's object
        own = self._own_attribute_values(value, scope)
        if own is not None:  # `Encoder(self.tower)` in `__init__`
            return _one_kind([self._object_kind(v, s, depth + 1) for v, s in own])
        if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name):
            # `build_index(model.doc_tower, docs)`: what the object's class stores there
            return _one_kind([self._object_kind(v, s, depth + 1) for v, s in self.outside_values(value, scope)])
        if isinstance(value, cst.Attribute):
            # `self.state.optimizer`: what the class of the object `self.state` holds stores there
            holder = self._object_kind(value.value, scope, depth + 1)
            if not isinstance(holder, cst.ClassDef) or self.flax.is_linen(holder):
                return None
            return _one_kind([self._object_kind(v, s, depth + 1) for v, s in self._init_values(holder, value.attr.value)])
        if isinstance(value, cst.Subscript):
            return self._instance_kind(value, scope)  # `self._sessions[lot]`
        if not isinstance(value, cst.Name):
            return None
        holder = self._holder_self(value, scope)
        bound_at = scope.lookup(value.value)
        if holder is not None and bound_at is not None and not self.code.is_inside(bound_at[0]):
            return holder  # the `self` of the method that runs the loop, handed to a hook
        found = scope.only_binding(value.value)
        if found is None:
            iterated = self.flax.loop_iterates(value, scope)  # `{s.store_id: s for s in sessions}`
            elements = self.flax.container_elements(*iterated) if iterated is not None else None
            return _one_kind([self._object_kind(v, s, depth + 1) for v, s in elements or []])
        binding_scope, binding = found
        if not isinstance(binding, cst.CSTNode):  # `student, teacher = models`
            unpacked = self._unpacked(value, scope)
            kinds = [self._object_kind(v, s, depth + 1) for v, s in self._picked(*unpacked)] if unpacked else []
            return _one_kind(kinds)
        if isinstance(binding, cst.BaseExpression):
            return self._object_kind(binding, binding_scope, depth + 1)
        if isinstance(binding, cst.Param):
            # What an NNX or plain class's constructions pass (`Trainer(model)`), or every call
            # of a module-level function (`run(model, steps)`).
            passed = (
                self._passed_to(binding, binding_scope)
                or self.flax.parameter_arguments(binding, binding_scope)
                or self.flax.flow.values(value, scope)  # `_ANALYSERS[name](model, **options)`
                or []
            )
            return _one_kind([self._object_kind(v, s, depth + 1) for v, s in passed])
        return None

    def _returned_kind(self, function: cst.FunctionDef, depth: int) -> str | cst.ClassDef | None:
        """The one NNX object kind every return of a same-file function builds."""
        if function in self._factories_seen:
            return None
        self._factories_seen.add(function)
        try:
            returned = [r.value for r in returns_of(function)]
            kinds = [
                self._object_kind(r, self.flax.index.scope_of[function], depth + 1) if r is not None else None
                for r in returned
            ]
        finally:
            self._factories_seen.discard(function)
        return _one_kind(kinds)

    def _object_kinds(self, value: cst.BaseExpression, scope: Scope) -> list[str | cst.ClassDef | None]:
        """`_object_kind`, or for a construction of a class the code picks at run time
        (`Kiln.registry[kind](chambers, rngs=rngs)`), each same-file NNX class the object flow
        says it may make."""
        kind = self._object_kind(value, scope, 0)
        made = self.flax.flow.classes_made(value) if kind is None and isinstance(value, cst.Call) else set()
        if made and all(self.flax.is_nnx(c) for c in made):
            return sorted(made, key=lambda c: c.name.value)
        return [kind]

    def _instance_kind(self, value: cst.BaseExpression, scope: Scope) -> cst.ClassDef | str | None:
        """The one same-file class of the objects an expression may hold, as the Flax model's
        `instances` finds them (elements of pools, what getters and builders return)."""
        made = self.flax.instances(value, scope) or []
        classes = {self.flax.local_class(call.func, call_scope) for call, call_scope in made}
        found = classes.pop() if len(classes) == 1 else None
        if found is None or self.flax.is_linen(found):
            return None
        return found

    def modes_may_switch(self, node: cst.BaseExpression, scope: Scope) -> bool:
        """Whether the file may switch the outside module a body's call reaches to evaluation
        mode (see `_modes_switched`), which stops its Dropout from drawing."""
        self._called = (node, scope)
        try:
            return self._modes_switched()
        finally:
            self._called = None

    def module_class(self, node: cst.BaseExpression, scope: Scope) -> cst.ClassDef | None:
        """The one same-file NNX class of an outside module the body reads (`self.model`,
        `model`, a helper's parameter a partial fills with one), when every value it may hold is
        one of that class."""
        if isinstance(node, cst.Name) and self.code.binds(node.value, scope) and self.code.bound_argument(node, scope) is None:
            return None
        kind = _one_kind([self._object_kind(v, s, 0) for v, s in self.outside_values(node, scope)])
        return kind if isinstance(kind, cst.ClassDef) and self.flax.is_nnx(kind) else None

    def built_module_kind(self, value: cst.BaseExpression, scope: Scope, depth: int = 0) -> str | None:
        """'an NNX module' (or '`QueueNet`, an NNX module') when an expression builds one: a
        construction of an NNX class, or a call of a same-file factory or registered builder
        that returns one, or of a plain class whose `__init__` builds one; a local name some
        statement of its function binds to such a call; None otherwise (a name or attribute
        holds a module built elsewhere)."""
        if isinstance(value, cst.Name) and depth == 0:  # `session = Session(...)`, then stored
            found = scope.lookup(value.value)
            if found is None or found[0] is not scope:
                return None
            # A copy of outside state (`nnx.merge(..., copy=True)`) holds the outside arrays; the
            # function may switch it to eval mode before storing it, which keeps them so.
            built = [
                self.built_module_kind(v, scope, 1)
                for v in found[1]
                if isinstance(v, cst.Call) and self.flax.index.qualify(v.func) not in NNX_MERGE | NNX_CLONE
            ]
            return next((kind for kind in built if kind is not None), None)
        if not isinstance(value, cst.Call):
            return None
        kind = self._object_kind(value, scope, 0)
        if isinstance(kind, cst.ClassDef) and self.flax.is_nnx(kind):
            return f"`{kind.name.value}` (an NNX module)"
        if isinstance(kind, cst.ClassDef) and self.flax.is_plain(kind) and depth < 2:
            init = self.flax.index.method_of(kind, "__init__")  # `Session(seed)` building `self.model = Scorer(...)`
            stored = self.flax.self_attribute_values(kind, "__init__").values() if init is not None else []
            init_scope = self.flax.index.scope_of[init] if init is not None else scope
            if any(self.built_module_kind(v, init_scope, 2) for values in stored for v in values):
                return f"`{kind.name.value}` (an object holding an NNX module it builds)"
        return "an NNX module" if kind == "an NNX module" else None

    def _passed_to(
        self, param: cst.Param, scope: Scope, construction: _Construction | None = None
    ) -> list[tuple[cst.BaseExpression, Scope]]:
        """What the constructions of an NNX class (or a plain class holding NNX objects, a
        `Trainer(model)`) pass to a parameter of its `__init__`: the one
        `construction` given (a `Block(drop=...)` being followed), else every one in the file."""
        method = scope.enclosing_method()
        if method is None or scope.node is not method[0] or method[0].name.value != "__init__":
            return []
        init, class_node = method
        if self.flax.is_linen(class_node):
            return []
        if construction is None or construction.class_node is not class_node:
            return constructor_arguments(self.flax.index, class_node, init, param.name.value)
        params = [p.name.value for p in (*init.params.posonly_params, *init.params.params)][1:]
        position = params.index(param.name.value) if param.name.value in params else -1
        passed = (
            argument(construction.call, position, param.name.value)
            if position >= 0
            else keyword_argument(construction.call, param.name.value)
        )
        return [(passed, construction.scope)] if passed is not None else []

    def _passed_by_body(self, param: cst.Param, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]]:
        """What every call in the body's code of the helper or method declaring `param` passes
        for it (`self.wrapper.propose(obs, self.sample_key)` for `propose`'s `key`); nothing
        when one of them leaves it out."""
        function = scope.node
        calls = self.code.entries.get(function, [])
        passed = []
        for call, call_scope in calls:
            value = dict(parameters_passed(function, scope, call, call_scope)).get(param)
            if value is None:
                return []
            passed.append((value, call_scope))
        return passed

    def is_outside_rngs(self, node: cst.BaseExpression, scope: Scope) -> bool:
        """An `nnx.Rngs` from outside the body: `self.rngs`-like attributes of an NNX self, or a
        closed-over name bound to `nnx.Rngs(...)`, annotated `nnx.Rngs`, or a parameter `rngs`;
        also a stream a `functools.partial` made outside the body binds (`stream()` with
        `stream=self.rngs.noise`)."""
        bound = self.code.bound_argument(node, scope) if isinstance(node, cst.Name) else None
        if bound is not None and isinstance(bound[0], cst.Attribute) and not self.code.is_inside(bound[1]):
            value, value_scope = bound  # `self.rngs`, or its stream `self.rngs.noise`
            return self.is_rngs_attribute(value, value_scope) or (
                isinstance(value.value, cst.Attribute) and self.is_rngs_attribute(value.value, value_scope)
            )
        if isinstance(node, cst.Call):
            node = node.func  # `self.rngs.fork()`
            while isinstance(node, cst.Attribute) and isinstance(node.value, cst.Call):
                node = node.value.func
            if isinstance(node, cst.Attribute):
                node = node.value
        root = root_name(node)
        if root is None:
            return False
        if self.flax.nnx_self(root, scope) is not None:
            return root is not node  # any attribute of self passed as rngs
        if isinstance(node, cst.Attribute) and self.is_rngs_attribute(node, scope):
            return True  # `self.rngs` of a plain `Sampler`, `sampler.rngs`
        found = self._outside_binding(root, scope)
        if found is None:
            return False
        _, binding = found
        if isinstance(binding, cst.Call):
            return self.flax.is_nnx_rngs_class(binding.func)
        if isinstance(binding, cst.Attribute):  # `rngs = self.rngs` before the loop
            return self.is_rngs_attribute(binding, found[0])
        if isinstance(binding, cst.Param):
            if self._built_in_body(binding, found[0]):
                return False
            annotation = binding.annotation.annotation if binding.annotation else None
            if annotation is not None:
                return self.flax.is_nnx_rngs_class(annotation)
            passed = self._parameter_values(binding, found[0], 0) or []
            if any(isinstance(value, cst.Call) and not self.flax.is_nnx_rngs_class(value.func) for value, _ in passed):
                return False  # `rngs=key` given a JAX key (`jax.random.key(77)`), not an `nnx.Rngs`
            return binding.name.value == "rngs" and self.flax.uses_nnx
        return False

    def _built_in_body(self, param: cst.Param, scope: Scope) -> bool:
        """Whether a call in the body fills a helper's parameter with an object it builds there
        (`explore(nnx.Rngs(explore=key), lr)`): the body's own, not outside state."""
        values = self._parameter_values(param, scope, 0) or []
        for value, value_scope in values:
            if isinstance(value, cst.Name) and self.code.is_inside(value_scope):
                # `rngs = nnx.Rngs(mask=fold_in(key, i))` in the body, then `helper(x, rngs)`;
                # `model, optimizer = nnx.merge(graphdef, state)` there
                found = value_scope.only_binding(value.value)
                if found is not None and isinstance(found[1], Unpacked):
                    found = (found[0], found[1].value)
                if found is not None and isinstance(found[1], cst.Call):
                    value, value_scope = found[1], found[0]
            if isinstance(value, cst.Call) and self.code.is_inside(value_scope):
                return True
        return False

    def is_rngs_attribute(self, node: cst.BaseExpression, scope: Scope) -> bool:
        """`self.<attr>` of an NNX self (or a plain class's, an `Agent`), or `<object>.<attr>` of
        an object of such a same-file class (`model.rngs`), whose __init__ stores an `nnx.Rngs`
        there; or such an attribute of an object another one holds (`self.sampler.rngs`)."""
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Attribute):
            held = self.outside_values(node, scope)
            return bool(held) and all(self._is_rngs_value(value, value_scope) for value, value_scope in held)
        if not (isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name)):
            return False
        class_node = self._holder_self(node.value, scope)
        if class_node is None:  # `model.rngs` of a same-file NNX or plain object made outside
            made = self.flax.instances(node.value, scope) or []
            if any(self.code.is_inside(made_scope) for _, made_scope in made):
                return False
            class_node = self.flax.instance_class(node.value, scope)
        if class_node is None or self.flax.is_linen(class_node):
            return False
        values = self.flax.self_attribute_values(class_node, "__init__").get(node.attr.value, [])
        init = self.flax.index.method_of(class_node, "__init__")
        if values and init is not None:
            return all(self._is_rngs_value(v, self.flax.index.scope_of[init]) for v in values)
        # a dataclass field (`rngs: nnx.Rngs = field(default_factory=lambda: nnx.Rngs(0))`)
        flowed = self.flax.flow.values(node, scope)
        return bool(flowed) and all(
            isinstance(v, cst.BaseExpression) and not self.code.is_inside(s) and self._is_rngs_value(v, s) for v, s in flowed or []
        )

    def _is_rngs_value(self, value: cst.BaseExpression, scope: Scope) -> bool:
        if isinstance(value, cst.Call):
            return self.flax.is_nnx_rngs_class(value.func) or (
                isinstance(value.func, cst.Attribute)
                and value.func.attr.value == "fork"
                and self._is_rngs_value(value.func.value, scope)
            )
        if isinstance(value, cst.Name):
            found = scope.only_binding(value.value)
            if found is None:
                return False
            binding = found[1]
            if isinstance(binding, cst.Param):
                annotation = binding.annotation.annotation if binding.annotation else None
                if annotation is not None:
                    return self.flax.is_nnx_rngs_class(annotation)
                return binding.name.value == "rngs"
            if isinstance(binding, cst.Call):
                return self.flax.is_nnx_rngs_class(binding.func)
        return False

    def stateful_module(self, func: cst.BaseExpression, scope: Scope, rngs_passed: bool) -> HeldState | None:
        """What mutable state an outside NNX module called by the body holds, if any: a module
        `__init__` stores on `self`, a name bound outside the body, or the loop variable of a
        `for` in the body over such a container (`for layer in self.layers: h = layer(h)`)."""
        self._trained = self._trained_before_loop(func, scope)
        held = []
        try:
            for value, value_scope in self.outside_values(func, scope):
                self._called = (value, value_scope)
                found = [h for h in self.holdings(value, value_scope, frozenset()) if not (rngs_passed and h == DROPOUT)]
                held.append(found or self._call_with_defaults_changes(value, value_scope, func, scope))
        finally:
            self._trained = False
            self._called = None
        return held[0][0] if held and all(held) else None

    def _call_with_defaults_changes(
        self, value: cst.BaseExpression, value_scope: Scope, func: cst.BaseExpression, scope: Scope
    ) -> list[HeldState]:
        """What the `__call__` of a same-file NNX module changes when every call of it in the
        body leaves an optional argument at its `None` default (`self.effect(sky)` running
        `key = self.rngs.sparkle() if key is None else key`)."""
        kind = self._object_kind(value, value_scope, 0)
        owner = self.flax.index.defining_class(kind, "__call__") if isinstance(kind, cst.ClassDef) and self.flax.is_nnx(kind) else None
        method = self.flax.index.method_of(owner, "__call__") if owner is not None else None
        omitted = self._left_as_none(method, func, scope)
        changed = self._method_changes_state(kind, "__call__", omitted=omitted) if omitted else None  # type: ignore[arg-type]
        return [changed.held_by("__call__")] if changed is not None else []

    def _trained_before_loop(self, func: cst.BaseExpression, scope: Scope, depth: int = 0) -> bool:
        """`model.train()` as the last mode switch of `model` among the statements of the
        function that runs the loop, before the loop's statement: its layers train in the loop.
        When `model` is a parameter of a module-level function that runs the loop, every call
        of that function passes a name switched so before the call's statement
        (`model.train()`, then `calibrate(model, stream)`). A parameter of a helper the body
        runs (`encode_chunk(model, chunk)`) is followed to what every call of it passes."""
        name = dotted(func)  # `model`, `self.model`
        root = root_name(func)
        if name is None or root is None or depth > 4:
            return False
        found = scope.lookup(root.value)
        loop_scope = self.code.loop.scope
        helper = found[0].node if found is not None else None
        if (
            found is not None
            and name == root.value
            and len(found[1]) == 1
            and isinstance(found[1][0], cst.Param)
            and helper in self.code.functions
            and helper is not self.code.loop.body.node  # type: ignore[union-attr]
        ):
            passed = [
                (dict(parameters_passed(helper, found[0], call, call_scope)).get(found[1][0]), call_scope)
                for call, call_scope in self.code.entries.get(helper, [])
            ]
            return bool(passed) and all(
                value is not None and self._trained_before_loop(value, value_scope, depth + 1) for value, value_scope in passed
            )
        if found is None or found[0] is not loop_scope or not isinstance(loop_scope.node, cst.FunctionDef):
            return False
        mode = self._last_mode_switch(loop_scope.node, name, self.code.loop.call)
        if mode is not None or name != root.value or loop_scope.parent is not self.flax.index.module_scope:
            return mode == "train"
        bindings = found[1]
        if len(bindings) != 1 or not isinstance(bindings[0], cst.Param):
            return False
        sites = self.flax.calls_running(loop_scope.node)
        modes = []
        for call, call_scope in sites:
            passed = dict(parameters_passed(loop_scope.node, loop_scope, call, call_scope)).get(bindings[0])
            caller = call_scope.node
            if not isinstance(passed, cst.Name) or not isinstance(caller, cst.FunctionDef):
                return False
            modes.append(self._last_mode_switch(caller, passed.value, call))
        return bool(modes) and all(mode == "train" for mode in modes)

    def _last_mode_switch(self, function: cst.FunctionDef, name: str, call: cst.Call) -> str | None:
        """`_last_mode_switch` in a function, whose statements' calls are found once per file
        (every call in a body asks about the same loop call)."""
        statements: dict[cst.FunctionDef, list[tuple[cst.BaseStatement, frozenset[cst.Call]]]]
        statements = self.flax.index.derived.setdefault(_statement_calls, {})  # type: ignore[assignment]
        if function not in statements:
            statements[function] = _statement_calls(function)
        return _last_mode_switch(statements[function], name, call)

    def mode_layers_switched_off(self, call: cst.Call, scope: Scope) -> bool:
        """Whether a body's call of an outside same-file NNX module (`model(x)`,
        `model.predict(x)`) runs its Dropout and BatchNorm layers only switched off: every call
        of such a layer in the methods the call runs (see `nnx_runs`) passes its mode switch
        (`deterministic=not train`), and in this run the switch is surely on (`train` defaults
        to False and the body passes nothing), or hands a Dropout the step's key (see
        `_step_key_given`). False when a layer call passes no switch, a
        switch may be off, or one is not known."""
        func = call.func
        receiver, method = (func.value, func.attr.value) if isinstance(func, cst.Attribute) else (func, "__call__")
        class_node = self.flax.instance_class(receiver, scope)
        if class_node is None or not self.flax.is_nnx(class_node):
            return False
        flags = run_flags(self.flax)
        switched_off = 0
        for run in nnx_runs(self.flax, class_node, call, scope, method):
            method_scope = self.flax.index.scope_of[run.method]
            layer_calls = CallFinder()
            walk(run.method.body, layer_calls)
            for layer_call in layer_calls.calls:
                layer = layer_call.func
                stored = self.flax.index.stored_by_init(layer, method_scope) if isinstance(layer, cst.Attribute) else None
                kind = self.flax.nnx_module_class(stored[0].func, stored[1]) if stored and isinstance(stored[0], cst.Call) else None
                switch = STATEFUL_NNX.get(kind) if isinstance(kind, str) else None
                if switch is None:
                    continue
                if kind == "Dropout" and self._step_key_given(layer_call, run, flags):
                    switched_off += 1
                    continue
                value = keyword_argument(layer_call, switch)
                modes = flags.values_in_run(value, run.given) if value is not None else None
                if modes != frozenset({True}):
                    return False
                switched_off += 1
        return switched_off > 0

    def _step_key_given(self, layer_call: cst.Call, run: ModuleRun, flags: RunFlags) -> bool:
        """`self.dropout(h, rngs=key)` in a method whose `key` this run fills with a key the loop
        gives each step (`cell(h, x, key)` with `x, key = inputs` scanned over): the Dropout
        draws from that key, not from the streams it holds."""
        rngs = keyword_argument(layer_call, "rngs")
        if not isinstance(rngs, cst.Name) or rngs.value not in run.given:
            return False
        found = flags.scope_at(rngs).only_binding(rngs.value)
        if found is None or not isinstance(found[1], cst.Param):
            return False
        passed, passed_scope = run.given[rngs.value]
        return isinstance(passed, cst.Name) and flags.within(self.code).loop_array(passed, passed_scope)

    def mode_layers(self, node: cst.BaseExpression, scope: Scope) -> HeldState | None:
        """A layer with a mode (`nnx.Dropout`, `nnx.BatchNorm`) that an outside NNX module holds,
        whatever mode it is in: what `.eval()` and `.train()` change; for a method's own `self`,
        what every construction of its class the file shows holds."""
        values = self.outside_values(node, scope)
        own = self.flax.nnx_self(node, scope) if isinstance(node, cst.Name) else None
        if own is not None and not self.self_built_in_body(node, scope):  # `self.eval()` in the body
            flags = run_flags(self.flax)
            values = [(made, flags.scope_at(made)) for made in self.flax.flow.objects.get(own, ())]
        self._counting_mode_layers = True
        try:
            held = [self.holdings(value, value_scope, frozenset()) for value, value_scope in values]
        finally:
            self._counting_mode_layers = False
        return held[0][0] if held and all(held) else None

    def method_changing_state(self, func: cst.BaseExpression, scope: Scope, depth: int = 0) -> HeldState | None:
        """`agent.act(obs)` on an outside object of a same-file NNX class whose `act` changes the
        object's state (`self.rngs.action()`, `self.count[...] += 1`): what changes it."""
        if isinstance(func, cst.Name) and self.flax.index.resolve_callable(func, scope) is None:
            found = self._outside_binding(func, scope)  # `step = decoder.decode_step`, then `step(h)`
            bound = found[1] if found is not None else None
            if isinstance(bound, cst.Call) and self.flax.index.qualify(bound.func) == PARTIAL and bound.args:
                bound = bound.args[0].value  # `inc = partial(sde.increment, dt=dt)`
            if found is not None and isinstance(bound, cst.Attribute):
                return self.method_changing_state(bound, found[0])
        if not isinstance(func, cst.Attribute) or func.attr.value == "__call__":
            return None
        resolved = self.flax.index.resolve_callable(func, scope)
        if resolved is not None and (depth == 0 or resolved.node in self.code.functions):
            return None  # a method this file resolves is part of the body: its own lines report
        holder = self._holder_self(func.value, scope)
        if holder is not None and self.flax.is_plain(holder):
            # `self._step(token)` in a method of a plain object the body runs (an adapter whose
            # `__init__` kept `model.stream_step`): what its class stores there.
            kinds: list[cst.ClassDef | object] = [holder]
        else:
            kinds = [kind for value, value_scope in self.outside_values(func.value, scope) for kind in self._object_kinds(value, value_scope)]
        changes = []
        for kind in kinds:
            if not isinstance(kind, cst.ClassDef):
                return None
            owner = self.flax.index.defining_class(kind, func.attr.value)  # also a base's method
            if owner is None and depth < 2:
                # `self.feedback = bandit.observe` in a plain object's `__init__`
                return self._stored_method_changing_state(kind, func.attr.value, depth)
            method = self.flax.index.method_of(owner, func.attr.value) if owner is not None else None
            changes.append(self._method_changes_state(kind, func.attr.value, omitted=self._left_as_none(method, func, scope)))
        if not changes or any(c is None for c in changes):
            return None
        return changes[0].held_by(func.attr.value)  # type: ignore[union-attr]

    def _left_as_none(self, method: cst.FunctionDef | None, func: cst.BaseExpression, scope: Scope) -> frozenset[str]:
        """The parameters with a `None` default that every call of `func` in the body's code
        leaves out (`self.vae.sample_prior()` for `def sample_prior(self, key=None)`)."""
        calls = [call for call, call_scope in self.code.calls if call.func is func and call_scope is scope]
        if method is None or not calls or any(a.star for call in calls for a in call.args):
            return frozenset()
        method_scope = self.flax.index.scope_of[method]
        passed = {param for call in calls for param, _ in parameters_passed(method, method_scope, call, scope)}
        return frozenset(
            p.name.value
            for p in (*method.params.params, *method.params.kwonly_params)
            if isinstance(p.default, cst.Name) and p.default.value == "None" and p not in passed
        )

    def _stored_method_changing_state(self, class_node: cst.ClassDef, attribute: str, depth: int) -> HeldState | None:
        """What a bound method of another object that a class's `__init__` stores in an
        attribute changes (`policy.feedback(arm, click)` with `self.feedback = bandit.observe`)."""
        init = self.flax.index.method_of(class_node, "__init__")
        values = self.flax.self_attribute_values(class_node, "__init__").get(attribute, []) if init is not None else []
        if init is None or len(values) != 1:
            return None
        stored = values[0]
        while (
            isinstance(stored, cst.Call)
            and self.flax.index.qualify(stored.func) in SAME_FUNCTION_WRAPPERS
            and len(stored.args) == 1
            and stored.args[0].keyword is None
            and not stored.args[0].star
        ):  # `self._predict = jax.jit(self.model.__call__)`: runs the method as it is
            stored = stored.args[0].value
        if not isinstance(stored, cst.Attribute):
            return None
        method, receiver, init_scope = stored.attr.value, stored.value, self.flax.index.scope_of[init]
        if method == "__call__":  # the module itself called
            return self.stateful_module(receiver, init_scope, rngs_passed=False)
        bound = init_scope.only_binding(receiver.value) if isinstance(receiver, cst.Name) else None
        if bound is None or bound[0] is not init_scope or not isinstance(bound[1], cst.Param):
            return self.method_changing_state(stored, init_scope, depth + 1)
        changes = []
        for value, value_scope in self.flax.parameter_arguments(bound[1], init_scope) or []:
            kind = self._object_kind(value, value_scope, 0)
            changes.append(self._method_changes_state(kind, method) if isinstance(kind, cst.ClassDef) else None)
        if not changes or any(c is None for c in changes):
            return None
        return changes[0].held_by(method)  # type: ignore[union-attr]

    def fixed_rngs_run(self, func: cst.BaseExpression, scope: Scope) -> tuple[str, cst.CSTNode] | None:
        """`emulator.step(u)` or `self.denoiser(x, t)` on an outside object of a same-file NNX
        class whose method (or a method of a module it holds, `self.forcing.sample(...)`) draws
        randomness that no call changes: from an `nnx.Rngs` it builds from such values
        (`nnx.Rngs(forcing=self.seed)`), or from a key the module stores (see `_stored_key`).
        The method run, and that construction or key."""
        if not isinstance(func, cst.Attribute) or self.flax.index.resolve_callable(func, scope) is not None:
            return None
        for held, method in ((func.value, func.attr.value), (func, "__call__")):
            kind = _one_kind([self._object_kind(v, s, 0) for v, s in self.outside_values(held, scope)])
            if isinstance(kind, cst.ClassDef) and self.flax.is_nnx(kind):
                found = self._fixed_rngs_in(kind, method, 0)
                return (f"{kind.name.value}.{method}", found) if found is not None else None
        return None

    def _fixed_rngs_in(self, class_node: cst.ClassDef, name: str, depth: int) -> cst.CSTNode | None:
        method = self.flax.index.method_of(class_node, name)
        if method is None or depth > 3:
            return None
        method_scope = self.flax.index.scope_of[method]
        self_name = self.flax.index.self_name(method_scope)
        parameters = {p.name.value for p in _every_param(method.params)} - {self_name}
        calls = CallFinder()
        walk(method.body, calls)
        for call in calls.calls:
            if self.flax.is_nnx_rngs_class(call.func) and call.args:
                names = NameCollector()
                walk(call, names)
                rngs = method_scope.name_bound_to(call)
                drawn = rngs is not None and any(
                    isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name) and c.func.value.value == rngs
                    for c in calls.calls
                )
                local = {n for n in names.names if n in method_scope.bindings} - {self_name}
                if drawn and not (names.names & parameters) and not local - {rngs}:
                    return call
            stored = self.stored_key_drawn(call, method_scope)
            if stored is not None:
                return stored
            func = call.func  # `self.forcing.sample(...)`, `self._noise(...)`
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute) and isinstance(func.value.value, cst.Name):
                if func.value.value.value == self_name:
                    held = _one_kind([self._object_kind(v, s, 0) for v, s in self._init_values(class_node, func.value.attr.value)])
                    if isinstance(held, cst.ClassDef) and self.flax.is_nnx(held):
                        found = self._fixed_rngs_in(held, func.attr.value, depth + 1)
                        if found is not None:
                            return found
            elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == self_name:
                found = self._fixed_rngs_in(class_node, func.attr.value, depth + 1)
                if found is not None:
                    return found
        return None

    def stored_key_drawn(self, call: cst.Call, scope: Scope) -> cst.BaseExpression | None:
        """The key a call in a method of a same-file NNX class draws from, when that key is one
        the module stores and the method leaves unchanged: `jax.random.normal(self.key, ...)`,
        `self.drop(h, rngs=self.mc_key)`, `self.rngs.noise.key.value`, `self.noise_key[...]`
        (see `_stored_key`), read directly or through a name the method binds once; in a method
        of an outside plain object the body runs, a key that object stores."""
        qualified = self.flax.index.qualify(call.func) or ""
        if qualified.startswith("jax.random."):
            if qualified[len("jax.random.") :] in KEY_PLUMBING:
                return None
            key = keyword_argument(call, "key") or (call.args[0].value if call.args and call.args[0].keyword is None else None)
        else:
            key = keyword_argument(call, "rngs")
        source = self._key_source(key, scope, 0) if key is not None else None
        # A plain object's key counts where the body runs its method (a jitter helper's
        # `jax.random.normal(self.key, ...)`, or a method of the object whose method runs the
        # loop), or a training Dropout is handed it.
        self_name = self.flax.index.self_name(scope)
        outside_self = self_name is not None and self.code.object_outside(cst.Name(self_name), scope)
        plain = self._dropout_draw(call, scope) or (
            qualified.startswith("jax.random.") and (self.code.in_object_method(scope) or outside_self)
        )
        return source if source is not None and self._stored_key(source, scope, plain) else None

    def _dropout_draw(self, call: cst.Call, scope: Scope) -> bool:
        """`self.drop(h, rngs=self.key)` on a training `nnx.Dropout` an object stores."""
        found = scope.enclosing_method()
        return found is not None and keyword_argument(call, "rngs") is not None and training_dropout(self.flax, found[0], call)

    def _key_source(self, key: cst.BaseExpression, scope: Scope, depth: int) -> cst.BaseExpression | None:
        """The expression a key in a method comes from: followed through names the method binds
        once (also by unpacking, `key, k_eps = jax.random.split(self.key[...])`), items of a
        split (`keys[1]`), and `jax.random.split` itself, which gives the same keys for the
        same key."""
        if depth > 4:
            return None
        if isinstance(key, cst.Subscript) and isinstance(key.value, (cst.Name, cst.Call)):
            inner = self._key_source(key.value, scope, depth + 1)
            if inner is not key.value:  # `keys[1]`, `split(k)[0]`: an item of a split
                return inner
        if isinstance(key, cst.Name):
            found = scope.only_binding(key.value)
            if found is None or found[0] is not scope:
                return None
            value = found[1] if isinstance(found[1], cst.BaseExpression) else _unpacked_value(scope.node, key.value)
            return self._key_source(value, scope, depth + 1) if value is not None else None
        if isinstance(key, cst.Call) and self.flax.index.qualify(key.func) == "jax.random.split" and key.args:
            return self._key_source(key.args[0].value, scope, depth + 1)
        return key

    def _stored_key(self, node: cst.BaseExpression, scope: Scope, plain: bool = False) -> bool:
        """Whether an expression in a method reads a JAX key its module stores and that method
        does not change: an attribute `__init__` sets to a `jax.random` key (`self.mc_key =
        jax.random.key(17)`) or to an `nnx.Variable` holding one (`NoiseKey(rngs.imagine())`),
        read as is, as `.value`, `[...]` or `.get_value()`; or the key of an `nnx.Rngs` stream the module holds
        (`self.rngs.posterior.key.value`), which only `rngs.posterior()` advances. With `plain`,
        also a key a plain object stores (for the training Dropout it hands it to)."""
        found = scope.enclosing_method()
        self_name = self.flax.index.self_name(scope)
        if found is None or self_name is None or not (self.flax.is_nnx(found[1]) or (plain and self.flax.is_plain(found[1]))):
            return False
        method, class_node = found
        if isinstance(node, cst.Subscript) and all(
            isinstance(e.slice, cst.Index) and isinstance(e.slice.value, cst.Ellipsis) for e in node.slice
        ):
            node = node.value
        elif isinstance(node, cst.Attribute) and node.attr.value == "value":
            node = node.value
        elif isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get_value":
            node = node.func.value  # `self.noise_key.get_value()`
        if not isinstance(node, cst.Attribute):
            return False
        if node.attr.value == "key" and isinstance(node.value, cst.Attribute):  # `self.rngs.<stream>.key`
            holder = node.value.value
            return (
                isinstance(holder, cst.Attribute)
                and isinstance(holder.value, cst.Name)
                and holder.value.value == self_name
                and self.holds_rngs(class_node, holder.attr.value)
            )
        if not (isinstance(node.value, cst.Name) and node.value.value == self_name):
            return False
        if _assigns_attribute(method, self_name, node.attr.value):
            return False
        values = self._init_values(class_node, node.attr.value)
        return bool(values) and all(self._key_value(value, value_scope) for value, value_scope in values)

    def kept_key(self, node: cst.BaseExpression, scope: Scope) -> cst.Attribute | None:
        """For `session.sample_key` read in the body (or a name bound outside it to one): the
        attribute, when it holds a JAX key that an object made outside the body was given or
        made in its `__init__` and that the body's code never sets."""
        if isinstance(node, cst.Name) and not self.code.binds(node.value, scope):
            found = scope.only_binding(node.value)  # `key = session.sample_key` before the loop
            if found is None or not isinstance(found[1], cst.Attribute):
                return None
            scope, node = found[0], found[1]
        if not isinstance(node, cst.Attribute):
            return None
        root = root_name(node)
        if root is None or (self.code.binds(root.value, scope) and not self.code.object_outside(root, scope)):
            return None
        if any(isinstance(t, cst.Attribute) and t.attr.value == node.attr.value for t, _ in self.code.targets):
            return None
        values = self.outside_values(node, scope)
        if values and all(self._key_value(v, s) for v, s in values):
            return node
        # set by another method of the object (`self.request_key = self.rngs.explore()`)
        flowed = self.flax.flow.values(node, scope)
        return node if flowed and all(self._key_value(v, s) for v, s in flowed) else None  # type: ignore[arg-type]

    def is_key_value(self, value: cst.BaseExpression, scope: Scope) -> bool:
        """Whether an expression makes or holds one JAX key (see `_key_value`)."""
        return self._key_value(value, scope)

    def _key_value(self, value: cst.BaseExpression, scope: Scope, depth: int = 0) -> bool:
        """`jax.random.key(17)`, `rngs.imagine()` (a stream drawn once, in `__init__`), or an
        `nnx.Variable` made from one; also through a name bound to one, a parameter of
        `__init__` every construction fills with one, and another module's attribute holding one
        (`GaussianPrior(cfg, self.noise_key, rngs)`)."""
        if depth > 3:
            return False
        followed: list[tuple[cst.BaseExpression, Scope]] | None = None
        if isinstance(value, cst.Name):
            found = scope.only_binding(value.value)
            bound = self.code.bound_arguments.get(found[1]) if found is not None and isinstance(found[1], cst.Param) else None
            if bound is not None:  # `partial(apply_jitter, model, key=rngs.jitter())`
                followed = [bound]
            elif found is not None and isinstance(found[1], cst.Param):
                followed = self._passed_to(found[1], found[0]) or self._passed_by_body(found[1], found[0])
            elif found is not None and isinstance(found[1], cst.BaseExpression):
                followed = [(found[1], found[0])]
        elif isinstance(value, cst.Attribute):
            followed = self._own_attribute_values(value, scope)
        if followed is not None:
            return bool(followed) and all(self._key_value(v, s, depth + 1) for v, s in followed)
        if not isinstance(value, cst.Call):
            return False
        qualified = self.flax.index.qualify(value.func) or ""
        if qualified.startswith("jax.random.") and qualified[len("jax.random.") :] in KEY_MAKERS:
            return True
        if self.flax.is_nnx_variable_class(value.func) and value.args:
            return self._key_value(value.args[0].value, scope, depth + 1)
        returned = self.flax.method_returns(value, scope)  # `strategy.key_for(step)` handing out its key
        if returned:
            return all(self._key_value(v, s, depth + 1) for v, s in returned)
        func = value.func  # `rngs.imagine()`, `self.rngs.explore()`: a stream of an `nnx.Rngs` drawn outside the body
        return (
            not value.args
            and not self.code.is_inside(scope)
            and isinstance(func, cst.Attribute)
            and (
                (isinstance(func.value, cst.Name) and self.rngs_name(func.value, scope))
                or self.is_rngs_attribute(func.value, scope)
            )
        )

    def holds_rngs(self, class_node: cst.ClassDef, attribute: str) -> bool:
        values = self._init_values(class_node, attribute)
        return bool(values) and all(
            (isinstance(v, cst.Call) and self.flax.is_nnx_rngs_class(v.func))
            or (isinstance(v, cst.Name) and self.rngs_name(v, s))
            for v, s in values
        )

    def rngs_name(self, name: cst.Name, scope: Scope, depth: int = 0) -> bool:
        """A parameter annotated `nnx.Rngs`, or that every call or construction in the file
        fills with one (`ModelStore(model, nnx.Rngs(mc=11))`), or a name bound to an
        `nnx.Rngs(...)`."""
        found = scope.only_binding(name.value)
        if found is None or depth > 3:
            return False
        binding = found[1]
        if isinstance(binding, cst.Param):
            annotation = binding.annotation.annotation if binding.annotation is not None else None
            if annotation is not None:
                return self.flax.is_nnx_rngs_class(annotation)
            passed = self._passed_to(binding, found[0]) or self.flax.parameter_arguments(binding, found[0]) or []
            return bool(passed) and all(
                (isinstance(value, cst.Call) and self.flax.is_nnx_rngs_class(value.func))
                or (isinstance(value, cst.Name) and self.rngs_name(value, value_scope, depth + 1))
                for value, value_scope in passed
            )
        return isinstance(binding, cst.Call) and self.flax.is_nnx_rngs_class(binding.func)

    def outside_values(self, node: cst.BaseExpression, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]]:
        """What an outside module the body reads was built from, with the scope of each value."""
        if isinstance(node, cst.Attribute) and isinstance(node.value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            class_node = self._holder_self(node.value, scope)
            if class_node is not None:  # `self.model`: what `__init__` keeps, or a property gives
                return (
                    self._init_values(class_node, node.attr.value)
                    or self._kept_returns(class_node, node.attr.value, property_only=True)
                    or self._made_outside_by_flow(node, scope)  # a descriptor's `__get__`
                )
            # `agent.policy`: what the outside object's class stores there, for every value.
            values: list[tuple[cst.BaseExpression, Scope]] = []
            for value, value_scope in self.outside_values(node.value, scope):
                kind = self._object_kind(value, value_scope, 0)
                held = self._init_values(kind, node.attr.value) if isinstance(kind, cst.ClassDef) else []
                if not held and isinstance(kind, cst.ClassDef):  # `session.model`, a property
                    held = self._kept_returns(kind, node.attr.value, property_only=True)
                if not held:
                    return []
                values += held
            return values
        if isinstance(node, cst.Subscript):  # `self.pool[i]` through a `__getitem__`: by the flow
            return self._element_values(node, scope) or self.flax.flow.values(node, scope) or []  # type: ignore[return-value]
        if isinstance(node, cst.Call):
            return self._getter_returns(node, scope)
        if not isinstance(node, cst.Name):
            return []
        merge = self._merge_of_outside_state(node, scope)
        if merge is not None:
            source = self._split_source(merge, scope)
            return self.outside_values(*source) if source is not None else []
        returned = self._builder_returns(node, scope)
        if returned is not None:
            return returned
        unpacked = self._unpacked(node, scope)
        if unpacked is not None:
            return self._picked(*unpacked)
        parameter = scope.only_binding(node.value)
        if parameter is not None and isinstance(parameter[1], cst.Param):
            found = self._parameter_values(parameter[1], parameter[0], 0)
            if found is None and self._factory_parameter(parameter[1], parameter[0]):
                found = self.flax.flow.values(node, scope)  # type: ignore[assignment]
            return found or []
        found = self._outside_binding(node, scope)
        if found is not None:
            binding_scope, binding = found
            if isinstance(binding, (cst.Attribute, cst.Subscript)):  # `field = self.field`
                return self.outside_values(binding, binding_scope)
            return [(binding, binding_scope)] if isinstance(binding, cst.BaseExpression) else []
        iterated = self._body_loop_over(node, scope)
        if iterated is None and not self.code.binds(node.value, scope):
            # `for rank, scorer in enumerate(pool.members())` around the body
            return self.flax.flow.values(node, scope) or []  # type: ignore[return-value]
        if iterated is None:
            return []
        elements = self.flax.container_elements(iterated, scope)  # `for stage in self.stages`: each stage
        if elements:
            return elements
        flowed = self.flax.flow.values(node, scope) or []  # `list(Gauge.instances)` each `__init__` appends to
        if flowed and not any(self.code.is_inside(value_scope) for _, value_scope in flowed):
            return flowed  # type: ignore[return-value]
        return self.outside_values(iterated, scope)

    def _made_outside_by_flow(self, node: cst.BaseExpression, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]]:
        """The constructions the object flow says an expression may hold, when each is of a
        same-file class, or a copy `nnx.clone(...)` (`self.fast = nnx.clone(self.model)` before
        the loop), and made outside the body; empty otherwise."""
        made = self.flax.flow_instances(node, scope)
        if not made:
            flowed = self.flax.flow.values(node, scope) or []
            made = [
                (value, value_scope) for value, value_scope in flowed
                if isinstance(value, cst.Call) and self.flax.index.qualify(value.func) in NNX_CLONE
            ]
            made = made if len(made) == len(flowed) else []
        if not made or any(self.code.is_inside(made_scope) for _, made_scope in made):
            return []
        return list(made)

    def _getter_returns(self, call: cst.Call, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]]:
        """For `self.registry.resolve(version)` on an outside object whose method only returns
        what the object keeps (`return self._deployments[version]`): what it keeps there."""
        if not isinstance(call.func, cst.Attribute):
            return []
        receiver = call.func.value
        owner = self._holder_self(receiver, scope)
        if owner is not None:
            classes = [owner]
        else:
            classes = [self._object_kind(v, s, 0) for v, s in self.outside_values(receiver, scope)]
        if not classes or not all(isinstance(c, cst.ClassDef) for c in classes):
            return []
        values: list[tuple[cst.BaseExpression, Scope]] = []
        for class_node in classes:
            assert isinstance(class_node, cst.ClassDef)
            kept = self._kept_returns(class_node, call.func.attr.value, property_only=False)
            if not kept:
                return []
            values += kept
        return values

    def _kept_returns(self, class_node: cst.ClassDef, name: str, property_only: bool) -> list[tuple[cst.BaseExpression, Scope]]:
        """What a method of a class (with `property_only`, a property) gives back, when each of
        its returns reads what the object keeps (`return self._pool[store_id]`, `return
        self._model`); empty otherwise."""
        owner = self.flax.index.defining_class(class_node, name)
        method = self.flax.index.method_of(owner, name) if owner is not None else None
        if method is None or is_property(method) != property_only:
            return []
        method_scope = self.flax.index.scope_of[method]
        returned = [r.value for r in returns_of(method)]
        self_name = self.flax.index.self_name(method_scope)
        if not returned or not all(
            isinstance(r, (cst.Attribute, cst.Subscript, cst.Call)) and (root := root_name(_callee(r))) is not None and root.value == self_name
            for r in returned
        ):  # `return self._model`, `return self._pool[name]`, `return self._registry.get(self._name)`
            return []
        values: list[tuple[cst.BaseExpression, Scope]] = []
        for r in returned:
            assert r is not None
            kept = self.outside_values(r, method_scope)
            if not kept:
                return []
            values += kept
        return values

    def _builder_returns(self, name: cst.Name, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """For `model, opt = build(0)` outside the body: what each `return` of the same-file
        `build` gives there, a local name of it followed to its one binding; None for a name
        bound otherwise."""
        found = scope.only_binding(name.value)
        if found is None or not isinstance(found[1], Unpacked) or self.code.is_inside(found[0]):
            return None
        return self.flax.index.unpacked_returns(found[1], found[0])

    def _element_values(self, node: cst.Subscript, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]]:
        """`models["teacher"]`, `nets[0]`: the element a literal key picks from an outside dict,
        list or tuple literal (every value the container may be); `self.sessions[name]`: any
        element of a container the file shows all of (see `FlaxFile.container_elements`)."""
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return []
        key = node.slice[0].slice.value
        if not isinstance(key, (cst.SimpleString, cst.Integer)):
            return self.flax.container_elements(node.value, scope) or []
        return self._picked(node.value, scope, key)

    def _unpacked(self, name: cst.Name, scope: Scope) -> tuple[cst.BaseExpression, Scope, cst.Integer] | None:
        """`student, teacher = models` outside the body: what is unpacked, and the position of
        `name` in the target, for a name bound there and nowhere else."""
        found = scope.lookup(name.value)
        if found is None or len(found[1]) != 1 or isinstance(found[1][0], cst.CSTNode):
            return None
        if self.code.is_inside(found[0]):
            return None
        finder = _TupleAssignment(lambda target: isinstance(target, cst.Name) and target.value == name.value)
        walk(found[0].node, finder)
        if len(finder.found) != 1:
            return None
        value, position = finder.found[0]
        return value, found[0], cst.Integer(str(position))

    def _picked(
        self, container_node: cst.BaseExpression, scope: Scope, key: cst.SimpleString | cst.Integer
    ) -> list[tuple[cst.BaseExpression, Scope]]:
        """The element `key` picks from every literal an outside container may be."""
        found: list[tuple[cst.BaseExpression, Scope]] = []
        containers = self.outside_values(container_node, scope) or (
            [(container_node, scope)] if isinstance(container_node, (cst.Tuple, cst.List, cst.Dict)) else []
        ) or self._returned_literals(container_node, scope)
        for _ in range(3):  # a parameter's value may be a name bound to the literal
            if not any(isinstance(c, cst.Name) for c, _ in containers):
                break
            containers = [
                followed
                for c, c_scope in containers
                for followed in (self.outside_values(c, c_scope) if isinstance(c, cst.Name) else [(c, c_scope)])
            ]
        for container, container_scope in containers:
            picked = literal_element(container, key)
            if picked is None:
                return []
            found.append((picked, container_scope))
        return found

    def _returned_literals(self, node: cst.BaseExpression, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]]:
        """`open_session(spec)` of a same-file function whose every return is a tuple or list
        literal (`return model, optimizer`): those literals, in the function's scope."""
        if not isinstance(node, cst.Call):
            return []
        function = self.flax.index.resolve_callable(node.func, scope)
        if function is None or function.via != "def" or not isinstance(function.node, cst.FunctionDef):
            return []
        returned = [r.value for r in returns_of(function.node)]
        if not returned or not all(isinstance(r, (cst.Tuple, cst.List)) for r in returned):
            return []
        return [(r, function.scope) for r in returned]  # type: ignore[misc]

    def _factory_parameter(self, param: cst.Param, scope: Scope) -> bool:
        """Whether a parameter belongs to a function outside the body's code, other than the one
        running the loop, and is not a method's `self`: a factory's parameter a step it makes
        closes over (`STEPS[name](model)` running `def factory(model): def step(x): model(x)`)."""
        function = scope.node
        if scope in self.code.scopes or scope is self.code.loop.scope or not isinstance(function, cst.FunctionDef):
            return False
        positional = [*function.params.posonly_params, *function.params.params]
        is_self = scope.parent is not None and scope.parent.is_class and positional[:1] == [param]
        return not is_self

    def _parameter_values(
        self, param: cst.Param, scope: Scope, depth: int
    ) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """What every call that fills a parameter passes, followed through parameters that are
        filled the same way (None when a call is not seen or passes nothing): the body's own
        parameters that `functools.partial` fills, a helper's that the body calls, those of
        the module-level function that runs the scan, by every call of it in this file, and
        those of a plain class's `__init__` or methods, by its constructions or calls."""
        if depth > 4:
            return None
        sites: list[tuple[cst.BaseExpression | None, Scope]]
        bound = self.code.bound_arguments.get(param)
        function = scope.node
        if bound is not None:
            sites = [bound]
        elif not isinstance(function, (cst.FunctionDef, cst.Lambda)):
            return None
        elif function in self.code.functions:
            if function is self.code.loop.body.node:  # type: ignore[union-attr]
                return None  # filled by the loop itself: a step value
            sites = []
            for call, call_scope in self.code.entries.get(function, []):
                helper = self.flax.index.resolve_callable(call.func, call_scope)
                if helper is not None and helper.node is function and helper.via == "partial":
                    sites.append((_argument_after_partial(helper, call, param), call_scope))  # `aug = partial(augment, scale=0.1)`
                elif helper is None or helper.node is function and helper.via in ("def", "lambda", "variable", "method"):
                    # also what the body reaches otherwise (`for fn in self.fns: fn(self, loss)`)
                    sites.append((dict(parameters_passed(function, scope, call, call_scope)).get(param), call_scope))
        elif isinstance(function, cst.FunctionDef) and scope.parent is self.flax.index.module_scope:
            sites = [
                (argument_for(function, param, call), call_scope)
                for call, call_scope in self.flax.calls_running(function)
            ]
        else:  # a plain class's `__init__` or method: what its constructions or calls pass
            passed = self.flax.parameter_arguments(param, scope)
            if passed is None:
                return None
            sites = list(passed)
        values: list[tuple[cst.BaseExpression, Scope]] = []
        for value, value_scope in sites:
            if value is None:
                return None
            inner = value_scope.only_binding(value.value) if isinstance(value, cst.Name) else None
            if inner is not None and isinstance(inner[1], cst.Param) and self._holder_self(value, value_scope) is None:
                followed = self._parameter_values(inner[1], inner[0], depth + 1)
                if followed is None:
                    return None
                values += followed
            elif isinstance(value, cst.Attribute) and value not in self._attributes_followed:
                # `self.schedule.apply_mode(self.model)`: what the caller's `self.model` holds
                self._attributes_followed.add(value)
                try:
                    values += self.outside_values(value, value_scope) or [(value, value_scope)]
                finally:
                    self._attributes_followed.discard(value)
            else:
                values.append((value, value_scope))
        return values or None

    def _body_loop_over(self, name: cst.Name, scope: Scope) -> cst.BaseExpression | None:
        return body_loop_over(self.code, name, scope)

    def holdings(
        self,
        value: cst.BaseExpression,
        scope: Scope,
        seen: frozenset[cst.CSTNode],
        construction: _Construction | None = None,
    ) -> list[HeldState]:
        """The mutable state a module built by `value` holds ('an `nnx.Dropout`', 'RNG
        streams', ...; empty when stateless or not known): the layer itself, the layers a
        container is built from (`nnx.Sequential(...)`, `nnx.List([...])`, `nnx.Dict(...)`,
        a list, tuple or dict), or what a same-file NNX class's `__init__` stores on `self`."""
        if value in seen:
            return []
        seen = seen | {value}
        if isinstance(value, (cst.List, cst.Tuple, cst.Set)):
            return [h for e in value.elements for h in self.holdings(e.value, scope, seen, construction)]
        if isinstance(value, cst.Dict):
            return [
                h
                for e in value.elements
                if isinstance(e, cst.DictElement)
                for h in self.holdings(e.value, scope, seen, construction)
            ]
        if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
            return self.holdings(value.elt, scope, seen, construction)
        if isinstance(value, cst.IfExp):  # held only when both branches hold state
            branches = [self.holdings(b, scope, seen, construction) for b in (value.body, value.orelse)]
            return branches[0] if all(branches) else []
        own = self._own_attribute_values(value, scope)
        if own is not None:  # `Block(self.norm)` in `__init__`
            per_value = [self.holdings(v, s, seen, construction) for v, s in own]
            return per_value[0] if per_value and all(per_value) else []
        if isinstance(value, cst.Name):
            found = scope.only_binding(value.value)
            if found is None:  # `r` in `deque(Replica(r) for r in rankers)`: what the flow gives
                flowed = self.flax.flow.values(value, scope) or []
                per_value = [self.holdings(each, each_scope, seen) for each, each_scope in flowed if isinstance(each, cst.BaseExpression)]
                return per_value[0] if per_value and len(per_value) == len(flowed) and all(per_value) else []
            binding_scope, binding = found
            if isinstance(binding, cst.Param):
                # Held only when every construction followed passes a module that holds state.
                sites = self._passed_to(binding, binding_scope, construction) or (
                    self.flax.parameter_arguments(binding, binding_scope)  # `calibrate(model, batch)`
                    or self.flax.flow.values(value, scope)  # `_ANALYSERS[name](model, **options)`
                    or []
                    if construction is None
                    else []
                )
                per_site = [self.holdings(passed, passed_scope, seen) for passed, passed_scope in sites]
                return per_site[0] if per_site and all(per_site) else []
            if isinstance(binding, cst.BaseExpression):
                return self.holdings(binding, binding_scope, seen, construction)
            return []
        if not isinstance(value, cst.Call):
            return []
        if self.flax.index.qualify(value.func) in _BRIDGE_TO_NNX and (keyword_argument(value, "rngs") is not None or len(value.args) > 1):
            # `bridge.ToNNX(linen_module, rngs=rngs)` draws from its streams at every call
            return [HeldState("an `nnx.bridge.ToNNX` given `rngs`, which draws from its RNG streams at every call")]
        kind = self.flax.nnx_module_class(value.func, scope)
        if kind is None:  # `factory(hidden, rngs=...)` with `factory` given a class: by the flow
            flowed = self.flax.local_class(value.func, scope)
            kind = flowed if flowed is not None and self.flax.is_nnx(flowed) else None
        if kind in NNX_CONTAINERS:
            return [h for arg in value.args for h in self.holdings(arg.value, scope, seen, construction)]
        if kind == "MultiHeadAttention" and is_true(keyword_argument(value, "decode")):
            return [HeldState("an `nnx.MultiHeadAttention` built with `decode=True` (its KV cache)")]
        if isinstance(kind, str):
            switch = STATEFUL_NNX.get(kind)
            if switch is not None and self._counting_mode_layers:
                return [HeldState(f"an `nnx.{kind}`", mode_switchable=True)]
            if switch is None or is_true(keyword_argument(value, switch)):
                return []
            if kind == "Dropout" and not _holds_rngs(value):
                return []  # it draws only from the `rngs` each call passes
            if self._modes_switched():
                return []  # `model.eval()` may have turned it off: not known here
            return [HeldState(f"an `nnx.{kind}`", mode_switchable=True)]
        if isinstance(kind, cst.ClassDef) and kind not in seen:
            return self._class_holds(kind, seen | {kind}, _Construction(kind, value, scope))
        if (
            kind is None
            and isinstance(value.func, cst.Subscript)
            and isinstance(value.func.value, cst.Name)
            and self.flax.index.registered_classes(value.func.value, scope)
        ):
            return self._registry_holds(value, value.func.value, scope, seen)
        picked = self.flax.index.table_constructions(value, scope) if kind is None else None
        if picked is not None:  # `LAYERS[name](d, rngs)`: what each entry picked builds
            constructions, every = picked
            per_entry = [self.holdings(made, made_scope, seen) for made, made_scope in constructions]
            if every:  # `[LAYERS[name](...) for name, d in spec]`: each entry is built
                return [h for held in per_entry for h in held]
            return per_entry[0] if per_entry and all(per_entry) else []
        if kind is None:
            return self._factory_holds(value, scope, seen)
        return []

    def _registry_holds(self, call: cst.Call, registry: cst.Name, scope: Scope, seen: frozenset[cst.CSTNode]) -> list[HeldState]:
        """`POLICIES[cfg.policy](obs_dim, act_dim, rngs=rngs)`: the state every NNX class the
        registry holds keeps when built so, when each of them keeps some."""
        classes = self._picked_classes(call, registry, scope) or self.flax.index.registered_classes(registry, scope) or []
        # A subclass without its own `__init__` keeps what its base's `__init__` stores.
        builders = [self.flax.index.defining_class(c, "__init__") for c in classes]
        if not builders or any(b is None or not self.flax.is_nnx(b) or b in seen for b in builders):
            return []
        per_class = [self._class_holds(b, seen | {b}, _Construction(b, call, scope)) for b in builders if b is not None]
        return per_class[0] if all(per_class) else []

    def _picked_classes(self, call: cst.Call, registry: cst.Name, scope: Scope) -> list[cst.ClassDef] | None:
        """The classes a registry pick may build, when its key is known (`MODELS[cfg.model]`
        with the config's `model` field left at `"current"`); None when it is not."""
        pick = call.func
        assert isinstance(pick, cst.Subscript)
        picked = self.flax.index.registry_picks(pick, scope)
        if picked is None and len(pick.slice) == 1 and isinstance(pick.slice[0].slice, cst.Index):
            keys = run_flags(self.flax).values(pick.slice[0].slice.value, scope)
            picked = self.flax.index.registry_entries(registry, scope, keys) if keys else None  # type: ignore[assignment]
        if picked is None or not all(isinstance(p, cst.ClassDef) for p in picked):
            return None
        return picked  # type: ignore[return-value]

    def _factory_holds(self, call: cst.Call, scope: Scope, seen: frozenset[cst.CSTNode]) -> list[HeldState]:
        """The state what a same-file factory function returns holds (`model = make_model()`),
        when every return holds state. A layer the factory switches off or on by one of its own
        parameters (`nnx.Dropout(0.5, deterministic=deterministic)`) depends on the call: unknown."""
        found = self.flax.index.factory_of(call, scope)
        if found is None:
            # `factory()` filled with `lambda: Pricer(...)`, a getter's object: what each
            # construction `instances` finds there holds, when each holds some
            made = [(c, c_scope) for c, c_scope in self.flax.instances(call, scope) or [] if c is not call]
            held_by_each = [self.holdings(made_call, made_scope, seen) for made_call, made_scope in made]
            return held_by_each[0] if held_by_each and all(held_by_each) else []
        if found is None or found[1] in seen:
            return []
        factory = found[1]
        factory_scope = self.flax.index.scope_of[factory]
        switches = _SwitchKeywords(frozenset(STATEFUL_NNX.values()))
        walk(factory.body, switches)
        for value in switches.values:
            names = NameCollector()
            walk(value, names)
            params = [
                binding[1]
                for name in names.names
                if (binding := factory_scope.only_binding(name)) is not None and isinstance(binding[1], cst.Param)
            ]
            if not params:
                continue
            given = argument_for(factory, params[0], call) or params[0].default
            if not (isinstance(value, cst.Name) and isinstance(given, cst.Name) and given.value == "False"):
                return []  # switched off here, or not known: only a visible `False` counts
        returns = returns_of(factory)
        held = [
            self.holdings(r.value, factory_scope, seen | {factory}) if r.value is not None else []
            for r in returns
        ]
        return held[0] if held and all(held) else []

    def rngs_drawn_by(self, class_node: cst.ClassDef, name: str, depth: int = 0) -> str | None:
        """The draw by which a method of a same-file NNX class takes randomness from an
        `nnx.Rngs` its `__init__` stores (`self.rngs.action()`), itself or through the
        `self.method(...)` calls it makes and the modules it holds that it calls
        (`self.jitter(h)`); None when it draws none."""
        method = self.flax.index.method_of(class_node, name)
        if method is None or depth > 3:
            return None
        updates = _OwnStateUpdates(self.flax.index.self_name(self.flax.index.scope_of[method]))
        walk(method.body, updates)
        for attribute, call in updates.attribute_calls:
            values = self._init_values(class_node, attribute)
            if values and all(self._is_rngs_value(v, s) for v, s in values):
                return self.flax.index.module.code_for_node(call.func) + "()"
            if attribute != name and self.flax.index.method_of(class_node, attribute) is not None:
                inner = self.rngs_drawn_by(class_node, attribute, depth + 1)
                if inner is not None:
                    return inner
            held = self.held_module_class(class_node, attribute)
            called = held_method_called(call)
            if held is not None and called is not None:  # `self.jitter(h)`: a module it holds draws
                inner = self.rngs_drawn_by(held, called, depth + 1)
                if inner is not None:
                    return inner
        return None

    def held_module_class(self, class_node: cst.ClassDef, attribute: str) -> cst.ClassDef | None:
        """The one same-file class of the objects a class's `__init__` stores in
        `self.<attribute>` (`self.jitter = Jitter(width, rngs=rngs)`); None otherwise."""
        kinds = [self._object_kind(v, s, 0) for v, s in self._init_values(class_node, attribute)]
        if kinds and all(isinstance(k, cst.ClassDef) and k is kinds[0] for k in kinds):
            return kinds[0]  # type: ignore[return-value]
        return None

    def _method_changes_state(
        self, class_node: cst.ClassDef, name: str, depth: int = 0, omitted: frozenset[str] = frozenset()
    ) -> StateChange | None:
        """The code by which a method of a same-file NNX class changes the object's own state,
        itself or through the `self.method(...)` calls it makes: an assignment to `self...`,
        `self.sow(...)`, or a draw from an `nnx.Rngs` its `__init__` stores (`self.rngs.action()`).
        `omitted` names the method's parameters that every call leaves at their `None` default.
        A method the class inherits (a mixin's `_count_call`) changes the object's state too."""
        owner = self.flax.index.defining_class(class_node, name)
        method = self.flax.index.method_of(owner, name) if owner is not None else None
        if method is None or depth > 3:
            return None
        updates = _OwnStateUpdates(self.flax.index.self_name(self.flax.index.scope_of[method]))
        walk(method.body, updates)
        if self._modes_switched():  # `if self.deterministic: return x` before a draw: `eval()` may skip it
            updates.targets = [t for t in updates.targets if not self._under_mode_test(t)]
            updates.attribute_calls = [(a, c) for a, c in updates.attribute_calls if not self._under_mode_test(c)]
        code_of = self.flax.index.module.code_for_node
        if not self.flax.is_nnx(class_node):  # a plain object's own attributes are Python state (SCN106's)
            updates.targets = [t for t in updates.targets if self._held_nnx_state(class_node, t)]
        if updates.first_use and call_order(self.flax).runs_before(self.code.loop.call, {method}) is True:
            # the method ran before the loop, so the attribute it adds on first use is there
            updates.targets = [t for t in updates.targets if t not in updates.first_use]
        if updates.targets:
            return StateChange(code_of(updates.targets[0]))
        for attribute, call in updates.attribute_calls:
            if self.flax.is_nnx(class_node) and self._python_container_updated(class_node, attribute, call):
                return StateChange(code_of(call.func), python_container=True)  # a plain object's: SCN106
        for attribute, call in updates.attribute_calls:
            values = self._init_values(class_node, attribute)
            if values and all(self._is_rngs_value(v, s) for v, s in values) and not self._under_optional_argument(call, method, omitted):
                return StateChange(code_of(call.func) + "(...)")
        if name != "__call__" or depth > 0:  # a top-level `__call__`'s, `_class_holds` finds through `__init__`
            for attribute, call in updates.attribute_calls:
                if self._held_layer_called(class_node, attribute, call):
                    return StateChange(code_of(call.func) + "(...)")
        for attribute, call in updates.attribute_calls:
            func = call.func  # `self.opt.update(self.model, grads)`: an optimizer (or a metric) held on self
            if isinstance(func, cst.Attribute) and func.attr.value == "update" and isinstance(func.value, cst.Attribute):
                kinds = [self._object_kind(v, s, 0) for v, s in self._init_values(class_node, attribute)]
                if kinds and (all(k == OUTSIDE_OPTIMIZER for k in kinds) or all(k == OUTSIDE_METRIC for k in kinds)):
                    return StateChange(code_of(func) + "(...)")
        for call in _calls_of_transforms(self, method):
            return StateChange(code_of(call.func) + "(...)")
        for attribute, call in updates.attribute_calls:
            func = call.func  # `self.attn.decode_one(h)`: a method of a module held on self
            if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute)):
                continue
            if func.value.attr.value != attribute or not isinstance(func.value.value, cst.Name):
                continue
            held = self.held_module_class(class_node, attribute)
            if held is not None:
                found = self._method_changes_state(held, func.attr.value, depth + 1)
                if found is not None:
                    return found.through(code_of(func) + "(...)")
        loops = _LoopedElementCalls(self.flax.index.self_name(self.flax.index.scope_of[method]))
        walk(method.body, loops)
        for attribute, call, called in loops.found:  # `for block in self.blocks: block.decode(x)`
            kinds = [k for v, s in self._init_values(class_node, attribute) for k in self._element_kinds(v, s)]
            if kinds and all(isinstance(k, cst.ClassDef) and k is kinds[0] for k in kinds):
                found = self._method_changes_state(kinds[0], called, depth + 1)  # type: ignore[arg-type]
                if found is not None:
                    return found.through(code_of(call.func) + "(...)")
        for called, _ in updates.attribute_calls:
            if called != name:
                found = self._method_changes_state(class_node, called, depth + 1)
                if found is not None:
                    return found
        return None

    def _under_optional_argument(self, node: cst.CSTNode, method: cst.FunctionDef, omitted: frozenset[str] = frozenset()) -> bool:
        """Whether code of a method runs only as the caller leaves out an optional argument
        (`key = self.rngs.augment() if key is None else key`): which calls take it is not known,
        unless every call leaves that argument out (`omitted`), so each one takes it."""
        parameters = {p.name.value for p in (*method.params.posonly_params, *method.params.params, *method.params.kwonly_params)}
        for condition, needed in run_flags(self.flax).conditions(node):
            tested = none_test(condition)
            if tested is not None and tested[0].value in parameters:
                if tested[0].value in omitted and tested[1] == needed:
                    continue  # `key is None`, and no call passes a key
                return True
        return False

    def _under_mode_test(self, node: cst.CSTNode) -> bool:
        """Whether code of a module's method runs only as a mode attribute that `eval()` and
        `train()` set decides (`if self.deterministic: return x` before it, or under `if not
        self.use_running_average:`)."""
        for condition, _ in run_flags(self.flax).conditions(node):
            names = _AttributeNames()
            walk(condition, names)
            if names.names & _MODE_ATTRIBUTES:
                return True
        return False

    def _element_kinds(self, value: cst.BaseExpression, scope: Scope) -> list[str | cst.ClassDef | None]:
        """The kinds of the objects a container `__init__` stores is built from:
        `nnx.List([Block(...) for _ in range(n)])`, `[A(...), B(...)]`."""
        if isinstance(value, cst.Call) and self.flax.nnx_module_class(value.func, scope) in NNX_CONTAINERS:
            return [k for arg in value.args[:1] for k in self._element_kinds(arg.value, scope)]
        if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
            return [self._object_kind(value.elt, scope, 0)]
        if isinstance(value, (cst.List, cst.Tuple)):
            return [self._object_kind(e.value, scope, 0) for e in value.elements]
        return [None]

    def _held_nnx_state(self, class_node: cst.ClassDef, target: cst.BaseExpression) -> bool:
        """Whether an assignment in a method of a plain class changes an NNX object it holds
        (`self.count.value += 1` with `self.count = nnx.Variable(...)`), not its own attribute."""
        inner = target
        while isinstance(inner, (cst.Attribute, cst.Subscript)) and isinstance(inner.value, (cst.Attribute, cst.Subscript)):
            inner = inner.value
        if inner is target or not isinstance(inner, cst.Attribute):
            return False  # `self.best = ...`, `self.history[k] = ...`: the object's own state
        kinds = [self._object_kind(v, s, 0) for v, s in self._init_values(class_node, inner.attr.value)]
        return bool(kinds) and all(k is not None and _nnx_kind(self.flax, k) is not None for k in kinds)

    def _python_container_updated(self, class_node: cst.ClassDef, attribute: str, call: cst.Call) -> bool:
        """`self.records.append(h)`: a call that adds to a Python list, dict or set that
        `__init__` stores on `self` (`self.records = []`)."""
        func = call.func
        if not (
            isinstance(func, cst.Attribute)
            and func.attr.value in CONTAINER_UPDATES
            and isinstance(func.value, cst.Attribute)
            and func.value.attr.value == attribute
            and isinstance(func.value.value, cst.Name)
        ):
            return False
        values = self._init_values(class_node, attribute)
        return bool(values) and all(_python_container(value) for value, _ in values)

    def outside_container_updated(self, call: cst.Call, scope: Scope) -> bool:
        """`model.history.append(h)` in the body: a call that adds to a Python list, dict or set
        that an outside NNX object's `__init__` stores (see `_python_container_updated`); a
        plain object's are Python state, SCN106's."""
        func = call.func
        if not (
            isinstance(func, cst.Attribute)
            and func.attr.value in CONTAINER_UPDATES
            and isinstance(func.value, cst.Attribute)
        ):
            return False
        holder = func.value.value
        if isinstance(holder, cst.Name):  # `self.frames.append(out)` in a method the body runs
            owner = scope.lookup(holder.value)
            own_class = self._holder_self(holder, owner[0]) if owner is not None else None
            if own_class is not None and self.flax.is_nnx(own_class) and self.code.object_outside(holder, scope):
                return self._python_container_updated(own_class, func.value.attr.value, call)
        owners = self.outside_values(holder, scope)
        kinds = [self._object_kind(value, value_scope, 0) for value, value_scope in owners]
        return bool(kinds) and all(
            isinstance(kind, cst.ClassDef)
            and self.flax.is_nnx(kind)
            and self._python_container_updated(kind, func.value.attr.value, call)
            for kind in kinds
        )

    def _held_layer_called(self, class_node: cst.ClassDef, attribute: str, call: cst.Call) -> bool:
        """`self.bn(x)` in a method: a call of a layer `__init__` stores on `self` that changes
        its own state when called (a training-mode BatchNorm, a Dropout with streams of its own),
        not switched off or handed fresh streams at the call."""
        if not (isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name)):
            return False  # `self.bn.method(...)`: not the layer's own call
        if any(is_true(keyword_argument(call, k)) for k in STATEFUL_NNX.values()):
            return False
        if mode_given_by_caller(call):
            return False  # `self.drop(h, deterministic=deterministic)`: the mode each caller passes is not known here
        rngs_passed = keyword_argument(call, "rngs") is not None
        held = [
            [h for h in self.holdings(v, s, frozenset()) if not (rngs_passed and h == DROPOUT)]
            for v, s in self._init_values(class_node, attribute)
        ]
        return bool(held) and all(held)

    def _modes_switched(self) -> bool:
        """Whether the file switches NNX modules to evaluation mode (`.eval()`,
        `.set_attributes(...)`), which stops Dropout and BatchNorm from changing state; not for a
        module switched to training just before the loop (see `_trained_before_loop`)."""
        if self._trained:
            return False
        flags = run_flags(self.flax)
        switches = [
            call
            for call in all_calls(self.flax.index)
            if isinstance(call.func, cst.Attribute) and call.func.attr.value in ("eval", "set_attributes")
        ]
        # `if not cfg.train: model.eval()` with a config the file leaves training: never runs.
        switches = [call for call in switches if not flags.never_runs(call) and not self._after_loop(call, flags)]
        switches = [call for call in switches if not _switches_to_training(call, flags)]
        return any(self._may_switch(call, flags) for call in switches)

    def _after_loop(self, switch: cst.Call, flags: RunFlags) -> bool:
        """Whether a mode switch outside the body's code runs only after the loop, or never, in
        the program the file shows (`pool.eval_all()` that `main` calls after the run, or never
        calls): see `CallOrder.runs_before`."""
        if flags.scope_at(switch).node in self.code.functions:
            return False
        return call_order(self.flax).runs_before(self.code.wrapped_call or self.code.loop.call, (), [switch]) is False

    def _may_switch(self, switch: cst.Call, flags: RunFlags) -> bool:
        """Whether a mode switch may reach the module the body calls: not when both are known
        constructions made outside any class, and the switched one is another object, not built
        from the called one (`self.teacher.eval()` leaves the student it is handed beside in
        training)."""
        called = self.flax.instances(*self._called) if self._called is not None else None
        assert isinstance(switch.func, cst.Attribute)
        switched = self.flax.instances(switch.func.value, flags.scope_at(switch))
        if not called or not switched or any(made_scope.enclosing_class() is not None for _, made_scope in called):
            return True  # unknown, or a layer some module builds: switching that module reaches it
        objects = [made for made, _ in called]
        return any(
            any(made is inner for inner in objects)
            or made_scope.enclosing_class() is not None  # a layer some module builds: it may be the called one's
            or any(_built_from(made, made_scope, inner) for inner in objects)
            for made, made_scope in switched
        )

    def _class_holds(
        self, class_node: cst.ClassDef, seen: frozenset[cst.CSTNode], construction: _Construction
    ) -> list[HeldState]:
        """The state a same-file NNX class holds: what its `__init__` stores on `self`, with the
        layers this construction passes to it (`Block(drop=nnx.Dropout(0.1, rngs=rngs))`), and
        the attributes or variables its `__call__` assigns (`self.calls.value += 1`)."""
        held: list[HeldState] = []
        changed = self._method_changes_state(class_node, "__call__")
        if changed is not None:
            held.append(changed.held_by("__call__"))
        builder = self.flax.index.defining_class(class_node, "__init__")  # a subclass runs its base's
        init = self.flax.index.method_of(builder, "__init__") if builder is not None else None
        if builder is None or init is None:
            return held
        init_scope = self.flax.index.scope_of[init]
        for attribute, values in self.flax.self_attribute_values(builder, "__init__").items():
            keyed = self._always_given_rngs(builder, attribute)
            for value in values:
                # An `nnx.Rngs` kept on `self` changes only when drawn from: `__call__` drawing
                # (`self.rngs.noise()`) is found above; merely holding it is not a change.
                if not self._is_rngs_value(value, init_scope):
                    held += [h for h in self.holdings(value, init_scope, seen, construction) if not (keyed and h == DROPOUT)]
        base_init = self.flax.index.base_init_call(builder, init)
        if base_init is not None and base_init[1] not in seen and self.flax.is_nnx(base_init[1]):
            # `super().__init__(d_in, d_out, rngs=rngs)`: what the base's `__init__` stores too
            call, base = base_init
            held += [
                h
                for h in self._class_holds(base, seen | {base}, _Construction(base, call, init_scope))
                if h not in held
            ]
        return held

    def _always_given_rngs(self, class_node: cst.ClassDef, attribute: str) -> bool:
        """Whether every call the class's methods make of `self.<attribute>` passes `rngs=`
        (`self.drop(h, rngs=key)`): a Dropout called so draws from what it is given, which may
        not be its own streams."""
        calls = []
        for statement in class_node.body.body:
            if not isinstance(statement, cst.FunctionDef):
                continue
            self_name = self.flax.index.self_name(self.flax.index.scope_of[statement])
            finder = CallFinder()
            walk(statement.body, finder)
            calls += [
                call
                for call in finder.calls
                if isinstance(call.func, cst.Attribute)
                and isinstance(call.func.value, cst.Name)
                and call.func.value.value == self_name
                and call.func.attr.value == attribute
            ]
        return bool(calls) and all(self._given(keyword_argument(call, "rngs"), call) for call in calls)

    def _given(self, rngs: cst.BaseExpression | None, call: cst.Call) -> bool:
        """Whether a `rngs=` argument is surely a key or streams: not `None`, nor a parameter
        that defaults to `None` (`key=None`: the layer then draws from its own streams) unless
        every call of its method passes one (see `_always_passed`)."""
        if rngs is None or (isinstance(rngs, cst.Name) and rngs.value == "None"):
            return False
        if isinstance(rngs, cst.Name):
            found = run_flags(self.flax).scope_at(call).only_binding(rngs.value)
            if found is not None and isinstance(found[1], cst.Param) and found[1].default is not None:
                return self._always_passed(found[1], found[0])
        return True

    def _always_passed(self, param: cst.Param, scope: Scope) -> bool:
        """Whether every call this file shows of the method a parameter belongs to (`key=None` in
        `Grader.__call__`) passes something for it that is not None: a call of an object of the
        class (`masker(key=augment_key)`) or of the method on one (`model.sample(x, key)`).
        Calls on objects not known are not counted."""
        method, owner = scope.node, scope.parent.node if scope.parent is not None else None
        if not isinstance(method, cst.FunctionDef) or not isinstance(owner, cst.ClassDef):
            return False
        flags = run_flags(self.flax)
        name = method.name.value
        sites = []
        for site in all_calls(self.flax.index):
            func = site.func
            if name == "__call__":
                receiver = func
            elif isinstance(func, cst.Attribute) and func.attr.value == name:
                receiver = func.value
            else:
                continue
            if not isinstance(receiver, (cst.Name, cst.Attribute, cst.Subscript)):
                continue
            site_scope = flags.scope_at(site)
            if isinstance(receiver, cst.Name) and self.flax.self_class(receiver, site_scope) is owner:
                sites.append((site, site_scope))
                continue
            made = self.flax.instances(receiver, site_scope)
            if made and all(self.flax.local_class(c.func, c_scope) is owner for c, c_scope in made):
                sites.append((site, site_scope))
        if not sites:
            return False
        for site, site_scope in sites:
            passed = dict(parameters_passed(method, scope, site, site_scope)).get(param)
            if passed is None or (isinstance(passed, cst.Name) and passed.value == "None"):
                return False
            if isinstance(passed, cst.Name):
                bound = site_scope.only_binding(passed.value)
                if bound is not None and isinstance(bound[1], cst.Param) and bound[1].default is not None:
                    return False
        return True


def _switches_to_training(switch: cst.Call, flags: RunFlags) -> bool:
    """`model.set_attributes(use_running_average=self.mode != "train")` whose every mode
    keyword is surely False in the run the file shows: it leaves the layers training."""
    assert isinstance(switch.func, cst.Attribute)
    if switch.func.attr.value != "set_attributes":
        return False
    modes = [arg.value for arg in switch.args if arg.keyword is not None and arg.keyword.value in _MODE_ATTRIBUTES]
    if not modes or len(modes) != len(switch.args):
        return False
    scope = flags.scope_at(switch)
    return all((found := flags.values(mode, scope)) is not None and found == {False} for mode in modes)


def training_dropout(flax: FlaxFile, method: cst.FunctionDef, call: cst.Call) -> bool:
    """`self.drop(h, rngs=key)` in a method of a same-file NNX module or plain class whose
    `__init__` stores an `nnx.Dropout` there, not built `deterministic=True`: the layer draws
    from the key it is given when the call passes `deterministic=False`, or passes nothing and
    the file never switches NNX modes (`.eval()`, `.set_attributes(...)`)."""
    method_scope = flax.index.scope_of[method]
    owner = method_scope.enclosing_class()
    if owner is None or not (flax.is_nnx(owner) or flax.is_plain(owner)):
        return False
    stored = flax.index.stored_by_init(call.func, method_scope) if isinstance(call.func, cst.Attribute) else None
    construction = stored[0] if stored is not None else None
    if not isinstance(construction, cst.Call) or flax.nnx_module_class(construction.func, stored[1]) != "Dropout":
        return False
    if keyword_argument(construction, "deterministic") is not None:
        return False
    deterministic = keyword_argument(call, "deterministic")
    if deterministic is not None:
        return isinstance(deterministic, cst.Name) and deterministic.value == "False"
    return not any(
        isinstance(c.func, cst.Attribute) and c.func.attr.value in ("eval", "set_attributes") for c in all_calls(flax.index)
    )


def _built_from(construction: cst.Call, scope: Scope, inner: cst.Call) -> bool:
    """Whether a construction is given an object anywhere in its arguments, in place or by a
    name bound to it (`Wrapper(student)`, `Ensemble([student, other])` with `student =
    Net(...)`): a switch of the outer one reaches it."""
    return _mentions([arg.value for arg in construction.args], scope, inner, 0)


def _mentions(values: Sequence[cst.BaseExpression], scope: Scope, inner: cst.Call, depth: int) -> bool:
    found = _NamesAndCalls()
    for value in values:
        walk(value, found)
    if any(call is inner for call in found.calls):
        return True
    for name in found.names:
        bound = scope.only_binding(name.value)
        if bound is None:
            continue
        if bound[1] is inner:
            return True
        if isinstance(bound[1], cst.BaseExpression) and depth < 3 and _mentions([bound[1]], bound[0], inner, depth + 1):
            return True
    return False


class _NamesAndCalls(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: list[cst.Name] = []
        self.calls: list[cst.Call] = []

    def visit_Name(self, node: cst.Name) -> None:
        self.names.append(node)

    def visit_Call(self, node: cst.Call) -> None:
        self.calls.append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        walk(node.value, self)  # `cfg.model`: only the object read, not the attribute's name
        return False


def _statement_calls(function: cst.FunctionDef) -> list[tuple[cst.BaseStatement, frozenset[cst.Call]]]:
    """A function's statements, each with the calls in it."""
    body = function.body
    found = []
    for statement in body.body if isinstance(body, cst.IndentedBlock) else []:
        calls = CallFinder()
        walk(statement, calls)
        found.append((statement, frozenset(calls.calls)))
    return found


def _last_mode_switch(statements: list[tuple[cst.BaseStatement, frozenset[cst.Call]]], name: str, call: cst.Call) -> str | None:
    """The last mode switch (`eval`, `train`, `set_attributes`) of the module a name (`model`,
    `self.model`) holds, among a function's statements (see `_statement_calls`) before the one
    holding `call`: None when there is none, "unknown" when one sits in a branch or a loop."""
    mode = None
    for statement, calls in statements:
        if call in calls:
            return mode
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                switch = small.value if isinstance(small, cst.Expr) else None
                if (
                    isinstance(switch, cst.Call)
                    and isinstance(switch.func, cst.Attribute)
                    and dotted(switch.func.value) == name
                    and switch.func.attr.value in MODE_SWITCHES
                ):
                    mode = switch.func.attr.value
        elif any(isinstance(c.func, cst.Attribute) and c.func.attr.value in MODE_SWITCHES for c in calls):
            mode = "unknown"  # switched in a branch or a loop
    return None


def _callee(node: cst.BaseExpression | None) -> cst.BaseExpression:
    """What a call calls (`self._registry.get` for `self._registry.get(name)`); anything else
    as it is."""
    while isinstance(node, cst.Call):
        node = node.func
    assert node is not None
    return node


def _one_kind(kinds: list[str | cst.ClassDef | None]) -> str | cst.ClassDef | None:
    """The kind every value shown agrees on; None when there is none, or they differ."""
    return kinds[0] if kinds and kinds[0] is not None and all(k == kinds[0] for k in kinds) else None


def _nnx_kind(flax: FlaxFile, kind: str | cst.ClassDef) -> str | None:
    """How a message names an outside object's kind; None for a plain class's object, which
    holds NNX objects but is not NNX state itself."""
    if isinstance(kind, str):
        return kind
    return "an NNX module" if flax.is_nnx(kind) else None


def _calls_of_transforms(state: OutsideNnxState, method: cst.FunctionDef) -> list[cst.Call]:
    """Calls in a method that hand an NNX module its object holds (`self.model`) to an NNX
    transform (`nnx.value_and_grad(loss)(self.model, x)`), or write state into one
    (`nnx.update(self.mean_model, new_state)`)."""
    method_scope = state.flax.index.scope_of[method]
    class_node = method_scope.enclosing_class()
    self_name = state.flax.index.self_name(method_scope)
    found = []
    calls = CallFinder()
    walk(method.body, calls)
    for call in calls.calls:
        if class_node is None or self_name is None:
            continue
        updates = state.flax.index.qualify(call.func) in NNX_STATE_UPDATES
        if not updates and state.nnx_transform(call.func, method_scope) is None:
            continue
        for arg in call.args[:1] if updates else call.args:
            value = arg.value
            if isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) and value.value.value == self_name:
                kinds = [state._object_kind(v, s, 0) for v, s in state._init_values(class_node, value.attr.value)]
                if kinds and all(k is not None for k in kinds):
                    found.append(call)
                    break
    return found


def _every_param(params: cst.Parameters) -> list[cst.Param]:
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    every += [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    return every


_MODE_ATTRIBUTES = frozenset({"deterministic", "use_running_average"})  # what `eval()`/`train()` set


class _AttributeNames(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.names.add(node.attr.value)


class _OwnStateUpdates(cst.CSTVisitor):
    """Assignments a method makes to its own `self` (`self.calls.value += 1`, `self.cache =
    ...`, `self.count[...] = ...`, `setattr(self, name, ...)`) and variables it stores with
    `self.sow(...)`, not in nested functions, which run only if called."""

    def __init__(self, self_name: str | None) -> None:
        self.self_name = self_name
        self.targets: list[cst.BaseExpression] = []
        self.attribute_calls: list[tuple[str, cst.Call]] = []  # `self.<name>...(...)`, by <name>
        self.aliases: set[str] = set()  # local names bound to what `self` holds
        self.tests: list[cst.BaseExpression] = []  # the tests of the `if` statements around a node
        # `setattr(self, ...)` under `if not hasattr(self, name):`: done on the first call only
        self.first_use: set[cst.Call] = set()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._add(target.target)
        value = node.value
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) and (
            isinstance(value, cst.Attribute) and (root := root_name(value)) is not None and root.value == self.self_name
            or isinstance(value, cst.Call) and (owner := getattr_owner(value, None)) is not None and owner.value == self.self_name
        ):
            self.aliases.add(node.targets[0].target.value)  # `counter = self.hits`, `getattr(self, name)`

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._add(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._add(node.target)

    def visit_Call(self, node: cst.Call) -> None:
        # `self.sow(nnx.Intermediate, "h", h)` and `self.perturb(...)` store a variable on self.
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("sow", "perturb"):
            self._add(func)
        owner = node.args[0].value if isinstance(func, cst.Name) and func.value == "setattr" and node.args else None
        if isinstance(owner, cst.Name) and owner.value == self.self_name:
            self.targets.append(node)  # `setattr(self, name, nnx.Linear(...))`: a new attribute
            if any(self._tests_missing_attribute(test) for test in self.tests):
                self.first_use.add(node)
        # `self.rngs.action()`, `self.rngs()`: a call on an attribute of self (what it holds
        # decides); `self.helper(x)`: a method of the object, followed.
        while isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute):
            func = func.value
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == self.self_name:
            self.attribute_calls.append((func.attr.value, node))

    def visit_If(self, node: cst.If) -> None:
        self.tests.append(node.test)

    def leave_If(self, original_node: cst.If) -> None:
        self.tests.pop()

    def _tests_missing_attribute(self, test: cst.BaseExpression) -> bool:
        """`not hasattr(self, name)`."""
        if not (isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)):
            return False
        inner = test.expression
        return (
            isinstance(inner, cst.Call)
            and isinstance(inner.func, cst.Name)
            and inner.func.value == "hasattr"
            and bool(inner.args)
            and isinstance(inner.args[0].value, cst.Name)
            and inner.args[0].value.value == self.self_name
        )

    def _add(self, target: cst.BaseExpression) -> None:
        if not isinstance(target, (cst.Attribute, cst.Subscript)):
            return
        root = root_name(target)
        if root is not None and self.self_name is not None and (root.value == self.self_name or root.value in self.aliases):
            self.targets.append(target)


class _TupleAssignment(OwnCodeVisitor):
    """`a, b = value` statements of one scope (not nested functions) with a plain element that
    `matches` (a name, `self.graphdef`): the value and the element's position."""

    def __init__(self, matches: Callable[[cst.BaseExpression], bool]) -> None:
        super().__init__()
        self.matches = matches
        self.found: list[tuple[cst.BaseExpression, int]] = []

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            elements = target.target.elements if isinstance(target.target, (cst.Tuple, cst.List)) else []
            if any(isinstance(e, cst.StarredElement) for e in elements):
                continue
            for position, element in enumerate(elements):
                if self.matches(element.value):
                    self.found.append((node.value, position))


@dataclass(frozen=True, eq=False)
class _Construction:
    """One construction of a same-file NNX class, followed to see what it passes to `__init__`."""

    class_node: cst.ClassDef
    call: cst.Call
    scope: Scope


class _SwitchKeywords(cst.CSTVisitor):
    """The values given to the keywords that switch NNX layers' state off (`deterministic=`)."""

    def __init__(self, keywords: frozenset[str]) -> None:
        self.keywords = keywords
        self.values: list[cst.BaseExpression] = []

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None and node.keyword.value in self.keywords:
            self.values.append(node.value)


def _holds_rngs(construction: cst.Call) -> bool:
    """Whether an NNX layer is built with RNG streams of its own (`rngs=` other than None)."""
    rngs = keyword_argument(construction, "rngs")
    return rngs is not None and not (isinstance(rngs, cst.Name) and rngs.value == "None")


def _python_container(value: cst.BaseExpression) -> bool:
    """`[]`, `{}`, `list()`, `dict()`, `set()`: an empty Python container."""
    if isinstance(value, (cst.List, cst.Dict)):
        return not value.elements
    return (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value in ("list", "dict", "set")
        and not value.args
    )


class _LoopedElementCalls(cst.CSTVisitor):
    """In a method's own code, the calls of the loop variable of a `for` over a container on
    `self` (`for block in self.blocks: x = block.decode(x)`, also through `enumerate` and
    `zip`): the attribute, the call and the method it runs."""

    def __init__(self, self_name: str | None) -> None:
        self.self_name = self_name
        self.found: list[tuple[str, cst.Call, str]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_For(self, node: cst.For) -> None:
        attribute = self._self_attribute(node.iter)
        if attribute is None:
            return
        names = NameCollector()
        walk(node.target, names)
        calls = CallFinder()
        walk(node.body, calls)
        for call in calls.calls:
            func = call.func
            if isinstance(func, cst.Name) and func.value in names.names:
                self.found.append((attribute, call, "__call__"))
            elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in names.names:
                self.found.append((attribute, call, func.attr.value))

    def _self_attribute(self, iterated: cst.BaseExpression) -> str | None:
        if isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) and iterated.func.value in ("zip", "enumerate"):
            found = [a for a in (self._self_attribute(arg.value) for arg in iterated.args) if a is not None]
            return found[0] if len(found) == 1 else None
        return self_attribute(iterated, self.self_name)


def held_method_called(call: cst.Call) -> str | None:
    """The method a call runs on the object an attribute holds: `__call__` for `x.head(h)`,
    `sample` for `x.head.sample(h)`; None for a call reaching deeper (`x.head.layer(h)`)."""
    func = call.func
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        return "__call__"
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Attribute) and isinstance(func.value.value, cst.Name):
        return func.attr.value
    return None


def _assigns_attribute(function: cst.FunctionDef, self_name: str, attribute: str) -> bool:
    """Whether a method assigns `self.<attribute>` (or its `.value`, or an item of it)."""
    found = False

    class Finder(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            nonlocal found
            target = node.target
            while isinstance(target, (cst.Subscript, cst.Attribute)) and not (
                isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)
            ):
                target = target.value
            if (
                isinstance(target, cst.Attribute)
                and isinstance(target.value, cst.Name)
                and target.value.value == self_name
                and target.attr.value == attribute
            ):
                found = True

    walk(function.body, Finder())
    return found


def _unpacked_value(function: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    """The value of the one `a, name, ... = value` statement of a function that binds `name` by
    unpacking a tuple target."""
    found: list[cst.BaseExpression] = []

    class Finder(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is function

        def visit_Assign(self, node: cst.Assign) -> None:
            for target in node.targets:
                if isinstance(target.target, (cst.Tuple, cst.List)) and any(
                    isinstance(e.value, cst.Name) and e.value.value == name for e in target.target.elements
                ):
                    found.append(node.value)

    function.visit(Finder())
    return found[0] if len(found) == 1 else None


def mode_given_by_caller(call: cst.Call) -> bool:
    """Whether a call passes an NNX layer mode switch (`deterministic=`,
    `use_running_average=`) as a value other than a literal (`deterministic=not train`): which
    mode runs is then decided by flags this analysis does not follow."""
    for keyword in STATEFUL_NNX.values():
        value = keyword_argument(call, keyword)
        if value is not None and not (isinstance(value, cst.Name) and value.value in ("True", "False")):
            return True
    return False


def _argument_after_partial(helper: Body, call: cst.Call, param: cst.Param) -> cst.BaseExpression | None:
    """What a call of a `functools.partial` passes for one of the parameters the partial
    leaves open (`aug(x, rngs=r)` with `aug = partial(augment, scale=0.1)`), or None."""
    if any(arg.star for arg in call.args):
        return None
    name = param.name.value
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    positional = [arg.value for arg in call.args if arg.keyword is None]
    at = helper.parameters.index(name) if name in helper.parameters else len(positional)
    return positional[at] if at < len(positional) else None
