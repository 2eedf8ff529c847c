"""Where the objects of one file can go: a points-to analysis over the whole module.

The other followers answer "what does this expression hold" by walking back from it through a
fixed list of shapes (a name bound once, `self.<attr>` stored by `__init__`, a list of such
objects). Production code hands a module around through shapes no list covers: dataclasses
nested in dataclasses, pools that cache what a method builds, builders, leases, registries of
registries. This analysis follows every shape at once, the way a points-to analysis does:

* an *origin* is what makes an object: a call (a construction, a library call, a call of a
  function whose result is not known), a `def` or `lambda`, a literal (container or constant),
  a class, or the read of a library object's attribute;
* every name, attribute of an origin (`field`), element of a container (`field` "*") and
  function result holds a set of origins; assignments, calls, returns, `yield`, `with ... as`,
  `for`, unpacking and the container methods (`append`, `setdefault`, `update`, ...) add to
  those sets until nothing changes (flow- and context-insensitive);
* iteration helpers (`enumerate`, `zip`, `filter`, `itertools.chain`, ...) give the elements
  of what they walk, `zip` and `enumerate` in rows whose positions stay apart; a raw JAX loop
  calls its body with loop values only (unknown arrays), so the body's parameters after those
  keep their defaults; a dataclass field's `default_factory` is called;
* a value the file does not show (a parameter of a function nothing in the file calls, what a
  library hands back through a function it was given) is `UNKNOWN`, and an answer that may
  hold it is no answer: the rules stay silent.

Everything a method stores on `self` lands on every object of its class, and every method in
the file counts, called or not: the analysis over-approximates, so that an answer with one
kind of object is one a rule can trust.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

import libcst as cst

from scanlint.analysis.resolver import (
    LOOP_CALLBACKS,
    Scope,
    argument,
    is_classmethod,
    is_property,
    is_staticmethod,
    returns_of,
    yields,
)
from scanlint.index.names import LOOP_KINDS, PARTIAL, SAME_FUNCTION_WRAPPERS

if TYPE_CHECKING:
    from scanlint.analysis.resolver import ScanIndex


class _Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()


class BoundMethod:
    """A method read from an object (`tracker.make_step`): calling it runs the method."""

    __slots__ = ("function", "receiver")

    def __init__(self, function: cst.FunctionDef, receiver: object) -> None:
        self.function = function
        self.receiver = receiver

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BoundMethod) and other.function is self.function and other.receiver is self.receiver

    def __hash__(self) -> int:
        return hash((id(self.function), id(self.receiver)))


class Derived:
    """An object the analysis makes up for a shape without a node of its own: the
    `*args` tuple of a function, the pairs `.items()` gives, the lists a `defaultdict` makes."""

    __slots__ = ("node", "what")

    def __init__(self, node: cst.CSTNode, what: str) -> None:
        self.node = node
        self.what = what

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Derived) and other.node is self.node and other.what == self.what

    def __hash__(self) -> int:
        return hash((id(self.node), self.what))


T = TypeVar("T")
Origin = object  # a cst node (see the module docstring), a BoundMethod, a Derived, or UNKNOWN
_ELEMENTS = "*"
_KEYS = "*keys"
_CONTAINER_CALLS = frozenset({"dict", "list", "set", "tuple", "frozenset", "sorted", "reversed"})
# `heapq` functions on a list: push stores an element, the others return one (and may store one)
_HEAP_OPERATIONS = frozenset({"heapq.heappush", "heapq.heappop", "heapq.heappushpop", "heapq.heapreplace"})
_COLLECTIONS = frozenset(
    {"collections.OrderedDict", "collections.deque", "collections.defaultdict", "collections.ChainMap"}
)
_ITERATION_FUNCTIONS = frozenset(
    {
        "iter",
        "enumerate",
        "zip",
        "filter",
        "itertools.cycle",
        "itertools.islice",
        "itertools.filterfalse",
        "itertools.takewhile",
        "itertools.dropwhile",
        "itertools.chain",
        "itertools.chain.from_iterable",
    }
)
_CONTEXT_MANAGERS = frozenset({"contextlib.contextmanager", "contextlib.asynccontextmanager"})
_TRANSPARENT_DECORATORS = frozenset(
    {
        "staticmethod",
        "classmethod",
        "property",
        "functools.wraps",
        "functools.cache",
        "functools.lru_cache",
        "functools.cached_property",
        "typing.overload",
        "abc.abstractmethod",
        *_CONTEXT_MANAGERS,
        *SAME_FUNCTION_WRAPPERS,
    }
)
# Markers an NNX module's `__setattr__` unwraps: the attribute holds the value marked.
_NNX_ATTRIBUTE_MARKERS = frozenset({
    "flax.nnx.static", "flax.nnx.data", "flax.experimental.nnx.static", "flax.experimental.nnx.data",
})  # fmt: skip
_LOOP_VALUE = cst.Arg(value=cst.Name("loop_value"))  # what a loop passes its body: arrays
_DESCRIPTOR_ARGS = (cst.Arg(value=cst.Name("obj")), cst.Arg(value=cst.Name("objtype")))  # `__get__`'s
_CONSTANT_NAMES = frozenset({"True", "False", "None"})
_PASSES = 12


class ObjectFlow:
    def __init__(self, index: ScanIndex, solve: bool = True) -> None:
        self.index = index
        self.variables: dict[tuple[int, str], set[Origin]] = {}
        self.fields: dict[tuple[object, str], set[Origin]] = {}
        self.returns: dict[cst.CSTNode, set[Origin]] = {}
        self.yields: dict[cst.CSTNode, set[Origin]] = {}
        self.scope_at: dict[int, Scope] = {}
        self.objects: dict[cst.ClassDef, set[cst.Call]] = {}  # constructions, by class
        self.made_class: dict[cst.Call, set[cst.ClassDef]] = {}
        self.escaped: set[cst.CSTNode] = set()  # functions a library may call with anything
        self.called: set[cst.CSTNode] = set()
        self.filled: dict[cst.Param, bool] = {}  # a parameter some call leaves to its default
        self.expression_values: dict[cst.CSTNode, set[Origin]] = {}
        self.generated: dict[cst.Call, set[Origin]] = {}  # what each call of a generator yields
        self.keyed: dict[object, set[str]] = {}  # the string keys each dict is known to hold
        self.concatenated: set[cst.BinaryOperation] = set()  # `stages + [other]`: a new list
        # What each call of a function passes to its parameters, by name: a store whose key and
        # value are both parameters (`self.components[name] = component`) pairs them per call.
        self.call_arguments: dict[cst.CSTNode, dict[cst.CSTNode, dict[str, set[Origin]]]] = {}
        self._changed = False
        self._open_parameters = False
        self._assignments: dict[cst.Subscript, cst.BaseExpression] = {}
        self._default_factory_calls: dict[cst.AnnAssign, cst.Call] = {}  # stand-ins for the calls
        self._spelled: dict[str, cst.SimpleString] = {}  # attribute names handed to `__getattr__`
        self._one_call = False  # evaluating for one call's parameters (see `_keyed_stores`)
        # What the parameters read while evaluating for one call hold (reads only: what the
        # evaluation binds to them goes to the parameters themselves).
        self._overlay: dict[tuple[int, str], set[Origin]] = {}
        self.converged = False
        if solve:
            self._solve()

    # -- answers ------------------------------------------------------------------------------

    def values(self, node: cst.BaseExpression, scope: Scope) -> list[tuple[cst.CSTNode, Scope]] | None:
        """The origins an expression may hold, each with the scope it is written in; None when
        any of them is not known, or nothing is. `None` placeholders (`model = None` before
        the real assignment) are left out."""
        if not self.converged:
            return None
        found = self.expression_values.get(node)
        if found is None:
            found = self._evaluate(node, scope)
        origins = [o for o in found if not (isinstance(o, cst.Name) and o.value == "None")]
        if not origins or any(not isinstance(o, cst.CSTNode) for o in origins):
            return None
        return [(o, self.scope_at.get(id(o), scope)) for o in origins]  # type: ignore[misc]

    def origins(self, node: cst.BaseExpression, scope: Scope) -> set[Origin]:
        """Every origin an expression may hold, `BoundMethod`s and `UNKNOWN` included."""
        found = self.expression_values.get(node)
        return set(found) if found is not None else self._evaluate(node, scope)

    def empty_containers(self, node: cst.BaseExpression, scope: Scope) -> bool:
        """Whether an expression only ever holds lists, tuples or dicts that nothing in the file
        fills (`list(cfg.mutable_collections)` with the field's default `()`)."""
        values = self.values(node, scope)
        return bool(values) and all(
            self._is_container(value)
            and not isinstance(value, (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp))
            and not getattr(value, "elements", None)
            and not self.fields.get((value, _ELEMENTS))
            and not self.keyed.get(value)
            for value, _ in values or []
        )

    def classes_made(self, call: cst.Call) -> set[cst.ClassDef]:
        """The same-file classes a call may construct (`self.block_cls(width)`)."""
        return set(self.made_class.get(call, ()))

    def field_values(self, origin: object, name: str) -> set[Origin]:
        return set(self.fields.get((origin, name), ()))

    # -- solving ------------------------------------------------------------------------------

    def _solve(self) -> None:
        self.converged = False
        for _ in range(_PASSES):
            self._changed = False
            self._walk_block(self.index.module, self.index.module_scope)
            if not self._changed:
                if self._open_parameters:
                    self.converged = True
                    break
                self._open_parameters = True  # now: parameters no call in the file fills

    def _add(self, target: set[Origin], values: Iterable[Origin]) -> None:
        before = len(target)
        target.update(values)
        if len(target) != before:
            self._changed = True

    def _variable(self, scope: Scope, name: str) -> set[Origin]:
        found = scope.lookup(name)
        owner = found[0] if found is not None else self.index.module_scope
        return self.variables.setdefault((id(owner.node), name), set())

    def _store_name(self, scope: Scope, name: str, values: Iterable[Origin]) -> None:
        owner = scope.declared_elsewhere.get(name, scope)
        self._add(self.variables.setdefault((id(owner.node), name), set()), values)

    def _field(self, origin: object, name: str) -> set[Origin]:
        return self.fields.setdefault((origin, name), set())

    def _missing(self) -> set[Origin]:
        """What a value no code of the file has given (yet) stands for: nothing while the
        solving passes may still find it, `UNKNOWN` once they are done."""
        return {UNKNOWN} if self._open_parameters else set()

    def _known_or_empty(self, node: cst.CSTNode) -> set[Origin]:
        return set(self.expression_values.get(node, ()))

    def _known(self, node: cst.CSTNode) -> set[Origin]:
        """The origins found so far for an expression evaluated elsewhere in the pass."""
        found = self.expression_values.get(node)
        return set(found) if found is not None else self._missing()

    def _origin(self, node: cst.CSTNode, scope: Scope) -> cst.CSTNode:
        self.scope_at.setdefault(id(node), scope)
        return node

    # -- statements ---------------------------------------------------------------------------

    def _walk_block(self, node: cst.CSTNode, scope: Scope) -> None:
        for child in node.children:
            self._visit(child, scope)

    def _visit(self, node: cst.CSTNode, scope: Scope) -> None:
        if isinstance(node, cst.FunctionDef):
            self._function(node, scope)
            return
        if isinstance(node, cst.ClassDef):
            self._class(node, scope)
            return
        if isinstance(node, cst.Assign):
            values = self._evaluate(node.value, scope)
            for target in node.targets:
                if isinstance(target.target, cst.Subscript):
                    self._assignments[target.target] = node.value
                self._store(target.target, values, scope)
            return
        if isinstance(node, cst.AnnAssign):
            if node.value is not None:
                self._store(node.target, self._evaluate(node.value, scope), scope)
            return
        if isinstance(node, cst.AugAssign):
            self._evaluate(node.value, scope)
            return
        if isinstance(node, cst.Return):
            if node.value is not None:
                function = self._enclosing_function(scope)
                if function is not None:
                    self._add(self.returns.setdefault(function, set()), self._evaluate(node.value, scope))
            return
        if isinstance(node, cst.For):
            self._store(node.target, self._elements(self._evaluate(node.iter, scope)), scope)
            self._walk_block(node.body, scope)
            if node.orelse is not None:
                self._walk_block(node.orelse, scope)
            return
        if isinstance(node, cst.With):
            for item in node.items:
                managers = self._evaluate(item.item, scope)
                if item.asname is not None:
                    self._store(item.asname.name, self._entered(managers), scope)
            self._walk_block(node.body, scope)
            return
        if isinstance(node, cst.BaseExpression):
            self._evaluate(node, scope)
            return
        if isinstance(node, (cst.Import, cst.ImportFrom)):
            return
        self._walk_block(node, scope)

    def _enclosing_function(self, scope: Scope) -> cst.CSTNode | None:
        current: Scope | None = scope
        while current is not None and not current.is_function:
            current = current.parent
        return current.node if current is not None else None

    def _define(self, node: cst.FunctionDef | cst.ClassDef, scope: Scope) -> Scope:
        """Binds a `def` or `class` statement's name to what its decorators make of it; the
        scope it opens."""
        values: set[Origin] = {self._origin(node, scope)}
        for decorator in reversed(node.decorators):
            values = self._decorated(decorator.decorator, values, scope)
        self._store_name(scope, node.name.value, values)
        return self.index.scope_of[node]

    def _function(self, node: cst.FunctionDef, scope: Scope) -> None:
        inner = self._define(node, scope)
        self._parameters(node, inner)
        self._walk_block(node.body, inner)

    def _decorated(self, decorator: cst.BaseExpression, values: set[Origin], scope: Scope) -> set[Origin]:
        qualified = self.index.qualify(decorator.func if isinstance(decorator, cst.Call) else decorator)
        if qualified in _TRANSPARENT_DECORATORS or qualified is not None and qualified.startswith(("flax.", "jax.")):
            return values  # `@nn.compact`, `@jax.jit`, `@property`: the function as it is
        deciders = self._evaluate(decorator, scope)
        if not any(self._is_function(o) for o in deciders):
            return values  # a library decorator: taken to keep the function (`@dataclass`)
        return self._call_values(decorator, deciders, [cst.Arg(value=cst.Name("_"))], scope, [values])

    def _parameters(self, node: cst.FunctionDef | cst.Lambda, inner: Scope) -> None:
        params = node.params
        owner = inner.parent.node if inner.parent is not None else None
        method = owner if isinstance(node, cst.FunctionDef) and isinstance(owner, cst.ClassDef) else None
        # A function nothing in the file calls, or that a library is handed, gets anything.
        called_from_outside = self._open_parameters and (node in self.escaped or node not in self.called)
        for position, param in enumerate((*params.posonly_params, *params.params)):
            variable = self.variables.setdefault((id(node), param.name.value), set())
            if position == 0 and method:
                if node.name.value == "__init_subclass__":  # type: ignore[union-attr]
                    self._add(variable, self.index.subclasses(method))
                    continue
                if is_classmethod(node):  # type: ignore[arg-type]
                    self._add(variable, [method, *self.index.subclasses(method)])
                elif not is_staticmethod(node):  # type: ignore[arg-type]
                    self._add(variable, self._instances_of(method))
                    continue
            if param.default is not None and self.filled.get(param, False):
                self._add(variable, self._evaluate(param.default, inner.parent or inner))
            if called_from_outside:
                self._add(variable, [UNKNOWN])
        for param in (*params.kwonly_params,):
            variable = self.variables.setdefault((id(node), param.name.value), set())
            if param.default is not None and self.filled.get(param, False):
                self._add(variable, self._evaluate(param.default, inner.parent or inner))
            if called_from_outside:
                self._add(variable, [UNKNOWN])
        for star, what in ((params.star_arg, "args"), (params.star_kwarg, "kwargs")):
            if isinstance(star, cst.Param):
                made = Derived(node, what)
                self._add(self.variables.setdefault((id(node), star.name.value), set()), [made])
                if called_from_outside:
                    self._add(self._field(made, _ELEMENTS), [UNKNOWN])

    def _instances_of(self, class_node: cst.ClassDef) -> set[Origin]:
        """Every object of a class or of a same-file class deriving it; UNKNOWN when the file
        makes none (the objects come from elsewhere)."""
        found: set[Origin] = set()
        for each in (class_node, *self.index.subclasses(class_node)):
            found |= self.objects.get(each, set())
        if not found and self._open_parameters:
            return {UNKNOWN}
        return found

    def _class(self, node: cst.ClassDef, scope: Scope) -> None:
        inner = self._define(node, scope)
        self._walk_block(node.body, inner)
        for base in self.index.same_file_bases(node):  # `class Gravity(Adapter, kind="gravity")`
            owner = self.index.defining_class(base, "__init_subclass__")
            hook = self.index.method_of(owner, "__init_subclass__") if owner is not None else None
            if hook is not None:
                keywords = [arg for arg in node.keywords if arg.keyword is not None and arg.keyword.value != "metaclass"]
                self._run(hook, node, keywords, [self._evaluate(arg.value, scope) for arg in keywords], node, scope)
                break

    # -- stores -------------------------------------------------------------------------------

    def _store(self, target: cst.BaseExpression, values: set[Origin], scope: Scope) -> None:
        if isinstance(target, cst.Name):
            self._store_name(scope, target.value, values)
        elif isinstance(target, cst.Attribute):
            for holder in self._evaluate(target.value, scope):
                if holder is not UNKNOWN:
                    self._add(self._field(holder, target.attr.value), values)
        elif isinstance(target, cst.Subscript):
            holders = [h for h in self._evaluate(target.value, scope) if h is not UNKNOWN]
            for keys, stored in self._keyed_stores(target, values, scope):
                for holder in holders:
                    self._store_element(holder, keys, stored)
        elif isinstance(target, (cst.Tuple, cst.List)):
            starred = any(isinstance(e, cst.StarredElement) for e in target.elements)
            for position, element in enumerate(target.elements):
                if isinstance(element, cst.StarredElement):
                    self._store(element.value, {UNKNOWN}, scope)
                    continue
                part: set[Origin] = set()
                for value in values:
                    part |= self._position(value, position, starred)
                self._store(element.value, part, scope)

    def _subscript_keys(self, target: cst.Subscript, scope: Scope) -> set[Origin]:
        keys: set[Origin] = set()
        for element in target.slice:
            if isinstance(element.slice, cst.Index):
                keys |= self._evaluate(element.slice.value, scope)
            else:
                keys.add(UNKNOWN)
        return keys

    def _keyed_stores(
        self, target: cst.Subscript, values: set[Origin], scope: Scope
    ) -> list[tuple[set[Origin], set[Origin]]]:
        """The (keys, values) pairs a subscript store makes: one pair; or, when its key or
        value reads parameters of the enclosing function (`self.members[role] = member`,
        `cls.registry[cls.kind] = cls`), one pair per call of that function, each worked out
        with the parameters that call gives, so that keys and values stay paired."""
        keys = self._subscript_keys(target, scope)
        function = self._enclosing_function(scope)
        value = self._assigned_value(target)
        if not isinstance(function, cst.FunctionDef) or value is None or function in self.escaped:
            return [(keys, values)]
        params = [p.name.value for p in (*function.params.posonly_params, *function.params.params, *function.params.kwonly_params)]
        sites = self.call_arguments.get(function, {})
        if not (_reads(target.slice, params) or _reads(value, params)):
            return [(keys, values)]
        if not sites:
            return [(keys, values)] if self._open_parameters else []  # no call seen yet
        pairs = []
        for passed in list(sites.values()):
            given = {(id(function), name): set(passed[name]) for name in params if name in passed}
            pairs.append(self._for_one_call(given, lambda: (self._subscript_keys(target, scope), self._evaluate_fresh(value, scope))))
        return pairs

    def _assigned_value(self, target: cst.Subscript) -> cst.BaseExpression | None:
        return self._assignments.get(target)

    def _is_parameter(self, node: cst.BaseExpression, function: cst.CSTNode, scope: Scope) -> bool:
        if not isinstance(node, cst.Name):
            return False
        found = scope.lookup(node.value)
        return found is not None and found[0].node is function and all(isinstance(b, cst.Param) for b in found[1])

    def _store_element(self, holder: Origin, keys: set[Origin], values: set[Origin]) -> None:
        """`holder[key] = value`: under each string key it may be, else among the elements
        any key may read."""
        if not keys and not self._open_parameters:
            return  # no key known yet: a later pass stores it under the key it turns out to be
        self._add(self._field(holder, _KEYS), keys)
        strings = self._strings(keys)
        if strings is None:
            self._add(self._field(holder, _ELEMENTS), values)
            return
        known = self.keyed.setdefault(holder, set())
        for key in strings:
            if key not in known:
                known.add(key)
                self._changed = True
            self._add(self._field(holder, "[" + key + "]"), values)

    def _strings(self, keys: set[Origin]) -> list[str] | None:
        found = [k.evaluated_value for k in keys if isinstance(k, cst.SimpleString)]
        if not keys or len(found) != len(keys) or not all(isinstance(k, str) for k in found):
            return None
        return found  # type: ignore[return-value]

    def _element_at(self, holder: Origin, keys: set[Origin]) -> set[Origin]:
        """`holder[key]`: what is stored under the string keys it may be (and under keys not
        known), else any element."""
        strings = self._strings(keys)
        if strings is None:
            return self._element_values(holder)
        found = set(self._field(holder, _ELEMENTS))
        for key in strings:
            found |= self.fields.get((holder, "[" + key + "]"), set())
        default = self.fields.get((holder, "*default"))
        return found | default if default else found

    def _position(self, value: Origin, position: int, starred: bool) -> set[Origin]:
        if value is UNKNOWN:
            return {UNKNOWN}
        if isinstance(value, cst.Tuple | cst.List) and not starred:
            elements = value.elements
            if position < len(elements) and not any(isinstance(e, cst.StarredElement) for e in elements):
                return set(self.expression_values.get(elements[position].value, set()))
        if isinstance(value, Derived) and value.what == "row":
            return {UNKNOWN} if starred else set(self._field(value, f"#{position}")) or self._missing()
        if isinstance(value, Derived) and value.what == "pair":
            return set(self._field(value, _KEYS if position == 0 else _ELEMENTS))
        if self._is_container(value):
            return set(self._field(value, _ELEMENTS))
        if isinstance(value, cst.Call) and value not in self.made_class and value not in self.generated:
            return {value}  # `graphdef, state = nnx.split(model)`: a part of what a library call gives
        return {UNKNOWN}

    # -- expressions --------------------------------------------------------------------------

    def _evaluate(self, node: cst.BaseExpression, scope: Scope) -> set[Origin]:
        values = self._evaluate_fresh(node, scope)
        known = self.expression_values.setdefault(node, set())
        known |= values
        return values if self._one_call else set(known)

    def _evaluate_fresh(self, node: cst.BaseExpression, scope: Scope) -> set[Origin]:
        if isinstance(node, cst.Name):
            return self._name(node, scope)
        if isinstance(node, cst.Attribute):
            return self._attribute(node, node.attr.value, self._evaluate(node.value, scope), scope)
        if isinstance(node, cst.Subscript):
            holders = self._evaluate(node.value, scope)
            for element in node.slice:
                if isinstance(element.slice, cst.Index):
                    self._evaluate(element.slice.value, scope)
            found: set[Origin] = set()
            for holder in holders:
                found |= self._element_of(holder, node, scope)
            return found
        if isinstance(node, cst.Call):
            return self._call(node, scope)
        if isinstance(node, cst.Lambda):
            inner = self.index.scope_of[node]
            self._parameters(node, inner)
            self._add(self.returns.setdefault(node, set()), self._evaluate(node.body, inner))
            return {self._origin(node, scope)}
        if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
            made = self._origin(node, scope)
            for element in node.elements:
                inner_values = self._evaluate(element.value, scope)
                self._add(self._field(made, _ELEMENTS), self._elements(inner_values) if isinstance(element, cst.StarredElement) else inner_values)
            return {made}
        if isinstance(node, cst.Dict):
            made = self._origin(node, scope)
            for element in node.elements:
                if isinstance(element, cst.DictElement):
                    self._store_element(made, self._evaluate(element.key, scope), self._evaluate(element.value, scope))
                else:
                    inner_values = self._evaluate(element.value, scope)
                    for other in inner_values:
                        self._add(self._field(made, _ELEMENTS), self._element_values(other))
            return {made}
        if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
            made = self._origin(node, scope)
            self._comprehension(node.for_in, scope)
            if isinstance(node, cst.DictComp):
                self._add(self._field(made, _KEYS), self._evaluate(node.key, scope))
                self._add(self._field(made, _ELEMENTS), self._evaluate(node.value, scope))
            else:
                self._add(self._field(made, _ELEMENTS), self._evaluate(node.elt, scope))
            return {made}
        if isinstance(node, cst.IfExp):
            self._evaluate(node.test, scope)
            return self._evaluate(node.body, scope) | self._evaluate(node.orelse, scope)
        if isinstance(node, cst.BooleanOperation):
            return self._evaluate(node.left, scope) | self._evaluate(node.right, scope)
        if isinstance(node, cst.NamedExpr):
            values = self._evaluate(node.value, scope)
            self._store(node.target, values, scope)
            return values
        if isinstance(node, (cst.Await, cst.Yield)):
            inner_value = node.expression if isinstance(node, cst.Await) else node.value
            if isinstance(node, cst.Yield) and isinstance(inner_value, cst.BaseExpression):
                function = self._enclosing_function(scope)
                if function is not None:
                    self._add(self.yields.setdefault(function, set()), self._evaluate(inner_value, scope))
                return {UNKNOWN}
            return self._evaluate(inner_value, scope) if isinstance(inner_value, cst.BaseExpression) else {UNKNOWN}
        if isinstance(node, (cst.SimpleString, cst.Integer, cst.Float, cst.Imaginary, cst.ConcatenatedString)):
            return {self._origin(node, scope)}
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            return self._concatenation(node, scope)
        for child in node.children:  # arithmetic, comparisons, f-strings: a new value; look inside
            if isinstance(child, cst.BaseExpression):
                self._evaluate(child, scope)
            else:
                for grandchild in child.children:
                    if isinstance(grandchild, cst.BaseExpression):
                        self._evaluate(grandchild, scope)
        return {self._origin(node, scope)}

    def _concatenation(self, node: cst.BinaryOperation, scope: Scope) -> set[Origin]:
        """`a + b`: a new container holding the elements of both when either side is a list or
        tuple (`Pipeline(self.stages + [other])`); else a new value, as any arithmetic."""
        sides = self._evaluate(node.left, scope) | self._evaluate(node.right, scope)
        made = self._origin(node, scope)
        if node in self.concatenated or any(isinstance(v, (cst.List, cst.Tuple, cst.ListComp)) for v in sides):
            self.concatenated.add(node)
            for side in sides:
                self._add(self._field(made, _ELEMENTS), self._element_values(side) if self._is_container(side) else {UNKNOWN})
        return {made}

    def _comprehension(self, for_in: cst.CompFor, scope: Scope) -> None:
        iterated = self._evaluate(for_in.iter, scope)
        # A comprehension's variables share the enclosing scope's table: they are rarely rebound
        # there, and a rebinding only adds origins.
        self._store(for_in.target, self._elements(iterated), scope)
        for condition in for_in.ifs:
            self._evaluate(condition.test, scope)
        if for_in.inner_for_in is not None:
            self._comprehension(for_in.inner_for_in, scope)

    def _name(self, node: cst.Name, scope: Scope) -> set[Origin]:
        found = scope.lookup(node.value)
        if found is None:
            current: Scope | None = scope
            while current is not None:  # a comprehension's variable (stored where it is written)
                stored = self.variables.get((id(current.node), node.value))
                if stored is not None:
                    return set(stored)
                current = current.parent
            return {self._origin(node, scope)}  # a constant or a builtin
        owner, bindings = found
        if any(isinstance(b, (cst.Import, cst.ImportFrom)) for b in bindings):
            return {self._origin(node, scope)}  # a library object
        key = (id(owner.node), node.value)
        if key in self._overlay:
            return set(self._overlay[key])
        return set(self.variables.get(key, set()))

    def _attribute(self, node: cst.CSTNode, name: str, holders: set[Origin], scope: Scope) -> set[Origin]:
        """`holder.<name>` for each holder; `node` (the expression read) stands for what a
        library object's attribute is."""
        found: set[Origin] = set()
        for holder in holders:
            if holder is UNKNOWN:
                found.add(UNKNOWN)
            elif isinstance(holder, cst.ClassDef):
                found |= self._class_attribute(holder, name, None) or self._missing()
            elif isinstance(holder, Derived) and holder.what == "super":
                found |= self._super_attribute(holder, name)
            elif isinstance(holder, cst.Call) and holder in self.made_class:
                for class_node in self.made_class[holder]:
                    found |= self._object_attribute(holder, class_node, name, node, scope)
            elif self._is_function(holder):
                found.add(UNKNOWN)
            else:
                stored = self.fields.get((holder, name))
                found |= stored if stored else {self._origin(node, scope)}  # a library object's attribute
        return found

    def _object_attribute(
        self, holder: cst.Call, class_node: cst.ClassDef, name: str, node: cst.CSTNode, scope: Scope
    ) -> set[Origin]:
        stored = self.fields.get((holder, name))
        if stored:
            return set(stored)
        class_value = self._class_attribute(class_node, name, holder)
        if class_value:
            return self._through_descriptors(class_value, holder, class_node, node, scope)
        owner = self.index.defining_class(class_node, "__getattr__")
        delegate = self.index.method_of(owner, "__getattr__") if owner is not None else None
        if delegate is not None:  # `def __getattr__(self, name): return getattr(self._bound, name)`
            spelled = self._spelled.setdefault(name, cst.SimpleString(repr(name)))
            return self._run(delegate, holder, [cst.Arg(value=spelled)], [{spelled}], node, scope)
        if self.index.defining_class(class_node, name) is None and not self._surely_own(class_node):
            return {self._origin(node, scope)}  # a library base's attribute (`model.apply`)
        return self._missing()  # stored by no code of the file (so far)

    def _through_descriptors(
        self, values: set[Origin], holder: cst.Call, class_node: cst.ClassDef, node: cst.CSTNode, scope: Scope
    ) -> set[Origin]:
        """A class-level value read on an object: what its `__get__` returns when it is an object
        of a same-file descriptor class (`model = ModelSlot()`, whose `__get__(self, obj,
        objtype)` looks the model up from `obj`), else the value itself."""
        found: set[Origin] = set()
        for value in values:
            getters = [
                getter
                for made in (self.made_class.get(value, ()) if isinstance(value, cst.Call) else ())
                if (owner := self.index.defining_class(made, "__get__")) is not None
                and (getter := self.index.method_of(owner, "__get__")) is not None
            ]
            if not getters:
                found.add(value)
            for getter in getters:  # read on an object, not the class: never `if obj is None: return self`
                found |= self._run(getter, value, list(_DESCRIPTOR_ARGS), [{holder}, {class_node}], node, scope) - {value}
        return found

    def _super_attribute(self, holder: Derived, name: str) -> set[Origin]:
        """`super().<name>` in a method of a class: the first same-file base's method."""
        class_node = holder.node
        assert isinstance(class_node, cst.ClassDef)
        for base in self.index.same_file_bases(class_node):
            owner = self.index.defining_class(base, name)
            method = self.index.method_of(owner, name) if owner is not None else None
            if method is not None:
                return {BoundMethod(method, holder)}
        return {UNKNOWN}

    def _surely_own(self, class_node: cst.ClassDef) -> bool:
        """Whether every base of a class is a same-file class or `object`."""
        outer = self.index.scope_of[class_node].parent or self.index.module_scope
        for base in class_node.bases:
            if base.keyword is not None:
                continue
            same_file = self.index.class_named(base.value, outer)
            if same_file is None:
                if not (isinstance(base.value, cst.Name) and base.value.value == "object"):
                    return False
            elif not self._surely_own(same_file):
                return False
        return True

    def _class_attribute(self, class_node: cst.ClassDef, name: str, receiver: object | None) -> set[Origin]:
        """A method (bound to the receiver), a property's value, or a class-level value."""
        owner = self.index.defining_class(class_node, name)
        if owner is not None:
            method = self.index.method_of(owner, name)
            if method is not None:
                if receiver is not None and is_property(method):
                    return set(self.returns.get(method, set())) or self._missing()
                if is_classmethod(method):
                    return {BoundMethod(method, class_node)}  # `cls` is the class: every call fills it
                if receiver is not None and not is_staticmethod(method):
                    return {BoundMethod(method, receiver)}
                return {method}
        for each in (class_node, *self.index.same_file_bases(class_node)):
            values = self.variables.get((id(each), name))
            if values and not any(isinstance(v, cst.FunctionDef) for v in values):
                return set(values)
        return set()

    def _element_of(self, holder: Origin, node: cst.Subscript, scope: Scope) -> set[Origin]:
        if holder is UNKNOWN:
            return {UNKNOWN}
        if isinstance(holder, cst.Tuple) and len(node.slice) == 1:
            index = node.slice[0].slice
            if isinstance(index, cst.Index) and isinstance(index.value, cst.Integer):
                position = int(index.value.value, 0)
                if position < len(holder.elements) and not any(isinstance(e, cst.StarredElement) for e in holder.elements):
                    return set(self.expression_values.get(holder.elements[position].value, set()))
        if self._is_container(holder):
            return self._element_at(holder, self._subscript_keys(node, scope))
        if isinstance(holder, cst.Call) and holder in self.made_class:
            return self._call_method(holder, "__getitem__", node, scope)
        if isinstance(holder, cst.ClassDef) or self._is_function(holder):
            return {UNKNOWN}
        return {self._origin(node, scope)}  # `variables["params"]`: a library object's element

    def _element_values(self, holder: Origin) -> set[Origin]:
        """Any element of a container, whatever its key."""
        found = set(self._field(holder, _ELEMENTS))
        for key in self.keyed.get(holder, ()):
            found |= self.fields.get((holder, "[" + key + "]"), set())
        default = self.fields.get((holder, "*default"))
        return found | default if default else found

    def _is_container(self, origin: Origin) -> bool:
        if isinstance(origin, (cst.List, cst.Tuple, cst.Set, cst.Dict, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
            return True
        if isinstance(origin, cst.BinaryOperation):
            return origin in self.concatenated
        if isinstance(origin, Derived):
            return origin.what in ("args", "kwargs", "pair", "default", "view")
        return isinstance(origin, cst.Call) and self._container_call(origin)

    def _container_call(self, call: cst.Call) -> bool:
        func = call.func
        if isinstance(func, cst.Name) and func.value in _CONTAINER_CALLS:
            found = self.index.module_scope.lookup(func.value)
            return found is None
        return self.index.qualify(func) in _COLLECTIONS

    def _is_function(self, origin: Origin) -> bool:
        return isinstance(origin, (cst.FunctionDef, cst.Lambda, BoundMethod)) or (
            isinstance(origin, cst.Call) and self.index.qualify(origin.func) == PARTIAL
        )

    def _elements(self, iterated: set[Origin]) -> set[Origin]:
        """What a `for` over any of these objects may bind."""
        found: set[Origin] = set()
        for holder in iterated:
            if holder is UNKNOWN:
                found.add(UNKNOWN)
            elif isinstance(holder, cst.Dict | cst.DictComp) or (
                isinstance(holder, cst.Call) and self._container_call(holder) and self._is_dict_call(holder)
            ):
                found |= self._field(holder, _KEYS) or self._missing()
            elif self._is_container(holder):
                found |= self._element_values(holder)
            elif isinstance(holder, cst.Call) and holder in self.generated:
                found |= self.generated[holder]
            else:
                found.add(UNKNOWN)
        return found

    def _is_dict_call(self, call: cst.Call) -> bool:
        func = call.func
        qualified = self.index.qualify(func)
        return (isinstance(func, cst.Name) and func.value == "dict") or qualified in (
            "collections.OrderedDict",
            "collections.defaultdict",
        )

    def _entered(self, managers: set[Origin]) -> set[Origin]:
        """What `with manager as x` binds: what a `@contextmanager` generator yields, or what
        the object's `__enter__` returns."""
        found: set[Origin] = set()
        for manager in managers:
            if isinstance(manager, cst.Call) and manager in self.generated:
                found |= self.generated[manager]
            elif isinstance(manager, cst.Call) and manager in self.made_class:
                for class_node in self.made_class[manager]:
                    owner = self.index.defining_class(class_node, "__enter__")
                    method = self.index.method_of(owner, "__enter__") if owner is not None else None
                    if method is None:
                        found.add(UNKNOWN)
                    else:
                        self.called.add(method)
                        found |= self.returns.get(method, set())
            else:
                found.add(UNKNOWN)
        return found

    # -- calls --------------------------------------------------------------------------------

    def _call(self, node: cst.Call, scope: Scope) -> set[Origin]:
        callees = self._evaluate(node.func, scope)
        argument_values = [self._evaluate(arg.value, scope) for arg in node.args]
        qualified = self.index.qualify(node.func)
        positional = [values for arg, values in zip(node.args, argument_values) if arg.keyword is None and not arg.star]
        if qualified == PARTIAL:
            return {self._origin(node, scope)}  # calling it calls the function (`_call_partial`)
        if qualified in SAME_FUNCTION_WRAPPERS and node.args and not node.args[0].keyword and not node.args[0].star:
            return argument_values[0]  # `jax.jit(step)`: calling it calls `step`
        if qualified in _NNX_ATTRIBUTE_MARKERS and len(positional) == 1:
            return positional[0]  # `self.lm = nnx.static(lm)`: the module's attribute holds `lm`
        if qualified == "copy.copy" and len(positional) == 1:
            return positional[0]  # a shallow copy holds the same objects
        if qualified == "dataclasses.replace" and len(positional) == 1 and not any(arg.star for arg in node.args):
            # `dataclasses.replace(state, params=p)`: the same kind of object, holding what it held
            # and what the call passes (the analysis is flow-insensitive: both, on every copy)
            for arg, values in zip(node.args, argument_values):
                if arg.keyword is not None:
                    for origin in positional[0] - {UNKNOWN}:
                        self._add(self._field(origin, arg.keyword.value), values)
            return positional[0]
        if qualified in _HEAP_OPERATIONS and positional and len(positional) == len(node.args):
            # `heapq.heappush(self.pending, job)`, `heapq.heappop(self.pending)`: the list's elements
            heaps = [holder for holder in positional[0] if self._is_container(holder)]
            if len(heaps) != len(positional[0]):
                return {UNKNOWN}
            if len(positional) == 2:
                for heap in heaps:
                    self._add(self._field(heap, _ELEMENTS), positional[1])
            return set() if qualified == "heapq.heappush" else self._elements(positional[0])
        if qualified == "functools.reduce" and len(positional) in (2, 3) and len(positional) == len(node.args):
            # `reduce(lambda acc, stage: stage(acc), stages, x)`: each step gets the last result
            accumulated = self._known_or_empty(node) | (positional[2] if len(positional) == 3 else self._elements(positional[1]))
            steps = [cst.Arg(value=node.args[0].value), cst.Arg(value=node.args[1].value)]
            stepped = self._call_values(node, positional[0], steps, scope, [accumulated, self._elements(positional[1])], own=True)
            return stepped | (positional[2] if len(positional) == 3 else set())  # no stages: the start
        if isinstance(node.func, cst.Name) and node.func.value == "map" and scope.lookup("map") is None and len(positional) == 2 == len(node.args):
            made = Derived(node, "view")
            self.scope_at.setdefault(id(made), scope)
            steps = [cst.Arg(value=node.args[1].value)]
            self._add(self._field(made, _ELEMENTS), self._call_values(node, positional[0], steps, scope, [self._elements(positional[1])], own=True))
            return {made}
        if qualified in LOOP_KINDS:
            bodies = [argument(node, position, keyword) for position, keyword, _ in LOOP_CALLBACKS[LOOP_KINDS[qualified]]]
            if all(body is not None for body in bodies):
                return self._loop(node, LOOP_KINDS[qualified], argument_values, scope)
        return self._call_values(node, callees, list(node.args), scope, argument_values)

    def _loop(self, node: cst.Call, kind: str, argument_values: list[set[Origin]], scope: Scope) -> set[Origin]:
        """A raw JAX loop calls its body (and `while_loop` its condition) with loop values
        only: parameters after those keep their defaults (`def step(c, x, model=model)`)."""
        passed = [arg.value for arg in node.args]
        for position, keyword, arity in LOOP_CALLBACKS[kind]:
            body = argument(node, position, keyword)
            callees = argument_values[passed.index(body)] if body in passed else set()
            self._call_values(node, callees, [_LOOP_VALUE] * arity, scope, [{UNKNOWN}] * arity, own=True)
        return {self._origin(node, scope)}

    def _call_values(
        self,
        node: cst.CSTNode,
        callees: set[Origin],
        args: list[cst.Arg],
        scope: Scope,
        argument_values: list[set[Origin]],
        own: bool = False,
    ) -> set[Origin]:
        """What calling any of the callees gives; with `own`, a call the analysis makes on
        behalf of a library function it models (`functools.reduce`), whose result stands for
        the library's."""
        result: set[Origin] = set()
        library = False
        for callee in callees:
            if callee is UNKNOWN:
                result.add(UNKNOWN)
                library = True
            elif isinstance(callee, (cst.FunctionDef, cst.Lambda)):
                result |= self._run(callee, None, args, argument_values, node, scope)
            elif isinstance(callee, BoundMethod):
                result |= self._run(callee.function, callee.receiver, args, argument_values, node, scope)
            elif isinstance(callee, cst.ClassDef):
                result |= self._construct(callee, node, args, argument_values, scope)
            elif isinstance(callee, cst.Call) and self.index.qualify(callee.func) == PARTIAL and callee.args:
                result |= self._call_partial(callee, node, args, argument_values, scope)
            elif isinstance(callee, cst.Call) and callee in self.made_class:
                result |= self._call_object(callee, node, args, argument_values, scope)
            elif own:
                library = True
                result.add(UNKNOWN)
            else:
                library = True
                result |= self._library_call(callee, node, args, argument_values, scope)
        if library:
            for values in argument_values:  # a library may call the functions it is given
                for value in values:
                    function = value.function if isinstance(value, BoundMethod) else value
                    if isinstance(function, (cst.FunctionDef, cst.Lambda)) and function not in self.escaped:
                        self.escaped.add(function)
                        self._changed = True
        return result

    def _library_call(
        self, callee: Origin, node: cst.CSTNode, args: list[cst.Arg], argument_values: list[set[Origin]], scope: Scope
    ) -> set[Origin]:
        if not isinstance(node, cst.Call):
            return {UNKNOWN}
        qualified = self.index.qualify(node.func)
        name = node.func.value if isinstance(node.func, cst.Name) and scope.lookup(node.func.value) is None else None
        first = argument_values[0] if argument_values and not args[0].keyword and not args[0].star else None
        if (name in ("list", "tuple", "set", "frozenset", "sorted", "reversed") or qualified == "collections.deque") and first is not None:
            made = self._origin(node, scope)
            self._add(self._field(made, _ELEMENTS), self._elements(first))
            return {made}
        if name == "dict" or qualified in ("collections.OrderedDict",):
            made = self._origin(node, scope)
            for arg, values in zip(args, argument_values):
                if arg.keyword is not None:
                    spelled = self._spelled.setdefault(arg.keyword.value, cst.SimpleString(repr(arg.keyword.value)))
                    self._store_element(made, {spelled}, values)
                elif arg.star:
                    self._add(self._field(made, _ELEMENTS), {UNKNOWN})
                else:
                    for value in values:
                        self._copy_items(made, value)
            return {made}
        if qualified == "collections.defaultdict":
            made = self._origin(node, scope)
            if first is not None:
                default = Derived(node, "default")
                self._add(self._field(made, "*default"), [default])
            return {made}
        if name in ("next",) and first is not None:
            return self._elements(first)
        iterated = self._iterated(name or qualified, args, argument_values)
        if iterated is not None:
            made = Derived(node, "view")
            self.scope_at.setdefault(id(made), scope)
            self._add(self._field(made, _ELEMENTS), iterated if name not in ("enumerate", "zip") else [Derived(node, "row")])
            if name == "enumerate":
                self._add(self._field(Derived(node, "row"), "#0"), [Derived(node, "index")])
                self._add(self._field(Derived(node, "row"), "#1"), iterated)
            elif name == "zip":
                for position, values in enumerate(argument_values):
                    self._add(self._field(Derived(node, "row"), f"#{position}"), self._elements(values))
            return {made}
        if name == "getattr" and len(argument_values) >= 2:
            names = [v.evaluated_value for v in argument_values[1] if isinstance(v, cst.SimpleString)]
            if len(names) == len(argument_values[1]) and names:
                found: set[Origin] = set()
                for attribute in names:
                    if isinstance(attribute, str):
                        found |= self._attribute(node, attribute, argument_values[0], scope)
                if len(argument_values) == 3:
                    found |= argument_values[2]
                return found
            return {UNKNOWN}
        if name == "super" and not args:
            method = scope.enclosing_method()
            return {Derived(method[1], "super")} if method is not None else {UNKNOWN}
        if isinstance(node.func, cst.Attribute):
            method = node.func.attr.value
            holders = self.expression_values.get(node.func.value, set())
            containers = [h for h in holders if self._is_container(h)]
            if containers and len(containers) == len(holders):
                return self._container_method(containers, method, args, argument_values, node, scope)
        return {self._origin(node, scope)}

    def _iterated(self, function: str | None, args: list[cst.Arg], argument_values: list[set[Origin]]) -> set[Origin] | None:
        """What iterating over the result of a builtin or `itertools` function that walks its
        arguments gives (for `enumerate` and `zip`, the elements the rows hold); None for
        other functions. `chain(*lists)` and a keyword argument give unknown elements."""
        positional = [values for arg, values in zip(args, argument_values) if arg.keyword is None and not arg.star]
        if not positional or any(arg.keyword is not None and arg.keyword.value not in ("start", "strict") for arg in args):
            return None
        if any(arg.star for arg in args):
            return {UNKNOWN} if function in _ITERATION_FUNCTIONS else None
        if function in ("iter", "enumerate", "itertools.cycle", "itertools.islice"):
            return self._elements(positional[0])
        if function in ("filter", "itertools.filterfalse", "itertools.takewhile", "itertools.dropwhile") and len(positional) == 2:
            return self._elements(positional[1])
        if function == "itertools.chain":
            return set().union(*(self._elements(values) for values in positional))
        if function == "itertools.chain.from_iterable" and len(positional) == 1:
            return self._elements(self._elements(positional[0]))
        if function == "zip":
            return set()
        return None

    def _copy_items(self, made: Origin, source: Origin) -> None:
        """`dict(source)`: a dict's items under their keys, or the (key, value) pairs a list
        or other iterable holds."""
        if source is UNKNOWN or not self._is_container(source):
            self._add(self._field(made, _ELEMENTS), {UNKNOWN})
        elif isinstance(source, (cst.Dict, cst.DictComp)) or (isinstance(source, cst.Call) and self._is_dict_call(source)):
            self._add(self._field(made, _ELEMENTS), self._field(source, _ELEMENTS))
            for key in self.keyed.get(source, set()):
                spelled = self._spelled.setdefault(key, cst.SimpleString(repr(key)))
                self._store_element(made, {spelled}, self.fields.get((source, "[" + key + "]"), set()))
        else:
            for pair in self._elements({source}):
                self._store_element(made, self._position(pair, 0, False), self._position(pair, 1, False))

    def _container_method(
        self,
        containers: list[Origin],
        method: str,
        args: list[cst.Arg],
        argument_values: list[set[Origin]],
        node: cst.Call,
        scope: Scope,
    ) -> set[Origin]:
        positional = [values for arg, values in zip(args, argument_values) if arg.keyword is None and not arg.star]
        found: set[Origin] = set()
        for holder in containers:
            elements = self._field(holder, _ELEMENTS)
            if method in ("append", "add", "appendleft") and positional:
                self._add(elements, positional[0])
            elif method == "insert" and len(positional) == 2:
                self._add(elements, positional[1])
            elif method == "extend" and positional:
                self._add(elements, self._elements(positional[0]))
            elif method == "update":
                for arg, values in zip(args, argument_values):
                    if arg.keyword is not None:
                        spelled = self._spelled.setdefault(arg.keyword.value, cst.SimpleString(repr(arg.keyword.value)))
                        self._store_element(holder, {spelled}, values)
                    else:
                        for value in values:
                            self._add(elements, self._element_values(value) if self._is_container(value) else {UNKNOWN})
            elif method == "setdefault" and positional:
                if len(positional) == 2:
                    self._store_element(holder, positional[0], positional[1])
                found |= self._element_at(holder, positional[0])
            elif method in ("get", "pop") and positional:
                found |= self._element_at(holder, positional[0])
                if len(positional) == 2:
                    found |= positional[1]
            elif method in ("pop", "popleft", "popitem"):
                found |= self._element_values(holder)
            elif method == "copy":
                found.add(holder)
            elif method == "values":
                view = Derived(node, "view")
                self.scope_at.setdefault(id(view), scope)
                self._add(self._field(view, _ELEMENTS), self._element_values(holder))
                found.add(view)
            elif method == "items":
                pair = Derived(node, "pair")
                view = Derived(node, "view")
                self.scope_at.setdefault(id(view), scope)
                self._add(self._field(pair, _KEYS), self._field(holder, _KEYS))
                self._add(self._field(pair, _ELEMENTS), self._element_values(holder))
                self._add(self._field(view, _ELEMENTS), [pair])
                found.add(view)
            elif method == "keys":
                view = Derived(node, "view")
                self._add(self._field(view, _ELEMENTS), self._field(holder, _KEYS))
                found.add(view)
            else:
                found.add(self._origin(node, scope))
        return found

    def _run(
        self,
        function: cst.FunctionDef | cst.Lambda,
        receiver: object | None,
        args: list[cst.Arg],
        argument_values: list[set[Origin]],
        node: cst.CSTNode,
        scope: Scope,
        leading: list[set[Origin]] | None = None,
        leading_keywords: dict[str, set[Origin]] | None = None,
    ) -> set[Origin]:
        if function not in self.called:
            self.called.add(function)
            self._changed = True
        params = function.params
        positional_params = list((*params.posonly_params, *params.params))
        if receiver is not None and positional_params:
            positional_params = positional_params[1:]  # `self`: every object of its class already
        filled: set[cst.Param] = set()
        positional: list[set[Origin]] = list(leading or [])
        keywords: dict[str, set[Origin]] = dict(leading_keywords or {})
        spread: set[Origin] = set()
        for arg, values in zip(args, argument_values):
            if arg.star == "*":
                spread |= self._elements(values)
            elif arg.star == "**":
                for value in values:
                    spread |= self._element_values(value) if self._is_container(value) else {UNKNOWN}
            elif arg.keyword is not None:
                keywords[arg.keyword.value] = values
            else:
                positional.append(values)
        passed: dict[str, set[Origin]] = {}
        self.call_arguments.setdefault(function, {})[node] = passed
        all_positional = list((*params.posonly_params, *params.params))
        if receiver is not None and all_positional:
            passed[all_positional[0].name.value] = {receiver}
        for position, param in enumerate(positional_params):
            variable = self.variables.setdefault((id(function), param.name.value), set())
            if position < len(positional):
                passed[param.name.value] = set(positional[position])
                self._add(variable, positional[position])
                filled.add(param)
            elif param.name.value in keywords:
                passed[param.name.value] = set(keywords[param.name.value])
                self._add(variable, keywords.pop(param.name.value))
                filled.add(param)
            elif spread:
                self._add(variable, spread)
        extra = positional[len(positional_params):]
        for param in params.kwonly_params:
            variable = self.variables.setdefault((id(function), param.name.value), set())
            if param.name.value in keywords:
                self._add(variable, keywords.pop(param.name.value))
                filled.add(param)
            elif spread:
                self._add(variable, spread)
        if isinstance(params.star_arg, cst.Param):
            made = Derived(function, "args")
            for values in extra:
                self._add(self._field(made, _ELEMENTS), values)
            if spread:
                self._add(self._field(made, _ELEMENTS), spread)
        if isinstance(params.star_kwarg, cst.Param):
            made = Derived(function, "kwargs")
            for values in keywords.values():
                self._add(self._field(made, _ELEMENTS), values)
            if spread:
                self._add(self._field(made, _ELEMENTS), spread)
        for param in (*positional_params, *params.kwonly_params):
            if param not in filled and param.default is not None and not self.filled.get(param, False):
                self.filled[param] = True
                self._changed = True
        if isinstance(function, cst.FunctionDef) and self._is_generator_function(function):
            call_node = node if isinstance(node, cst.Call) else None
            if call_node is not None:
                self._add(self.generated.setdefault(call_node, set()), self.yields.get(function, set()))
                self.scope_at.setdefault(id(call_node), scope)
                return {call_node}
            return {UNKNOWN}
        if isinstance(function, cst.FunctionDef) and not self._one_call:
            per_call = self._returns_for_call(function, passed)
            if per_call is not None:
                return per_call
        return set(self.returns.get(function, set()))

    def _returns_for_call(self, function: cst.FunctionDef, passed: dict[str, set[Origin]]) -> set[Origin] | None:
        """What one call of a function returns, when its `return`s read its parameters
        (`return self._built[name]`): each `return` worked out with what that call passes, so
        that `resolve("model")` and `resolve("service")` stay apart. None when a parameter
        the returns read is not passed by the call."""
        returned = [r.value for r in returns_of(function) if r.value is not None]
        params = [p.name.value for p in (*function.params.posonly_params, *function.params.params, *function.params.kwonly_params)]
        read = [name for name in params if _reads(returned, [name])] if returned else []
        if not read or any(name not in passed for name in read):
            return None
        inner = self.index.scope_of[function]
        given = {(id(function), name): set(passed[name]) for name in read}

        def evaluate() -> set[Origin]:
            found: set[Origin] = set()
            for value in returned:
                found |= self._evaluate_fresh(value, inner)
            return found

        return self._for_one_call(given, evaluate)

    def _for_one_call(self, given: dict[tuple[int, str], set[Origin]], evaluate: Callable[[], T]) -> T:
        """What `evaluate` gives with these parameters read as one call passes them."""
        saved = {key: self._overlay.get(key) for key in given}
        outer = self._one_call
        self._one_call = True
        self._overlay.update(given)
        try:
            return evaluate()
        finally:
            self._one_call = outer
            for key, kept in saved.items():
                if kept is None:
                    self._overlay.pop(key, None)
                else:
                    self._overlay[key] = kept

    def _is_generator_function(self, function: cst.FunctionDef) -> bool:
        return yields(function)

    def _construct(
        self, class_node: cst.ClassDef, node: cst.CSTNode, args: list[cst.Arg], argument_values: list[set[Origin]], scope: Scope
    ) -> set[Origin]:
        if not isinstance(node, cst.Call):
            return {UNKNOWN}
        made = self._origin(node, scope)
        classes = self.made_class.setdefault(node, set())
        if class_node not in classes:
            classes.add(class_node)
            self._changed = True
        objects = self.objects.setdefault(class_node, set())
        if node not in objects:
            objects.add(node)
            self._changed = True
        owner = self.index.defining_class(class_node, "__init__")
        init = self.index.method_of(owner, "__init__") if owner is not None else None
        if init is not None:
            self._run(init, made, args, argument_values, node, scope)
            return {made}
        self._fill_fields(class_node, made, args, argument_values)
        for hook in ("__post_init__", "setup"):
            owner = self.index.defining_class(class_node, hook)
            method = self.index.method_of(owner, hook) if owner is not None else None
            if method is not None and method not in self.called:
                self.called.add(method)
                self._changed = True
        return {made}

    def _fill_fields(self, class_node: cst.ClassDef, made: cst.Call, args: list[cst.Arg], argument_values: list[set[Origin]]) -> None:
        """A dataclass, a NamedTuple or a Flax module: its annotated class-level fields, in
        order (bases first), filled by the call or by their defaults."""
        fields: list[tuple[str, cst.AnnAssign, cst.ClassDef]] = []
        for each in (*reversed(self.index.same_file_bases(class_node)), class_node):
            for statement in each.body.body:
                if isinstance(statement, cst.SimpleStatementLine):
                    for small in statement.body:
                        if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                            fields = [f for f in fields if f[0] != small.target.value]
                            fields.append((small.target.value, small, each))
        positional = [values for arg, values in zip(args, argument_values) if arg.keyword is None and not arg.star]
        keywords = {arg.keyword.value: values for arg, values in zip(args, argument_values) if arg.keyword is not None}
        spread = any(arg.star for arg in args)
        for position, (name, declared, owner) in enumerate(fields):
            target = self._field(made, name)
            if position < len(positional):
                self._add(target, positional[position])
            elif name in keywords:
                self._add(target, keywords[name])
            elif spread:
                self._add(target, [UNKNOWN])
            elif declared.value is not None:
                default = declared.value
                if isinstance(default, cst.Call) and self.index.qualify(default.func) in ("dataclasses.field", "flax.struct.field"):
                    factory = next((a.value for a in default.args if a.keyword and a.keyword.value == "default_factory"), None)
                    value = next((a.value for a in default.args if a.keyword and a.keyword.value == "default"), None)
                    if value is not None:
                        self._add(target, self._known(value))
                    elif isinstance(factory, cst.Name) and factory.value in ("list", "dict", "set"):
                        self._add(target, [Derived(declared, "default")])
                    elif factory is not None:  # `ema: EmaHolder = field(default_factory=EmaHolder)`
                        self._add(target, self._factory_made(declared, factory, owner))
                    else:
                        self._add(target, [UNKNOWN])
                else:
                    self._add(target, self._known(default))

    def _factory_made(self, declared: cst.AnnAssign, factory: cst.BaseExpression, owner: cst.ClassDef) -> set[Origin]:
        """What a field's `default_factory` makes: the factory called with no arguments, one
        call standing for every object the class builds."""
        call = self._default_factory_calls.setdefault(declared, cst.Call(func=factory))
        scope = self.index.scope_of.get(owner, self.index.module_scope)
        self.scope_at.setdefault(id(call), scope)
        return self._call_values(call, self._known(factory), [], scope, [], own=True)

    def _call_partial(
        self, partial: cst.Call, node: cst.CSTNode, args: list[cst.Arg], argument_values: list[set[Origin]], scope: Scope
    ) -> set[Origin]:
        partial_scope = self.scope_at.get(id(partial), scope)
        functions = self._known(partial.args[0].value)
        leading: list[set[Origin]] = []
        leading_keywords: dict[str, set[Origin]] = {}
        for arg in partial.args[1:]:
            values = self._known(arg.value)
            if arg.star:
                return {UNKNOWN}
            if arg.keyword is not None:
                leading_keywords[arg.keyword.value] = values
            else:
                leading.append(values)
        result: set[Origin] = set()
        for function in functions:
            if isinstance(function, (cst.FunctionDef, cst.Lambda)):
                result |= self._run(function, None, args, argument_values, node, partial_scope, leading, leading_keywords)
            elif isinstance(function, BoundMethod):
                result |= self._run(function.function, function.receiver, args, argument_values, node, partial_scope, leading, leading_keywords)
            else:
                result.add(self._origin(node, scope) if isinstance(node, cst.Call) else UNKNOWN)
        return result

    def _call_object(
        self, made: cst.Call, node: cst.CSTNode, args: list[cst.Arg], argument_values: list[set[Origin]], scope: Scope
    ) -> set[Origin]:
        """Calling an object of a same-file class runs its `__call__`; a Flax module's call is
        left as the call itself (the rules judge it)."""
        result: set[Origin] = set()
        for class_node in self.made_class[made]:
            owner = self.index.defining_class(class_node, "__call__")
            method = self.index.method_of(owner, "__call__") if owner is not None else None
            if method is None:
                result.add(self._origin(node, scope) if isinstance(node, cst.Call) else UNKNOWN)
            else:
                result |= self._run(method, made, args, argument_values, node, scope)
        return result

    def _call_method(self, made: cst.Call, name: str, node: cst.Subscript, scope: Scope) -> set[Origin]:
        """`obj[key]` on an object of a same-file class: what its `__getitem__` returns."""
        result: set[Origin] = set()
        keys = [self._known(e.slice.value) for e in node.slice if isinstance(e.slice, cst.Index)]
        key = set().union(*keys) if len(node.slice) > 1 else (keys[0] if keys else {UNKNOWN})
        for class_node in self.made_class[made]:
            owner = self.index.defining_class(class_node, name)
            method = self.index.method_of(owner, name) if owner is not None else None
            if method is None:
                result.add(UNKNOWN)
            else:
                result |= self._run(method, made, [cst.Arg(value=node.value)], [key], node, scope)
        return result


def object_flow(index: ScanIndex) -> ObjectFlow:
    """The file's object flow, solved once and shared. A file that imports nothing of Flax
    gets an unsolved one (every answer unknown): the questions it answers are about Flax
    modules and state, and a large numerical library file would pay for nothing."""
    found = index.derived.get(ObjectFlow)
    if not isinstance(found, ObjectFlow):
        uses_flax = any(name == "flax" or name.startswith("flax.") for name in index.imports.values())
        found = index.derived[ObjectFlow] = ObjectFlow(index, solve=uses_flax)
    return found


def _reads(node: cst.CSTNode | Sequence[cst.CSTNode], names: list[str]) -> bool:
    """Whether an expression reads any of these names."""
    found = False

    class _Reads(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            nonlocal found
            found = found or name.value in names

    for each in node if isinstance(node, Sequence) else [node]:
        each.visit(_Reads())
    return found
