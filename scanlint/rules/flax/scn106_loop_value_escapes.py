"""SCN106 (loop-value-escapes-scan-body): a value of a raw lax.scan (or fori_loop, while_loop) body stored in Python state that outlives the body.

The class docstring says what the rule flags and why; its page is `rules/SCN106.md`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import libcst as cst

from scanlint.analysis.call_order import call_order
from scanlint.analysis.flax_model import (
    CONTAINER_UPDATES,
    BodyCode,
    FlaxFile,
    TracedReads,
    binds_self,
    parameters_passed,
    raw_scan_bodies,
    unpacked_targets,
)
from scanlint.analysis.linen_apply import computes_array
from scanlint.analysis.nnx_state import OutsideNnxState
from scanlint.analysis.object_flow import BoundMethod
from scanlint.analysis.pytree_classes import is_dataclass
from scanlint.analysis.resolver import Scope, can_fall_off, dotted, keyword_argument, returns_of, self_attribute
from scanlint.analysis.run_flags import run_flags
from scanlint.analysis.values import dataclass_field_factory
from scanlint.analysis.walk import SemanticVisitor, walk
from scanlint.rules.base import FileContext, Report, Rule
from scanlint.rules.flax.reporting import in_loop

_CONTAINER_MAKERS = frozenset({
    "list", "dict", "set", "collections.defaultdict", "collections.OrderedDict", "collections.deque",
})  # fmt: skip
_ESCAPE = (
    "the body runs once, when the loop traces it, so what is stored is one tracer of the loop, "
    "not one value per step, and using it after the loop raises `UnexpectedTracerError`."
)
_COMPUTED_ESCAPE = (
    "the body runs once, while the loop traces it, and every JAX operation in it gives a tracer "
    "of the loop, even on constants, so what the object keeps holds tracers of the loop, and "
    "using it after the loop raises `UnexpectedTracerError`."
)


class LoopValueEscapesScanBody(Rule):
    """A value of a raw `jax.lax.scan` body stored in Python state that outlives the body.

    JAX runs the body once, while it traces the loop, with tracers standing for the carry and
    the step's inputs. A Python side effect in the body happens once, at that moment, and what it
    stores is a tracer of the loop's trace: a list the body appends to holds one tracer, not one
    value per step, and the first use of it after the loop (`jnp.stack(hidden_states)`) raises
    `UnexpectedTracerError`. Flags, in the body and the same-file helpers it calls:

    - adding a loop value to a list, dict, set or deque made outside the body, in the function
      around it or at module level (`hidden_states.append(h)`, `history.extend(...)`,
      `stats.update(...)`);
    - storing a loop value under a key of such a container (`state["batch_stats"] =
      updates["batch_stats"]`, `cache[t] = kv`), also one the caller makes and hands to the
      function running the loop (`train(model, xs, checkpoint)` with `checkpoint = {}`);
    - rebinding a name of an enclosing function or of the module (`nonlocal model; model =
      nnx.merge(graphdef, state)`, `global best; best = loss`) to a loop value, or setting an
      attribute of a module-level plain class to one (`Snapshots.latest = nnx.state(model)` in
      a hook a decorator appends to a module-level list) that the file reads elsewhere;
    - adding a loop value to a container a plain (not Flax) object made outside the body keeps
      (`self.grad_norms.append(...)` in a closure of the trainer's method), or calling a method
      of such an object that stores an argument the body passes a loop value for, or what it
      computes from one, in its own state: a hook's `self.losses.append(loss)` (`for hook in
      self.hooks: hook.after_step(loss)`, the hooks any of those the trainer is given), a
      tracker's `self.best = ...`, a recorder called as a function (`recorder(h)`, its
      `__call__`) appending `summary = h.mean(-1)`, a wrapper kept as an attribute and called
      like a method (`self.predict = KeepLast(model)`, its `__call__` storing `self.last`). A
      lazy first fill (`if self.reference is None: self.reference = batch.mean(0)`) counts under
      the conditions of the caches below. The object may be made in the function, stored by
      `__init__`, handed to the function running the loop, or handed to a helper the body
      calls. The attribute must be read somewhere else in the file;
    - calling a method of such an object that computes an array, or builds an NNX module (its
      Variables are arrays of the trace too: `self._models[lift] = QueueNet(...)`, a
      module-level factory or registered builder returning one, an object of a plain class whose
      `__init__` builds one, also bound to a local first: `session = Session(user)`, then
      `self._live[user] = session`), and keeps it, even from
      constants: every JAX operation in the body gives a tracer of the loop. A lazy first fill
      (`if self.variables is None: self.variables = self.module.init(...)`), a memo (`if name
      not in self._tables: self._tables[name] = jnp...`, a cache's `put` after a miss), a
      `functools.cached_property` computing an array or building an NNX module on first read,
      or a property whose getter fills an attribute lazily. Only when the file shows the
      program (the loop is reached from a module-level function without parameters, `main`),
      no call that may fill the cache runs before the loop (a warm cache is not filled again,
      `warm_up(sample)` included), and something reads the cache after it;
    - adding a loop value to a container kept by an object that another object holds
      (`experiment.logger.snapshots.append(state)`, with `self.logger = Logger()` in the
      experiment's `__init__` and `self.snapshots = []` in the logger's, or a dataclass field
      `history: list = field(default_factory=list)` no construction passes), when every object the
      holder may be is known, plain, and made outside the body, and the attribute is read
      elsewhere in the file;
    - storing an array computed in the loop, or an NNX module built there, in a container of an
      enclosing function (`memo["emb"] = model.embed(x)` in a helper the body calls, `cache["proj"]
      = nnx.Linear(...)`, also in a same-file subclass of `dict` that stores as a dict does),
      read after the loop; a lazy first fill only when nothing run before the loop fills it.

    A store in a branch the body's call switches off (`if cache:` in a method the body calls
    with `cache=False`) is not flagged, and a `functools.partial` of a bound method
    (`partial(pool.route, queue)`) runs that method on its object, made outside the body.

    A container or name of a function must be read by it after the loop (or anywhere in it, when
    the loop runs elsewhere), or nothing is used and nothing fails; one of the module outlives
    every call and is always flagged. Storing what is known while
    tracing (`shapes.append(x.shape)`, `len(...)`), a constant, or a value made outside the loop
    is fine, and so is a host callback (`jax.debug.callback`) appending concrete values, an
    object the body makes itself, and the counter of a Python `for` the body unrolls. State a
    Flax module keeps is SCN105's. The fix is the loop's own outputs: return the per-step
    values as `ys` and use the stacked result after the loop, or put the value in the carry.
    A function a factory makes from what is the same at every step, computing no array while
    making it (`make_step(self.model, self.variables)` binding the model), is an object of
    Python: caching it on first use in the body is not flagged.
    """

    CODE = "SCN106"
    BAD = """\
import jax
import jax.numpy as jnp

def run_rnn(w, xs):
    hidden_states = []

    def step(h, x):
        h = jnp.tanh(w @ h + x)
        hidden_states.append(h)
        return h, None

    jax.lax.scan(step, jnp.zeros(w.shape[0]), xs)
    return jnp.stack(hidden_states)
"""
    GOOD = """\
import jax
import jax.numpy as jnp

def run_rnn(w, xs):
    def step(h, x):
        h = jnp.tanh(w @ h + x)
        return h, h

    _, hidden_states = jax.lax.scan(step, jnp.zeros(w.shape[0]), xs)
    return hidden_states
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        seen: set[cst.CSTNode] = set()
        for flax, code in raw_scan_bodies(context.index):
            stored_advice = (
                "Return the values as the loop's outputs (`ys`) or in the carry, and use them after the loop."
                if code.loop.kind == "scan"
                else "Put the values in the loop's carry and use them after the loop."
            )
            kinds: list[tuple[Iterator[tuple[cst.CSTNode, str]], Callable[[str], str], str, str]] = [
                (_escapes(flax, code), lambda written: stored_advice, _ESCAPE, "stores a loop value in outside Python state"),
                (
                    _arrays_kept(flax, code),
                    lambda written: f"Compute the value before the loop (call `{_shortened(written, 40)}` once before it), or pass it in the carry.",
                    _COMPUTED_ESCAPE,
                    "keeps what it computes in outside Python state",
                ),
            ]
            for found, advice_for, why, what in kinds:
                for node, message in found:
                    if node in seen:
                        continue
                    seen.add(node)
                    written = _shortened(context.module.code_for_node(node), 60)
                    advice = advice_for(written)
                    yield in_loop(code, Report(
                        node,
                        f"`{written}` inside a raw lax.scan body {message}: {why} {advice}",
                        summary=f"`{_shortened(written, 30)}` inside a raw lax.scan body {what}",
                        help=advice,
                    ))


def _shortened(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _escapes(flax: FlaxFile, code: BodyCode) -> Iterator[tuple[cst.CSTNode, str]]:
    """Each statement of the body's code that stores a loop value in outside Python state, with
    what it stores into."""
    code_of = flax.index.module.code_for_node
    nnx_state: OutsideNnxState | None = None
    for call, scope in code.calls:
        func = call.func
        if not isinstance(func, (cst.Attribute, cst.Name)) or not _runs_in_body(code, scope):
            continue
        if isinstance(func, cst.Attribute) and func.attr.value in CONTAINER_UPDATES and any(_traced(code, arg.value, scope) for arg in call.args):
            holder = _container_holding(func.value)  # `history["loss"].append(loss)`: a list it holds
            if isinstance(holder, cst.Name):
                container = _outside_container(flax, code, holder, scope)
                made_where = " made outside the body"
            elif isinstance(holder, cst.Attribute):
                container = _outside_object_container(flax, code, holder, scope, call)
                made_where = ""
            else:
                container = None
            if container is not None:
                yield call, f"adds a value of the loop to `{code_of(func.value)}`, {container}{made_where}"
                continue
        stored = _method_storing_argument(flax, code, call, scope)
        if stored is not None and stored.lazy and not _filled_in_loop_and_read_after(flax, code, stored):
            stored = None
        if stored is not None and _emptied_after_loop(flax, code, stored):
            stored = None
        if stored is not None:
            nnx_state = nnx_state or OutsideNnxState(flax, code)
            if isinstance(func, cst.Attribute) and nnx_state.method_changing_state(func, scope) is not None:
                continue  # SCN105 reports it
            if flax.is_nnx(stored.class_node) and nnx_state.stateful_module(func, scope, rngs_passed=False) is not None:
                continue  # `model(x)` on an NNX module holding the container: SCN105 too
            yield call, stored.message
    parents = run_flags(flax).parents
    for target, scope in code.targets:
        if not _runs_in_body(code, scope):
            continue
        statement = parents.get(target)
        if isinstance(statement, cst.AssignTarget):
            statement = parents.get(statement)
        value = statement.value if isinstance(statement, (cst.Assign, cst.AugAssign, cst.AnnAssign)) else None
        if value is None or _closure_of_outside_values(flax, code, value, scope):
            continue
        if isinstance(target, cst.Subscript) and _key_filled_before_loop(flax, code, statement, target, scope):
            continue  # `if name not in _STREAMS: _STREAMS[name] = ...`, that one key filled before the loop
        if not _traced(code, value, scope):
            if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
                made = _made_in_loop(flax, code, statement, value, scope)
                container = _outside_container(flax, code, target.value, scope) if made is not None else None
                if container is not None:  # `memo["emb"] = model.embed(x)`: a tracer of the loop all the same
                    yield statement, f"stores {made} in `{code_of(target.value)}`, {container} made outside the body"
            continue
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
            container = _outside_container(flax, code, target.value, scope)
            if container is not None:
                yield statement, f"stores a value of the loop in `{code_of(target.value)}`, {container} made outside the body"
        elif isinstance(target, cst.Subscript) and isinstance(target.value, cst.Attribute):
            container = _outside_object_container(flax, code, target.value, scope, statement)
            if container is not None:
                yield statement, f"stores a value of the loop in `{code_of(target.value)}`, {container}"
        elif isinstance(target, cst.Name) and target.value in scope.declared_elsewhere:
            outer = scope.declared_elsewhere[target.value]
            where = "the module" if outer is flax.index.module_scope else "an enclosing function"
            if _filled_before_loop(flax, code, statement, scope):
                continue  # `if _MODEL is None: _MODEL = ...`, filled by a call before the loop
            if outer not in code.scopes and _read_outside(flax, target.value, outer, code.loop.call):
                yield statement, f"rebinds `{target.value}`, a name of {where}, to a value of the loop"
        elif isinstance(target, cst.Attribute) and _plain_class_attribute(flax, target, scope, statement):
            yield statement, f"stores a value of the loop in `{code_of(target)}`, an attribute of a class, which outlives the loop"


def _arrays_kept(flax: FlaxFile, code: BodyCode) -> Iterator[tuple[cst.Call, str]]:
    """`self.holder.get()` in the body, on an outside plain object whose method computes an
    array and keeps it in the object's state, itself or through a method of another object it
    holds (`self._variables = self._model.init(...)` on first use, `self.cache.put(label, out)`
    after `out = self._embed(feats)`): every JAX operation in the body gives a tracer of the
    loop, even on constants, so the object keeps one. Only when no call that may fill the
    attribute runs before the loop (a warm cache is not filled again), something reads the
    attribute after it, and the file shows every way to the loop (see `CallOrder`)."""
    for call, scope in code.calls:
        func = call.func
        if not isinstance(func, (cst.Attribute, cst.Name)) or not _runs_in_body(code, scope):
            continue
        receiver = func.value if isinstance(func, cst.Attribute) else func
        kept = _keeps_computed_array(flax, code, call, receiver, scope, 0)
        if kept is None:
            continue
        if _filled_in_loop_and_read_after(flax, code, kept) and not _emptied_after_loop(flax, code, kept):
            yield call, kept.message


def _filled_in_loop_and_read_after(flax: FlaxFile, code: BodyCode, kept: _Stored) -> bool:
    """Whether, in the program the file shows, no call that may fill the attribute a value is
    kept in runs before the loop (a filled cache is not filled again), and something reads it
    after the loop (see `CallOrder`)."""
    order = call_order(flax)
    loop_call = code.wrapped_call or code.loop.call  # the loop itself, not a wrapper's call of it
    fillers = [*kept.methods, *_fillers(flax, kept.class_node, kept.attribute)]
    # a property's getter runs where the property is read: reading it fills and reads the cache
    through_property = _reads_of(flax, kept.class_node, kept.property_read) if kept.property_read is not None else []
    reads = [*_reads_of(flax, kept.class_node, kept.attribute), *through_property]
    return order.runs_before(loop_call, fillers, through_property) is False and bool(order.runs_after(loop_call, reads))


def _emptied_after_loop(flax: FlaxFile, code: BodyCode, kept: _Stored) -> bool:
    """Whether the function running the loop calls, right after it and before anything reads
    the attribute a value is kept in, a method that empties it (`self.pool.reset()` whose
    `self._live.clear()` drops the sessions the loop stored): nothing the loop stored is used."""
    emptiers: list[cst.FunctionDef] = []
    emptied: set[cst.CSTNode] = set()
    for class_node in (kept.class_node, *flax.index.same_file_bases(kept.class_node)):
        for statement in class_node.body.body:
            if isinstance(statement, cst.FunctionDef):
                uses = _AttributeEmptying(flax, flax.index.self_name(flax.index.scope_of[statement]), kept.attribute)
                statement.body.visit(uses)
                if uses.emptied and not uses.other_uses:
                    emptiers.append(statement)
                    emptied |= uses.emptied
    if not emptiers:
        return False
    reads = [read for read in _reads_of(flax, kept.class_node, kept.attribute) if read not in emptied]
    return call_order(flax).runs_next(code.wrapped_call or code.loop.call, emptiers, reads)


class _AttributeEmptying(cst.CSTVisitor):
    """The uses of `self.<attribute>` in a method's own code that empty it (`.clear()`, or
    assigning an empty container or None), and whether it uses it otherwise."""

    def __init__(self, flax: FlaxFile, self_name: str | None, attribute: str) -> None:
        self.flax, self.self_name, self.attribute = flax, self_name, attribute
        self.emptied: set[cst.CSTNode] = set()
        self.other_uses = False

    def _is_attribute(self, node: cst.BaseExpression) -> bool:
        return self_attribute(node, self.self_name) == self.attribute

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "clear" and not node.args and self._is_attribute(func.value):
            self.emptied.add(func.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        targets = [t.target for t in node.targets]
        if len(targets) == 1 and self._is_attribute(targets[0]) and _empty_value(self.flax, node.value):
            self.emptied.add(targets[0])

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self._is_attribute(node) and node not in self.emptied:
            self.other_uses = True

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _keeps_computed_array(
    flax: FlaxFile, code: BodyCode, call: cst.Call, receiver: cst.BaseExpression, scope: Scope, depth: int
) -> _Stored | None:
    """How a call of an outside object's method comes to keep an array the method computes, or
    an NNX module it builds, whose Variables are arrays of the trace too (see `_arrays_kept`)."""
    for class_node, method_name, method, arguments_scope in _methods_run(flax, code, call, receiver, scope):
        method_scope = flax.index.scope_of[method]
        given = _passed_by(flax, call, method, arguments_scope)
        computed = _derived_names(method, set(), lambda value: computes_array(flax, value, method_scope))

        def holds_array(value: cst.BaseExpression, computed: set[str] = computed, method_scope: Scope = method_scope) -> bool:
            return _reads_any(value, computed) or computes_array(flax, value, method_scope)

        called = f"`{class_node.name.value}.{method_name}`"
        kept = _kept_in_state(flax, class_node, method, holds_array, lazy_fills=True, given=given)
        if kept is not None:
            return _Stored(f"runs {called}, which computes an array and {kept[0]}", class_node, kept[1].attr.value, [method])
        state = OutsideNnxState(flax, code)  # `self.layer = nnx.Linear(...)` on first use
        built = _kept_in_state(
            flax, class_node, method, lambda value: state.built_module_kind(value, method_scope) is not None, lazy_fills=True, given=given
        )
        if built is not None:
            return _Stored(f"runs {called}, which builds an NNX module and {built[0]}", class_node, built[1].attr.value, [method])
        by_property = _kept_by_property(flax, code, class_node, method)
        if by_property is not None:
            return _Stored(f"runs {called}, which {by_property.message}", class_node, by_property.attribute, [method, *by_property.methods], by_property.property_read)
        for inner, inner_scope in _method_calls(flax, method):
            inner_receiver = inner.func.value if isinstance(inner.func, cst.Attribute) else inner.func
            handed = _stored_through(flax, code, inner, inner_receiver, inner_scope, holds_array, 1, None, "it")
            if handed is not None:
                return _Stored(f"runs {called}, which computes an array and {handed.message}", handed.class_node, handed.attribute, [method, *handed.methods])
            if depth < 2:
                found = _keeps_computed_array(flax, code, inner, inner_receiver, inner_scope, depth + 1)
                if found is not None:
                    return _Stored(f"runs {called}, which {found.message}", found.class_node, found.attribute, [method, *found.methods])
    return None


def _kept_by_property(flax: FlaxFile, code: BodyCode, class_node: cst.ClassDef, method: cst.FunctionDef) -> _Stored | None:
    """`self.head` read by a method of an outside object, where `head` is a property of its
    class that keeps what it computes on first read: a `functools.cached_property` returning
    an array or a new NNX module, or a property whose getter fills an attribute lazily (`if
    self._head is None: self._head = ...`)."""
    reads = _SelfAttributeReads(flax.index.self_name(flax.index.scope_of[method]))
    walk(method.body, reads)
    for attribute in sorted(reads.found):
        getter = flax.property_getter(class_node, attribute)
        if getter is None:
            continue
        getter_scope = flax.index.scope_of[getter]
        if any(dotted(d.decorator) in ("cached_property", "functools.cached_property") for d in getter.decorators):
            returned = [r.value for r in returns_of(getter) if r.value is not None]
            state = OutsideNnxState(flax, code)
            kinds = {
                "computes an array" if computes_array(flax, value, getter_scope) else _builds(state.built_module_kind(value, getter_scope))
                for value in returned
            }
            if returned and len(kinds) == 1 and None not in kinds:
                what = f"reads `self.{attribute}`, a cached property that {kinds.pop()} on first read and keeps it"
                return _Stored(what, class_node, attribute, [], attribute)
            continue
        computed = _derived_names(getter, set(), lambda value, scope=getter_scope: computes_array(flax, value, scope))
        kept = _kept_in_state(
            flax, class_node, getter,
            lambda value: _reads_any(value, computed) or computes_array(flax, value, getter_scope), lazy_fills=True,
        )
        if kept is not None:
            what = f"reads the property `self.{attribute}`, whose getter computes an array and {kept[0]}"
            return _Stored(what, class_node, kept[1].attr.value, [getter], attribute)
    return None


def _builds(kind: str | None) -> str | None:
    return f"builds {kind}" if kind is not None else None


class _SelfAttributeReads(cst.CSTVisitor):
    """The `self.<attribute>` names a method's own code reads."""

    def __init__(self, self_name: str | None) -> None:
        self.self_name = self_name
        self.found: set[str] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if isinstance(node.value, cst.Name) and node.value.value == self.self_name:
            self.found.add(node.attr.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _reads_of(flax: FlaxFile, class_node: cst.ClassDef, attribute: str) -> list[cst.Attribute]:
    """The reads of an attribute on objects that may be of a class (by the object flow; an
    object not known is left out)."""
    flags = run_flags(flax)
    reads = []
    for read in flags.attribute_reads(attribute):
        made = flax.instances(read.value, flags.scope_at(read))
        classes = {class_node, *flax.index.subclasses(class_node)}
        if made and any(c in classes for construction, made_scope in made for c in flax.constructed_classes(construction, made_scope)):
            reads.append(read)
    return reads


def _fillers(flax: FlaxFile, class_node: cst.ClassDef, attribute: str) -> list[cst.FunctionDef]:
    """The methods of a class and its same-file bases that store into `self.<attribute>` a
    value other than `None` or an empty container: each may fill a cache before the loop
    (`warm_up(sample)` next to the lazy `__call__`)."""
    found = []
    pending, seen = [class_node], set()
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        pending.extend(flax.index.same_file_bases(current))
        for statement in current.body.body:
            if not isinstance(statement, cst.FunctionDef):
                continue
            for _, holder, value in _self_stores(flax, statement, flax.index.scope_of[statement], lazy_fills=True):
                if holder.attr.value == attribute and not _empty_value(flax, value):
                    found.append(statement)
                    break
    return found


def _empty_value(flax: FlaxFile, value: cst.BaseExpression) -> bool:
    """`None`, or a container made empty (`[]`, `{}`, `OrderedDict()`)."""
    if isinstance(value, cst.Name) and value.value == "None":
        return True
    if isinstance(value, (cst.List, cst.Dict, cst.Tuple, cst.Set)):
        return not value.elements
    return isinstance(value, cst.Call) and not value.args and _container_kind(flax, value) is not None


def _runs_in_body(code: BodyCode, scope: Scope) -> bool:
    """Whether code in `scope` runs when the body runs: the body itself or a helper its code
    calls, not a function it only hands on (a host callback). A method of an outside plain
    object the body calls is left out: what it stores is reported at the body's call of it
    (`_method_storing_argument`)."""
    assert code.loop.body is not None
    node = scope.node
    return (node is code.loop.body.node or node in code.entries) and not code.in_object_method(scope)


def _made_in_loop(flax: FlaxFile, code: BodyCode, statement: cst.CSTNode, value: cst.BaseExpression, scope: Scope) -> str | None:
    """What a value the body's code stores is, when it computes an array (every JAX operation in
    the body gives a tracer of the loop, even on constants) or builds an NNX module (whose
    Variables are such arrays too), and the store runs in the loop: not a lazy first fill (`if
    "k" not in memo:`) that something run before the loop may have made already, or whose
    function the file does not show run."""
    if computes_array(flax, value, scope):
        made = "an array computed in the loop"
    else:
        kind = OutsideNnxState(flax, code).built_module_kind(value, scope)
        if kind is None:
            return None
        made = f"{kind} built in the loop"
    if not run_flags(flax).conditions(statement):
        return made
    function = scope.node
    if function is not code.loop.body.node and call_order(flax).runs_before(code.loop.call, {function}) is False:  # type: ignore[union-attr]
        return made
    return None


def _filled_before_loop(flax: FlaxFile, code: BodyCode, statement: cst.CSTNode, scope: Scope) -> bool:
    """Whether a store the body's code makes under a condition (a lazy first fill, `if _MODEL is
    None:`) sits in a helper that surely runs before the loop too (`get_model()` warmed up in
    `main`): the first fill happened outside the trace, and the test keeps the loop from
    filling again."""
    function = scope.node
    if not run_flags(flax).conditions(statement) or function is code.loop.body.node:  # type: ignore[union-attr]
        return False
    return call_order(flax).runs_before(code.wrapped_call or code.loop.call, {function}) is True


def _key_filled_before_loop(flax: FlaxFile, code: BodyCode, statement: cst.CSTNode, target: cst.Subscript, scope: Scope) -> bool:
    """`if name not in _STREAMS: _STREAMS[name] = ...` in a helper that surely runs before the
    loop too (see `_filled_before_loop`), where every run gives the key the same one value: that
    entry was filled outside the trace, and the test keeps the loop from filling it again."""
    if len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index):
        return False
    key = target.slice[0].slice.value
    code_of = flax.index.module.code_for_node
    flags = run_flags(flax)
    tested = any(
        wanted
        and isinstance(condition, cst.Comparison)
        and len(condition.comparisons) == 1
        and isinstance(condition.comparisons[0].operator, cst.NotIn)
        and code_of(condition.left) == code_of(key)
        and code_of(condition.comparisons[0].comparator) == code_of(target.value)
        for condition, wanted in flags.conditions(statement)
    )
    if not tested or not _filled_before_loop(flax, code, statement, scope):
        return False
    values = flags.values(key, scope)
    return values is not None and len(values) == 1


def _outside_container(flax: FlaxFile, code: BodyCode, name: cst.Name, scope: Scope) -> str | None:
    """'a list' (a dict, ...) when `name` holds a Python container bound once outside the body's
    code and read outside it, or is a parameter of the module-level function running the loop
    that every call of it in the file fills with such a container, or a parameter of the factory
    that made the body, filled with one (`make_step(self.model, self.stats_box)`); None
    otherwise."""
    bound = code.bound_argument(name, scope)
    if bound is not None and not code.is_inside(bound[1]):
        value, value_scope = bound
        if isinstance(value, cst.Name) and value is not name:
            return _outside_container(flax, code, value, value_scope)
        if isinstance(value, cst.Attribute):
            statement = run_flags(flax).parents.get(value)
            return _outside_object_container(flax, code, value, value_scope, statement or value)
        return None
    found = scope.only_binding(name.value)
    if found is None or found[0] in code.scopes:
        return None
    binding_scope, value = found
    if isinstance(value, cst.Param):
        return _container_passed(flax, code, binding_scope, value)
    kind = _container_kind(flax, value)
    if kind is None or not _read_outside(flax, name.value, binding_scope, code.loop.call):
        return None
    return kind


def _container_passed(flax: FlaxFile, code: BodyCode, function_scope: Scope, parameter: cst.Param) -> str | None:
    """`train(model, xs, checkpoint)` with `checkpoint = {}` in the caller, read after the call:
    the kind of container every call of the module-level function fills `parameter` with."""
    function = function_scope.node
    if not isinstance(function, cst.FunctionDef) or function_scope.parent is not flax.index.module_scope:
        return None
    kinds = set()
    sites = flax.calls_running(function)
    for call, call_scope in sites:
        passed = dict(parameters_passed(function, function_scope, call, call_scope)).get(parameter)
        if isinstance(passed, cst.Call):
            # `warm_up(load_bundle(), xs)`: a container a same-file function returns, which the
            # function running the loop reads after it (`return bundle`)
            kind = _returned_container(flax, passed, call_scope)
            if kind is None or not _read_outside(flax, parameter.name.value, function_scope, code.loop.call):
                return None
            kinds.add(kind)
            continue
        found = call_scope.only_binding(passed.value) if isinstance(passed, cst.Name) else None
        kind = _container_kind(flax, found[1]) if found is not None else None
        if found is None or kind is None or not _read_outside(flax, passed.value, found[0], call):  # type: ignore[union-attr]
            return None
        kinds.add(kind)
    return kinds.pop() if len(kinds) == 1 else None


def _returned_container(flax: FlaxFile, call: cst.Call, scope: Scope) -> str | None:
    """The kind of container every return of the same-file function a call runs makes
    (`return {"graphdef": graphdef, "live": None}`), a new one at each call."""
    callee = flax.index.resolve_callable(call.func, scope)
    if callee is None or callee.via != "def" or not isinstance(callee.node, cst.FunctionDef):
        return None
    kinds = {_container_kind(flax, r.value) for r in returns_of(callee.node)}
    return kinds.pop() if len(kinds) == 1 and None not in kinds and not can_fall_off(callee.node) else None


def _container_kind(flax: FlaxFile, value: object) -> str | None:
    if isinstance(value, (cst.List, cst.ListComp)):
        return "a list"
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply):
        if isinstance(value.left, cst.List) or isinstance(value.right, cst.List):
            return "a list"  # `[None] * n_layers`
    if isinstance(value, (cst.Dict, cst.DictComp)):
        return "a dict"
    if isinstance(value, (cst.Set, cst.SetComp)):
        return "a set"
    if isinstance(value, cst.Call):
        made = flax.index.qualify(value.func) or (value.func.value if isinstance(value.func, cst.Name) else "")
        if made in _CONTAINER_MAKERS:
            return "a " + made.rsplit(".", 1)[-1]
        class_node = flax.index.class_named(value.func, flax.index.module_scope)
        for base in class_node.bases if class_node is not None else ():
            # `class ProjectionCache(dict)` that changes no way of storing: the container itself
            base_name = flax.index.qualify(base.value) or (base.value.value if isinstance(base.value, cst.Name) else "")
            if base_name in _CONTAINER_MAKERS and not any(
                flax.index.method_of(class_node, name) for name in ("__setitem__", "append", "update", "__init__")
            ):
                return f"a `{class_node.name.value}` (a {base_name.rsplit('.', 1)[-1]})"
    return None


def _traced(code: BodyCode, value: cst.BaseExpression, scope: Scope) -> bool:
    """Whether an expression reads a name the body's code binds other than through what is
    known while tracing (`x.shape`, `len(xs)`)."""
    reads = TracedReads()
    walk(value, reads)
    return any(code.binds(name, scope) and not _python_counter(code, name, scope) for name in reads.names)


def _closure_of_outside_values(flax: FlaxFile, code: BodyCode, value: cst.BaseExpression, scope: Scope) -> bool:
    """Whether a stored value is a function a factory makes from what is the same at every step
    and computes no array while making it (`make_step(self.model, self.variables)` binding the
    model and returning a closure): an object of Python, not a value of the trace."""
    return code.step_constant(value, scope) and flax.closure_made_without_arrays(value, scope)


def _python_counter(code: BodyCode, name: str, scope: Scope) -> bool:
    """Whether `name` is bound only as the counter of a Python loop the body unrolls while
    tracing: `for i in range(...)`, or the index of `for i, w in enumerate(...)`. It is a
    Python int, not a tracer."""
    found = scope.lookup(name)
    if found is None or found[0] is not scope or len(found[1]) != 1 or isinstance(found[1][0], cst.CSTNode):
        return False  # a loop target is bound opaquely, and only once
    counters = code.python_counters.get(scope)
    if counters is None:
        collector = _Counters()
        walk(scope.node, collector)
        counters = code.python_counters[scope] = frozenset(
            counter for counter, times in collector.found.items() if times == 1 and counter not in collector.other
        )
    return name in counters


class _Counters(SemanticVisitor):
    """The names the `for` statements of one function (not its nested ones) bind: how often each
    is bound as a `range` counter or an `enumerate` index, and the names bound any other way."""

    def __init__(self) -> None:
        self.found: dict[str, int] = {}
        self.other: set[str] = set()
        self.depth = 0

    def visit_For(self, node: cst.For) -> None:
        target, iterated = node.target, node.iter
        called = iterated.func.value if isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) else None
        if isinstance(target, cst.Name):
            if called == "range":
                self.found[target.value] = self.found.get(target.value, 0) + 1
            else:
                self.other.add(target.value)
        elif isinstance(target, cst.Tuple):
            names = [e.value.value for e in target.elements if isinstance(e.value, cst.Name)]
            first = target.elements[0].value
            if called == "enumerate" and len(target.elements) == 2 and isinstance(first, cst.Name):
                self.found[first.value] = self.found.get(first.value, 0) + 1
                names = names[1:] if names and names[0] == first.value else names
            self.other.update(names)

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            self.depth += 1
            return self.depth == 1
        return super().on_visit(node)

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if isinstance(original_node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            self.depth -= 1
        super().on_leave(original_node)


def _plain_class_attribute(flax: FlaxFile, target: cst.Attribute, scope: Scope, statement: cst.CSTNode) -> bool:
    """`Snapshots.latest = ...`: an attribute of a module-level plain class, which the file
    reads elsewhere."""
    if not isinstance(target.value, cst.Name):
        return False
    found = scope.lookup(target.value.value)
    if found is None or found[0] is not flax.index.module_scope or len(found[1]) != 1:
        return False
    class_node = found[1][0]
    return (
        isinstance(class_node, cst.ClassDef)
        and flax.is_plain(class_node)
        and run_flags(flax).attribute_read_elsewhere(target.attr.value, statement)
    )


def _read_outside(flax: FlaxFile, name: str, binding_scope: Scope, anchor: cst.Call) -> bool:
    """Whether `name` may be read after `anchor` (the loop call, or the call that hands the
    container to the function running it): a module-level name always (it outlives every call,
    and the code reading it may be anywhere); a function's name when one of its statements
    after the one holding `anchor` reads it (any of its statements, when none holds it)."""
    owner = binding_scope.node
    if isinstance(owner, cst.Module):
        return True
    if not (isinstance(owner, cst.FunctionDef) and isinstance(owner.body, cst.IndentedBlock)):
        return False
    statements = list(owner.body.body)
    flags = run_flags(flax)
    anchor_at = next((i for i, s in enumerate(statements) if flags.encloses(s, anchor)), None)
    # a function of its own that reads the name (`def cached(): return memo["k"]`) reads it
    # where it is called
    readers = set()
    for statement in statements:
        if isinstance(statement, cst.FunctionDef):
            nested = _Reads(name)
            walk(statement.body, nested)
            if nested.found and name not in _assigned_names(statement):
                readers.add(statement.name.value)
    reads = _Reads(name, readers)
    for statement in statements[anchor_at + 1 :] if anchor_at is not None else statements:
        walk(statement, reads)
    if reads.found:
        return True
    # the loop runs in a function of its own (`def refine(x0): ... while_loop(...); use(memo)`)
    return anchor_at is not None and _read_after_in(flax, statements[anchor_at], name, anchor)


def _read_after_in(flax: FlaxFile, function: cst.CSTNode, name: str, anchor: cst.Call, depth: int = 0) -> bool:
    """Whether a nested function holding `anchor` reads `name` (not rebinding it) in a statement
    after the one holding `anchor`, or in a function nested deeper that holds it."""
    if depth > 3 or not isinstance(function, cst.FunctionDef) or not isinstance(function.body, cst.IndentedBlock):
        return False
    if name in _assigned_names(function):
        return False
    statements = list(function.body.body)
    flags = run_flags(flax)
    anchor_at = next((i for i, s in enumerate(statements) if flags.encloses(s, anchor)), None)
    if anchor_at is None:
        return False
    reads = _Reads(name)
    for statement in statements[anchor_at + 1 :]:
        walk(statement, reads)
    return reads.found > 0 or _read_after_in(flax, statements[anchor_at], name, anchor, depth + 1)


def _assigned_names(function: cst.FunctionDef) -> set[str]:
    """The plain names a function binds itself (its own locals, parameters included)."""
    scope_names = {p.name.value for p in (*function.params.posonly_params, *function.params.params, *function.params.kwonly_params)}
    targets = _Targets()
    walk(function.body, targets)
    return scope_names | targets.names


class _Targets(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        if isinstance(node.target, cst.Name):
            self.names.add(node.target.value)


class _Reads(cst.CSTVisitor):
    """Counts the reads of a name in a function's own statements, outside its nested functions
    and classes."""

    def __init__(self, name: str, readers: set[str] | None = None) -> None:
        self.name = name
        self.readers = readers or set()  # functions that read it when called
        self.found = 0

    def visit_Name(self, node: cst.Name) -> None:
        self.found += node.value == self.name

    def visit_Call(self, node: cst.Call) -> None:
        self.found += isinstance(node.func, cst.Name) and node.func.value in self.readers

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_AssignTarget(self, node: cst.AssignTarget) -> bool:
        return not isinstance(node.target, cst.Name)  # `d[k] = v` reads `d`; `d = v` does not

    def visit_Global(self, node: cst.Global) -> bool:
        return False

    def visit_Nonlocal(self, node: cst.Nonlocal) -> bool:
        return False


def _outside_object_container(
    flax: FlaxFile, code: BodyCode, holder: cst.Attribute, scope: Scope, statement: cst.CSTNode
) -> str | None:
    """'a list `Trainer.__init__` made' for `self.<attr>` in the body's code, where `self` is an
    object of a plain (not Flax) same-file class made outside the body (the object whose method
    runs the loop, or one such a method is called on) and `__init__` stores a container there
    that the file reads elsewhere."""
    receiver = holder.value
    if not isinstance(receiver, cst.Name) or receiver.value != flax.index.self_name(scope):
        return _held_object_container(flax, code, holder, scope, statement)
    found = scope.enclosing_method()
    if found is None or flax.is_linen(found[1]) or flax.is_nnx(found[1]) or not code.object_outside(receiver, scope):
        return None
    stored = flax.index.stored_by_init(holder, scope)
    kind = _container_kind(flax, stored[0]) if stored is not None else None
    if kind is None and holder.attr.value in flax.self_attribute_values(found[1], "__init__"):
        kind = _container_attribute(flax, found[1], holder.attr.value)  # emptied again elsewhere
    if kind is None or not run_flags(flax).attribute_read_elsewhere(holder.attr.value, statement):
        return None
    return f"{kind} `{found[1].name.value}.__init__` made"


def _held_object_container(
    flax: FlaxFile, code: BodyCode | None, holder: cst.Attribute, scope: Scope, statement: cst.CSTNode
) -> str | None:
    """'a list `Logger.__init__` made' for `<object>.<attr>` in the body's code
    (`experiment.logger.snapshots`), or in a method of an outside object (`code` None: what it
    holds was made outside the body too), where every object the expression may hold is known,
    made outside the body, of a plain same-file class whose `__init__` stores a container there
    that the file reads elsewhere."""
    made = flax.instances(holder.value, scope)
    if not made or code is not None and any(code.is_inside(made_scope) for _, made_scope in made):
        return None
    described = set()
    for construction, construction_scope in made:
        class_node = flax.local_class(construction.func, construction_scope)
        if class_node is None or not flax.is_plain(class_node):
            return None
        values = flax.self_attribute_values(class_node, "__init__").get(holder.attr.value, [])
        kind = _container_kind(flax, values[0]) if len(values) == 1 else None
        maker = f"`{class_node.name.value}.__init__` made"
        if kind is None and not values and flax.index.method_of(class_node, "__init__") is None:
            factory = dataclass_field_factory(flax.index, class_node, holder.attr.value)
            made = (flax.index.qualify(factory) or (factory.value if isinstance(factory, cst.Name) else None)) if factory is not None else None
            kind = "a " + made.rsplit(".", 1)[-1] if made in _CONTAINER_MAKERS else None  # `field(default_factory=list)`
            maker = f"the `{class_node.name.value}` field's `default_factory` made"
        if kind is None:
            return None
        described.add(f"{kind} {maker}")
    if len(described) != 1 or not run_flags(flax).attribute_read_elsewhere(holder.attr.value, statement):
        return None
    return described.pop()


def _method_storing_argument(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> _Stored | None:
    """`hook.after_step(step, loss)` in the body, on an object of a plain same-file class made
    outside it (any of those a list of hooks holds), whose method stores an argument the body
    passes a loop value for, or what it computes from one, in the object's own state: appends
    it to a list the object made, stores it under a key of one, or sets an attribute to it,
    which the file reads elsewhere; also `extractor(x)` (its `__call__`), and when the method
    hands the value on to such a method of another object (a callback list's `on_step_end`
    calling each callback's)."""
    func = call.func
    receiver, receiver_scope = (func.value if isinstance(func, cst.Attribute) else func), scope
    if isinstance(receiver, cst.Name):  # `tree.record(x)` in a helper the body hands `tree`
        receiver, receiver_scope = code.closed_over_argument(receiver, scope) or (receiver, scope)
    forwarded = _forwarded_by_helper(code, scope)
    return _stored_through(flax, code, call, receiver, receiver_scope, lambda value: _traced(code, value, scope), 0, forwarded)


def _forwarded_by_helper(code: BodyCode, scope: Scope) -> _Forwarded | None:
    """For a call in a helper of the body that hands on its `*args` or `**kwargs` (`fn(*args)`
    in `def _emit(self, event, *args)`): what they collect that carries a loop value, over
    every call of the helper in the body's code."""
    function = scope.node
    if not isinstance(function, cst.FunctionDef):
        return None
    params = function.params
    if not isinstance(params.star_arg, cst.Param) and not isinstance(params.star_kwarg, cst.Param):
        return None
    named = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
    positions: set[int] = set()
    keywords: set[str] = set()
    for call, call_scope in code.entries.get(function, []):
        positional = [*params.posonly_params, *params.params]
        if binds_self(function, scope, call, call_scope):
            positional = positional[1:]
        plain = [arg for arg in call.args if not arg.star and arg.keyword is None]
        if any(arg.star for arg in call.args):
            return None
        positions |= {i for i, arg in enumerate(plain[len(positional):]) if _traced(code, arg.value, call_scope)}
        keywords |= {
            arg.keyword.value
            for arg in call.args
            if arg.keyword is not None and arg.keyword.value not in named and _traced(code, arg.value, call_scope)
        }
    return _Forwarded(frozenset(positions), frozenset(keywords))


def _stored_through(
    flax: FlaxFile,
    code: BodyCode,
    call: cst.Call,
    receiver: cst.BaseExpression,
    receiver_scope: Scope,
    carries_loop_value: Callable[[cst.BaseExpression], bool],
    depth: int,
    forwarded: _Forwarded | None = None,
    handed: str = "a value of the loop",
) -> _Stored | None:
    """How a call of an outside object's method stores what `carries_loop_value` accepts among
    its arguments in the object's state (see `_method_storing_argument`), or hands it on to a
    method of another object that does. On an NNX module only a store into a Python container
    counts: setting one of its attributes is NNX state, SCN105's."""
    for class_node, method_name, method, arguments_scope in _methods_run(flax, code, call, receiver, receiver_scope, nnx_modules=True):
        method_scope = flax.index.scope_of[method]
        passed, collected = _loop_values_given(method, method_scope, call, arguments_scope, carries_loop_value, forwarded)
        if not passed:
            continue
        passed = _derived_names(method, passed)
        called = f"`{class_node.name.value}.{method_name}`"
        sets = not flax.is_nnx(class_node)
        given = _passed_by(flax, call, method, arguments_scope)
        what = _kept_in_state(flax, class_node, method, lambda value, passed=passed: _reads_any(value, passed), sets=sets, given=given)
        if what is not None:
            return _Stored(f"passes {handed} to {called}, which {what[0]}", class_node, what[1].attr.value, [method])
        what = _kept_in_state(
            flax, class_node, method, lambda value, passed=passed: _reads_any(value, passed), lazy_fills=True, sets=sets, given=given
        )
        if what is not None:  # `if self.shadow is None: self.shadow = params`: see `_lazy_fill_escapes`
            return _Stored(f"passes {handed} to {called}, which {what[0]}", class_node, what[1].attr.value, [method], lazy=True)
        if depth < 2:
            for inner, inner_scope in _method_calls(flax, method):
                inner_receiver = inner.func.value if isinstance(inner.func, cst.Attribute) else inner.func
                found = _stored_through(
                    flax, code, inner, inner_receiver, inner_scope,
                    lambda value, passed=passed: _reads_any(value, passed), depth + 1, collected, handed,
                )
                if found is not None:
                    message = found.message.replace(f"passes {handed} to", f"passes {handed} to {called}, which hands it to", 1)
                    return _Stored(message, found.class_node, found.attribute, [method, *found.methods])
    return None


def _passed_by(flax: FlaxFile, call: cst.Call, method: cst.FunctionDef, scope: Scope) -> dict[str, tuple[cst.BaseExpression, Scope]]:
    """What a call of a method passes, by parameter name, with the scope its arguments are read in."""
    return {p.name.value: (v, scope) for p, v in parameters_passed(method, flax.index.scope_of[method], call, scope)}


@dataclass(frozen=True)
class _Stored:
    """How a call comes to keep a value in an object's state: the message, the class of the
    object keeping it, the attribute it is kept in, and the methods on the way."""

    message: str
    class_node: cst.ClassDef
    attribute: str
    methods: list[cst.CSTNode]
    property_read: str | None = None  # the property whose first read fills it (`self.head`)
    lazy: bool = False  # kept by a lazy first fill only (`if self.shadow is None: ...`)


def _methods_run(
    flax: FlaxFile,
    code: BodyCode,
    call: cst.Call,
    receiver: cst.BaseExpression,
    receiver_scope: Scope,
    nnx_modules: bool = False,
) -> Iterator[tuple[cst.ClassDef, str, cst.FunctionDef, Scope]]:
    """The methods a call of an object may run, when every object it may be is known, made
    outside the body, of a plain same-file class: (the class, the method's name, the method,
    the scope the call's arguments are read in). A method the body's code runs as its own
    (a helper, not a method of an outside object) is left out. `self.predict(x)` where no class
    of `self` has a method `predict` runs the `__call__` of the object the attribute holds (a
    retry wrapper kept as `self.predict = RetryWithBackoff(model)`). With `nnx_modules`, objects
    of same-file NNX modules count too."""
    func = call.func
    method_names = [func.attr.value if isinstance(func, cst.Attribute) else "__call__"]
    looked_up = flax.looked_up_method(func, receiver_scope, code)
    if looked_up is not None:  # `hook = getattr(cb, f"on_{event}", None)`, then `hook(**kwargs)`
        receiver, receiver_scope, method_names, _ = looked_up
    classes = _plain_classes_outside(flax, code, receiver, receiver_scope, nnx_modules)
    if (
        classes
        and looked_up is None
        and isinstance(func, cst.Attribute)
        and receiver is func.value
        and not any(flax.index.defining_class(c, func.attr.value) for c in classes)
    ):
        classes, receiver, method_names = _plain_classes_outside(flax, code, func, receiver_scope, nnx_modules), func, ["__call__"]
    if classes is None and looked_up is None and isinstance(func, cst.Name):
        yield from _bound_methods_run(flax, code, func, receiver_scope)
        return
    for class_node in sorted(classes or (), key=lambda c: c.name.value):
        for method_name in method_names:
            owner = flax.index.defining_class(class_node, method_name)  # type: ignore[arg-type]
            method = flax.index.method_of(owner, method_name) if owner is not None else None
            if method is None or (method in code.functions and method not in code.object_methods):
                continue
            yield class_node, method_name, method, receiver_scope  # type: ignore[misc]


def _bound_methods_run(
    flax: FlaxFile, code: BodyCode, func: cst.Name, scope: Scope
) -> Iterator[tuple[cst.ClassDef, str, cst.FunctionDef, Scope]]:
    """`hook(step, updates)` with `for hook in self.hooks` and the hooks bound methods
    (`[sync.on_step, log.on_step]`): each method, when every value the name may hold is a
    method of one name of an object of a plain same-file class made outside the body. Methods
    of several names are handlers the flow cannot tell apart (an event bus runs those of one
    topic, `on_flow` but not `on_settled`), so none is taken to run."""
    flow = flax.flow
    origins = flow.origins(func, scope) if flow.converged else set()
    if not origins or not all(isinstance(o, BoundMethod) and isinstance(o.receiver, cst.Call) for o in origins):
        return
    if len({o.function.name.value for o in origins}) != 1:  # type: ignore[attr-defined]
        return
    flags = run_flags(flax)
    found = []
    for origin in origins:
        receiver_scope = flags.scope_at(origin.receiver)  # type: ignore[attr-defined]
        classes = flax.constructed_classes(origin.receiver, receiver_scope)  # type: ignore[attr-defined]
        if code.is_inside(receiver_scope) or len(classes) != 1 or classes[0] is None or not flax.is_plain(classes[0]):
            return
        found.append((classes[0], origin.function.name.value, origin.function, scope))  # type: ignore[attr-defined]
    yield from sorted(found, key=lambda each: (each[0].name.value, each[1]))


_SEQUENCE_ADDS = frozenset({"append", "appendleft", "extend", "insert", "add"})
_CONTAINER_FACTORIES = frozenset({"list", "set", "dict", "collections.deque"})


def _holds_containers(flax: FlaxFile, class_node: cst.ClassDef, attribute: str) -> bool:
    """Whether every value the class's methods store in `self.<attribute>` is a container of
    containers: `defaultdict(list)`, or a literal or comprehension whose elements are all list,
    set or dict literals (`{"loss": [], "acc": []}`, `{name: [] for name in HOOKS}`)."""
    values = [
        value
        for statement in class_node.body.body
        if isinstance(statement, cst.FunctionDef)
        for value in flax.self_attribute_values(class_node, statement.name.value).get(attribute, [])
    ]

    def holds_containers(value: cst.BaseExpression) -> bool:
        if isinstance(value, cst.Call) and flax.index.qualify(value.func) == "collections.defaultdict" and value.args:
            factory = value.args[0].value
            return (flax.index.qualify(factory) or (factory.value if isinstance(factory, cst.Name) else "")) in _CONTAINER_FACTORIES
        if isinstance(value, (cst.DictComp, cst.ListComp)):  # `{name: [] for name in HOOKS}`
            return isinstance(value.value if isinstance(value, cst.DictComp) else value.elt, (cst.List, cst.Set, cst.Dict))
        if isinstance(value, cst.Dict):
            elements = [e.value for e in value.elements if isinstance(e, cst.DictElement)]
        elif isinstance(value, (cst.List, cst.Tuple)):
            elements = [e.value for e in value.elements]
        else:
            return False
        return bool(elements) and len(elements) == len(value.elements) and all(
            isinstance(e, (cst.List, cst.Set, cst.Dict)) for e in elements
        )

    return bool(values) and all(holds_containers(value) for value in values)


def _plain_classes_outside(
    flax: FlaxFile, code: BodyCode, node: cst.BaseExpression, scope: Scope, nnx_modules: bool = False
) -> set[cst.ClassDef] | None:
    """The classes of the objects an expression may hold, when each is known, made outside the
    body, of a plain same-file class (or, with `nnx_modules`, a same-file NNX module); None
    otherwise."""
    made = flax.instances(node, scope)
    if not made or any(code.is_inside(made_scope) for _, made_scope in made):
        return None
    classes = {c for construction, made_scope in made for c in flax.constructed_classes(construction, made_scope)}
    if None in classes or any(flax.is_linen(c) or flax.is_nnx(c) and not nnx_modules for c in classes):
        return None
    return classes  # type: ignore[return-value]


def _kept_in_state(
    flax: FlaxFile,
    class_node: cst.ClassDef,
    method: cst.FunctionDef,
    wanted: Callable[[cst.BaseExpression], bool],
    lazy_fills: bool = False,
    sets: bool = True,
    given: dict[str, tuple[cst.BaseExpression, Scope]] | None = None,
) -> tuple[str, cst.Attribute] | None:
    """How a method keeps a value `wanted` accepts in its object's own state, which the file
    reads elsewhere ("sets `self.best` to it", "stores it in `self.losses`, a list the object
    keeps"; without `sets`, only the latter), with the attribute; None when it keeps none.
    `given`, what the call running the method passes, leaves out the stores it switches off
    (`if cache:` in a call passing `cache=False`)."""
    code_of = flax.index.module.code_for_node
    flags = run_flags(flax)
    for store, holder, value in _self_stores(flax, method, flax.index.scope_of[method], lazy_fills):
        if not wanted(value) or not flags.attribute_read_elsewhere(holder.attr.value, store):
            continue
        if given is not None and flags.never_runs_in_run(store, given):
            continue
        if isinstance(store, cst.Call) and isinstance(store.func, cst.Attribute) and isinstance(store.func.value, cst.Subscript):
            # `self.series[name].append(v)`: only into containers the attribute's container holds
            if store.func.attr.value not in _SEQUENCE_ADDS or not _holds_containers(flax, class_node, holder.attr.value):
                continue
        if store is holder:
            if sets:
                return f"sets `{code_of(holder)}` to it", holder
            continue
        if isinstance(holder.value, cst.Name):
            kind = _container_attribute(flax, class_node, holder.attr.value)
        else:  # `self.recorder.rows`: what the held object's class keeps there
            kind = _held_object_container(flax, None, holder, flax.index.scope_of[method], store)
        if kind is not None:
            return f"stores it in `{code_of(holder)}`, {kind} the object keeps", holder
    return None


@dataclass(frozen=True)
class _Forwarded:
    """What a method's `*args` and `**kwargs` collected that carries a loop value: the
    positions within `*args`, and the keywords within `**kwargs`."""

    positions: frozenset[int] = frozenset()
    keywords: frozenset[str] = frozenset()


def _loop_values_given(
    method: cst.FunctionDef,
    method_scope: Scope,
    call: cst.Call,
    call_scope: Scope,
    carries_loop_value: Callable[[cst.BaseExpression], bool],
    forwarded: _Forwarded | None,
) -> tuple[set[str], _Forwarded]:
    """The parameters of a method that a call of it gives a loop value, by name, and what of
    those values its `*args` and `**kwargs` collect (`emit("post_forward", name, out)`,
    `fire("step_end", predictions=pred)`). A `*args` or `**kwargs` the call hands on
    (`hook(*args)`, `hook(**kwargs)`) gives the method's parameters at the positions, or named
    like the keywords, the level above collected (`forwarded`)."""
    passed = {
        param.name.value
        for param, value in parameters_passed(method, method_scope, call, call_scope)
        if carries_loop_value(value)
    }
    params = method.params
    positional = [*params.posonly_params, *params.params]
    if binds_self(method, method_scope, call, call_scope):
        positional = positional[1:]
    named = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
    before_star = 0
    for arg in call.args:
        if arg.star == "*" and forwarded is not None and carries_loop_value(arg.value):
            passed |= {positional[before_star + i].name.value for i in forwarded.positions if before_star + i < len(positional)}
        elif arg.star == "**" and forwarded is not None and carries_loop_value(arg.value):
            passed |= named & forwarded.keywords
        elif not arg.star and arg.keyword is None:
            before_star += 1
    extra = [arg for arg in call.args if not arg.star and arg.keyword is None][len(positional):]
    positions = frozenset(i for i, arg in enumerate(extra) if carries_loop_value(arg.value)) if isinstance(params.star_arg, cst.Param) else frozenset()
    if positions:
        assert isinstance(params.star_arg, cst.Param)
        passed.add(params.star_arg.name.value)
    keywords: frozenset[str] = frozenset()
    if isinstance(params.star_kwarg, cst.Param):
        keywords = frozenset(
            arg.keyword.value
            for arg in call.args
            if arg.keyword is not None and arg.keyword.value not in named and carries_loop_value(arg.value)
        )
        if keywords:
            passed.add(params.star_kwarg.name.value)
    return passed, _Forwarded(positions, keywords)


def _derived_names(
    method: cst.FunctionDef, names: set[str], computed: Callable[[cst.BaseExpression], bool] = lambda value: False
) -> set[str]:
    """`names` and the local names a method binds, in its own code, to values computed from
    them (`feats = self.backbone(x)` with `x` among `names`), or to values `computed` accepts."""
    assignments = _LocalAssignments()
    walk(method.body, assignments)
    derived = set(names)
    grown = True
    while grown:
        grown = False
        for targets, value in assignments.found:
            if not targets <= derived and (_reads_any(value, derived) or computed(value)):
                derived |= targets
                grown = True
    return derived


class _LocalAssignments(cst.CSTVisitor):
    """The plain-name assignments of one function's own code: (the names bound, the value)."""

    def __init__(self) -> None:
        self.found: list[tuple[set[str], cst.BaseExpression]] = []

    def visit_Assign(self, node: cst.Assign) -> None:
        names = {
            target.value for target in unpacked_targets([t.target for t in node.targets]) if isinstance(target, cst.Name)
        }
        if names:
            self.found.append((names, node.value))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _container_attribute(flax: FlaxFile, class_node: cst.ClassDef, attribute: str) -> str | None:
    """'a list' (a dict, ...) when every method of a class that sets `self.<attribute>` sets it
    to a container of that kind (`self.losses = []` in `__init__` and again in `reset`)."""
    kinds = {
        _container_kind(flax, value)
        for statement in class_node.body.body
        if isinstance(statement, cst.FunctionDef)
        for value in flax.self_attribute_values(class_node, statement.name.value).get(attribute, [])
    }
    if not kinds:  # a dataclass field: `losses: list = field(default_factory=list)`
        kinds = {_field_container_kind(flax, class_node, attribute)}
    return kinds.pop() if len(kinds) == 1 else None


def _field_container_kind(flax: FlaxFile, class_node: cst.ClassDef, attribute: str) -> str | None:
    """'a list' (a dict, ...) for a dataclass field whose default factory makes that container."""
    if not is_dataclass(flax.index, class_node):
        return None
    for statement in class_node.body.body:
        line = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else None
        if not (isinstance(line, cst.AnnAssign) and isinstance(line.target, cst.Name) and line.target.value == attribute):
            continue
        factory = keyword_argument(line.value, "default_factory") if isinstance(line.value, cst.Call) else None
        return _container_kind(flax, cst.Call(func=factory)) if factory is not None else None
    return None


def _method_calls(flax: FlaxFile, method: cst.FunctionDef) -> list[tuple[cst.Call, Scope]]:
    """The `<object>.<method>(...)` calls a method makes itself (not in nested functions), and
    its calls of objects (`self._hooks[name](value)`, `hook(value)`)."""
    calls = _AttributeCalls()
    walk(method.body, calls)
    return [(call, flax.index.scope_of[method]) for call in calls.found]


class _AttributeCalls(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found: list[cst.Call] = []

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, (cst.Name, cst.Subscript)) or (
            isinstance(node.func, cst.Attribute) and node.func.attr.value not in CONTAINER_UPDATES
        ):
            self.found.append(node)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _container_holding(element: cst.BaseExpression) -> cst.BaseExpression:
    """The container that holds a container a store goes into: `self.series` for
    `self.series[name]`, and for `self.frames.setdefault(name, [])`."""
    while True:
        if isinstance(element, cst.Subscript):
            element = element.value
        elif (
            isinstance(element, cst.Call)
            and isinstance(element.func, cst.Attribute)
            and element.func.attr.value == "setdefault"
            and len(element.args) == 2
        ):
            element = element.func.value
        else:
            return element


def _self_stores(
    flax: FlaxFile, method: cst.FunctionDef, method_scope: Scope, lazy_fills: bool = False
) -> Iterator[tuple[cst.CSTNode, cst.Attribute, cst.BaseExpression]]:
    """What a method stores in its object's own state: (the statement or call, the `self.<attr>`
    it stores into, the value), for `self.<attr>.append(v)` (and the other in-place updates),
    `self.<attr>[k] = v` (the attribute is the holder), and `self.<attr> = v` and
    `self.<attr>.<field> = v` (the holder is the target itself). A lazy first fill (`if
    self.params is None: self.params = ...`) only with `lazy_fills`: whether it runs in the loop
    depends on what ran before it."""
    self_name = flax.index.self_name(method_scope)
    stores = _SelfStores(self_name, lazy_fills)
    walk(method.body, stores)
    yield from stores.found


class _SelfStores(cst.CSTVisitor):
    """The stores of `_self_stores`."""

    def __init__(self, self_name: str | None, lazy_fills: bool) -> None:
        self.self_name = self_name
        self.lazy_fills = lazy_fills
        self.found: list[tuple[cst.CSTNode, cst.Attribute, cst.BaseExpression]] = []
        self.lazy: list[str] = []  # the attributes of the enclosing `if self.<attr> is None:` tests

    def _own(self, node: cst.BaseExpression) -> bool:
        attribute = self_attribute(node, self.self_name)
        return attribute is not None and attribute not in self.lazy

    def _lazily_filled(self, test: cst.BaseExpression) -> str | None:
        if (
            isinstance(test, cst.Comparison)
            and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.Is)
            and isinstance(test.comparisons[0].comparator, cst.Name)
            and test.comparisons[0].comparator.value == "None"
            and isinstance(test.left, cst.Attribute)
            and isinstance(test.left.value, cst.Name)
            and test.left.value.value == self.self_name
        ):
            return test.left.attr.value
        return None

    def visit_If(self, node: cst.If) -> None:
        self.lazy.append("" if self.lazy_fills else self._lazily_filled(node.test) or "")

    def leave_If(self, original_node: cst.If) -> None:
        self.lazy.pop()

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in CONTAINER_UPDATES):
            return
        holder = _container_holding(func.value)  # `self.series[name].append(v)`: a list it holds
        # also `self.recorder.rows.append(v)`: a container of an object it holds
        if self._own(holder) or isinstance(holder, cst.Attribute) and self._own(holder.value):
            for arg in node.args:
                self.found.append((node, holder, arg.value))  # type: ignore[arg-type]

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._store(node, target.target, node.value)

    def _store(self, node: cst.Assign, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if self._own(target):
            self.found.append((target, target, value))  # type: ignore[arg-type]
        elif isinstance(target, cst.Attribute) and self._own(target.value):
            self.found.append((target, target, value))  # `self.state.variables = ...`: an object it holds
        elif isinstance(target, cst.Subscript) and self._own(target.value):
            self.found.append((node, target.value, value))  # type: ignore[arg-type]
        elif isinstance(target, (cst.Tuple, cst.List)):  # `self.hidden, logits = policy(self.hidden, obs)`
            elements = [e for e in target.elements if not isinstance(e, cst.StarredElement)]
            paired = (
                value.elements
                if isinstance(value, (cst.Tuple, cst.List))
                and len(value.elements) == len(target.elements)
                and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements))
                else None
            )
            for position, element in enumerate(elements):
                self._store(node, element.value, paired[position].value if paired is not None else value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _reads_any(value: cst.BaseExpression, names: set[str]) -> bool:
    reads = TracedReads()
    walk(value, reads)
    return bool(reads.names & names)
