"""The carry of each raw loop, entering and leaving its body, as abstract values.

For `lax.scan(f, init, xs)` the body runs on `(init, x)` with `x` one slice of `xs`; for
`fori_loop` on `(i, init_val)`; for `while_loop` on `init_val`. Like JAX, when the init holds
weakly typed leaves (Python scalars) whose type the body changes, the init is promoted to the
body's result type and the body is run again: only what still differs then is an error.

The analysis runs under both x64 settings and keeps a difference only when both show it, since
a file does not decide how it is run.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from scanlint.analysis.abstract_values import (
    NONE,
    UNKNOWN,
    Array,
    Difference,
    Node,
    Value,
    differences,
    join_all,
    leaves_with_paths,
    path_step,
)
from scanlint.analysis.evaluate import AnyValue, Evaluator, Frame, Function, OutOfBudget, slice_leading
from scanlint.analysis.resolver import LoopCall, ScanIndex, argument
from scanlint.analysis.signature_table import Table, table


@dataclass(frozen=True)
class CarryExit:
    """One way out of the body: the expression that becomes the new carry, and how it differs."""

    node: cst.CSTNode
    leaving: Value
    differences: tuple[Difference, ...]
    pair_node: str | None = None  # a 2-child class instance JAX split into (carry, out)


@dataclass(frozen=True)
class CarryAnalysis:
    loop: LoopCall
    entering: Value  # the init as the body finally sees it (after weak-type promotion)
    exits: tuple[CarryExit, ...]
    x64: bool
    returns: tuple[tuple[cst.CSTNode, AnyValue], ...] = ()  # what each return of the body gives


def carry_analysis(index: ScanIndex, loop: LoopCall) -> CarryAnalysis | None:
    """The carry's abstract types for `loop`, with the differences both x64 settings agree on;
    None when the init or the body cannot be seen."""
    cache = index.derived.setdefault(CarryAnalysis, {})
    assert isinstance(cache, dict)
    if loop.call not in cache:
        cache[loop.call] = _agreed(index, loop)
    return cache[loop.call]


def _agreed(index: ScanIndex, loop: LoopCall) -> CarryAnalysis | None:
    file_x64 = _enables_x64(index)
    shown = _analyse(index, loop, table(file_x64))
    if shown is None:
        return None
    if not any(exit_.differences for exit_ in shown.exits):
        return shown  # nothing to agree on: the other setting is not needed
    other = _analyse(index, loop, table(not file_x64))
    exits = []
    for exit_ in shown.exits:
        twin = next((e for e in (other.exits if other else ()) if e.node is exit_.node), None)
        agreed = tuple(
            d for d in exit_.differences if twin is not None and any(t.kind == d.kind and t.path == d.path for t in twin.differences)
        )
        exits.append(CarryExit(exit_.node, exit_.leaving, agreed, exit_.pair_node))
    return CarryAnalysis(loop, shown.entering, tuple(exits), file_x64, shown.returns)


class _FileEnablesX64:
    pass


_X64_SWITCHES = ("jax.config.update", "jax.experimental.enable_x64", "jax.enable_x64")


def _enables_x64(index: ScanIndex) -> bool:
    """Whether the file itself turns x64 on (then its messages use 64-bit dtypes):
    `jax.config.update("jax_enable_x64", True)` or `jax.experimental.enable_x64()`."""
    if _FileEnablesX64 not in index.derived:
        index.derived[_FileEnablesX64] = any(
            call.name != "jax.config.update"
            or (
                isinstance(setting := argument(call.call, 0, "name"), cst.SimpleString)
                and setting.evaluated_value == "jax_enable_x64"
            )
            for call in index.calls_to(*_X64_SWITCHES)
        )
    return bool(index.derived[_FileEnablesX64])


def _analyse(index: ScanIndex, loop: LoopCall, jax_table: Table) -> CarryAnalysis | None:
    evaluator = Evaluator(index, jax_table)
    try:
        return _run(evaluator, index, loop, jax_table)
    except (OutOfBudget, RecursionError):
        return None


def _run(evaluator: Evaluator, index: ScanIndex, loop: LoopCall, jax_table: Table) -> CarryAnalysis | None:
    if loop.init is None:
        return None
    outside = Frame(loop.scope, None)
    entering = evaluator.value(loop.init, outside)
    if entering is UNKNOWN or not isinstance(entering, (Array, Node)):
        return None
    function = _body_function(evaluator, index, loop, outside)
    if function is None:
        return None
    others = _other_arguments(evaluator, loop, outside, jax_table)
    if others is None:
        return None
    returns = _returns(evaluator, loop, function, entering, others)
    if returns is None:
        return None
    exits = _exits(loop, returns)
    promoted = _promote_weak(entering, [leaving for _, leaving, _ in exits], jax_table)
    if promoted != entering:
        entering = promoted
        returns = _returns(evaluator, loop, function, entering, others)
        if returns is None:
            return None
        exits = _exits(loop, returns)
    if function.index is not None and function.index is not index:
        # A body defined in another file: its findings go on the body given to the loop here.
        body_node = loop.body_argument
        assert body_node is not None
        exits = [(body_node, leaving, pair_node) for _, leaving, pair_node in exits]
        returns = []
    found = tuple(
        CarryExit(node, leaving, tuple(differences(entering, leaving)), pair_node)
        for node, leaving, pair_node in exits
    )
    return CarryAnalysis(loop, entering, found, jax_table.x64, tuple(returns))


def cond_results(index: ScanIndex, loop: LoopCall) -> list[tuple[cst.CSTNode, AnyValue]] | None:
    """What a `while_loop`'s `cond_fun` returns on the init (JAX checks it on the first trace),
    per return; None when the cond or the init is not seen."""
    if loop.kind != "while_loop" or loop.init is None:
        return None
    cond = argument(loop.call, 0, "cond_fun")
    if cond is None:
        return None
    evaluator = Evaluator(index, table(False))
    outside = Frame(loop.scope, None)
    try:
        entering = evaluator.value(loop.init, outside)
        function = evaluator.value(cond, outside)
        if not isinstance(entering, (Array, Node)) or not isinstance(function, Function):
            return None
        return evaluator.call(function, [entering])
    except (OutOfBudget, RecursionError):
        return None


def _body_function(evaluator: Evaluator, index: ScanIndex, loop: LoopCall, outside: Frame) -> Function | None:
    node = loop.body_argument
    if node is None:
        return None
    value = evaluator.value(node, outside)
    if isinstance(value, Function):
        return value
    body = loop.body
    if body is not None and body.via == "method" and isinstance(body.node, cst.FunctionDef):
        takes_self = len(_positional(body.node)) > len(body.parameters)
        method = evaluator.method_function(body.node, (UNKNOWN,) if takes_self else ())
        return method if isinstance(method, Function) else None
    return None


def _positional(node: cst.FunctionDef | cst.Lambda) -> list[cst.Param]:
    return [*node.params.posonly_params, *node.params.params]


def _other_arguments(evaluator: Evaluator, loop: LoopCall, outside: Frame, jax_table: Table) -> list[AnyValue] | None:
    """The arguments the loop passes besides the carry, in the body's order."""
    if loop.kind == "scan":
        xs_node = argument(loop.call, 2, "xs")
        xs = NONE if xs_node is None else evaluator.value(xs_node, outside)
        return [slice_leading(xs)]
    if loop.kind == "fori_loop":
        return [Array(jax_table.int_default, True, ())]  # always a weak int, whatever the bounds
    return []


def _returns(
    evaluator: Evaluator, loop: LoopCall, function: Function, entering: Value, others: list[AnyValue]
) -> list[tuple[cst.CSTNode, AnyValue]] | None:
    arguments = [entering, *others] if loop.kind != "fori_loop" else [*others, entering]
    return evaluator.call(function, arguments)


def _exits(loop: LoopCall, returns: list[tuple[cst.CSTNode, AnyValue]]) -> list[tuple[cst.CSTNode, Value, str | None]]:
    found: list[tuple[cst.CSTNode, Value, str | None]] = []
    for node, value in returns:
        if not isinstance(value, (Array, Node)):
            continue
        if loop.kind != "scan":
            found.append((node, value, None))
            continue
        if not isinstance(value, Node) or len(value.children) != 2 or value.kind in ("dict", "none"):
            continue  # not a pair: the pair rules report it
        pair_node = value.type_name if value.kind in ("namedtuple", "dataclass") else None
        carry_node = node.elements[0].value if isinstance(node, (cst.Tuple, cst.List)) and len(node.elements) == 2 else node
        found.append((carry_node, value.children[0], pair_node))
    return found


def _promote_weak(entering: Value, leaving: list[Value], jax_table: Table) -> Value:
    """JAX's second pass: each weakly typed init leaf whose type the body changes becomes the
    promotion of itself and the body's result (strongly typed)."""
    if not leaving:
        return entering
    joined = join_all(leaving)
    out_leaves = dict(leaves_with_paths(joined)) if isinstance(joined, (Array, Node)) else {}
    in_leaves = leaves_with_paths(entering)
    replacements: dict[str, Value] = {}
    for path, leaf in in_leaves:
        if not isinstance(leaf, Array) or leaf.weak is False:
            continue
        out = out_leaves.get(path, UNKNOWN)
        if not isinstance(out, Array) or out.dtype is None or leaf.dtype is None:
            replacements[path] = Array(None, None, leaf.shape)
            continue
        if out.dtype == leaf.dtype and out.shape == leaf.shape:
            continue
        if leaf.weak is None:
            replacements[path] = Array(None, None, leaf.shape)
            continue
        promoted = jax_table.promote(leaf.typed, out.typed)
        replacements[path] = Array(promoted.lstrip("~") if promoted else None, False, leaf.shape)
    if not replacements:
        return entering
    return _replace_leaves(entering, replacements, "")


def _replace_leaves(value: Value, replacements: dict[str, Value], path: str) -> Value:
    if isinstance(value, Node):
        children = tuple(_replace_leaves(c, replacements, path + path_step(value, i)) for i, c in enumerate(value.children))
        return Node(value.kind, children, value.keys, value.type_name)
    return replacements.get(path, value)
