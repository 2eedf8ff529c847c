"""SCN2xx: the contract between a raw loop and its body.

`lax.scan` calls `body(carry, x)` and needs `(new_carry, y)` back, with `new_carry` of exactly
the carry's shape, dtype and structure. `lax.fori_loop` and `lax.while_loop` need the loop value
back unchanged in type. JAX checks all of this when it traces the loop, so these mistakes always
fail, but at trace time, often far from the edit that caused them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst

from scanlint.analysis.resolver import (
    Body,
    LoopCall,
    ScanIndex,
    argument,
    can_fall_off,
    returns_of,
    yields,
)
from scanlint.analysis.abstract_values import DTYPE, NONE, SHAPE, STRUCTURE, Array, Difference, Node, describe
from scanlint.analysis.carries import CarryExit, carry_analysis, cond_results
from scanlint.analysis.values import ArrayFacts, dtype_of, facts
from scanlint.analysis.walk import walk
from scanlint.rules.base import FileContext, FixProposal, Replacement, Report, Rule

PAIR = "pair"
NOT_PAIR = "not-pair"
UNKNOWN = "unknown"


@dataclass(frozen=True)
class Verdict:
    kind: str  # PAIR, NOT_PAIR or UNKNOWN
    what: str = ""  # for NOT_PAIR: what the body returns instead, as a phrase


@dataclass(frozen=True)
class Exit:
    """One way out of a body: the node to report on and the value that leaves."""

    node: cst.CSTNode
    value: cst.BaseExpression | None  # None: returns None (bare return or falling off the end)
    verdict: Verdict
    in_lambda: bool = False  # the value is a lambda's body, where a bare tuple would end the lambda


def exits(index: ScanIndex, loop: LoopCall) -> list[Exit] | None:
    """Every way out of the loop's body with its pair verdict; None when the body is not seen."""
    body = loop.body
    if body is None:
        return None
    if isinstance(body.node, cst.Lambda):
        value = body.node.body
        return [Exit(value, value, classify(index, body, value, loop.carry_name), in_lambda=True)]
    function = body.node
    if yields(function):
        return None
    evaluated = _evaluated_returns(index, loop)
    found = []
    for statement in returns_of(function):
        if statement.value is None:
            found.append(Exit(statement, None, Verdict(NOT_PAIR, "None (a bare `return`)")))
        else:
            verdict = classify(index, body, statement.value, loop.carry_name)
            if verdict.kind == UNKNOWN and statement.value in evaluated:
                verdict = _evaluated_verdict(evaluated[statement.value])
            found.append(Exit(statement.value, statement.value, verdict))
    if can_fall_off(function):
        found.append(Exit(function.name, None, Verdict(NOT_PAIR, "None (it can end without `return`)")))
    return found


def _evaluated_returns(index: ScanIndex, loop: LoopCall) -> dict[cst.CSTNode, object]:
    """What the abstract evaluation of a scan body says each of its returns gives."""
    if loop.kind != "scan":
        return {}
    analysis = carry_analysis(index, loop)
    return dict(analysis.returns) if analysis is not None else {}


def _evaluated_verdict(value: object) -> Verdict:
    """JAX takes any pytree node with two children as the pair; anything else is not one."""
    if isinstance(value, Array):
        return Verdict(NOT_PAIR, "a single array")
    if isinstance(value, Node):
        if value.kind == "none":
            return Verdict(NOT_PAIR, "None")
        if value.kind == "dict":
            return Verdict(UNKNOWN)
        count = len(value.children)
        if count == 2:
            return Verdict(PAIR)
        if value.kind in ("tuple", "list"):
            return Verdict(NOT_PAIR, f"a {count}-element {value.kind}")
        return Verdict(NOT_PAIR, f"a `{value.type_name}` with {count} fields")
    return Verdict(UNKNOWN)


def classify(
    index: ScanIndex,
    body: Body,
    value: cst.BaseExpression,
    carry_name: str | None,
    depth: int = 0,
) -> Verdict:
    """Whether a returned expression is visibly a 2-element tuple or list, visibly not, or unknown."""
    if depth > 6:
        return Verdict(UNKNOWN)
    if isinstance(value, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in value.elements):
            return Verdict(UNKNOWN)
        count = len(value.elements)
        if count == 2:
            return Verdict(PAIR)
        kind = "tuple" if isinstance(value, cst.Tuple) else "list"
        return Verdict(NOT_PAIR, f"a {count}-element {kind}")
    if isinstance(value, cst.Name):
        if value.value == "None":
            return Verdict(NOT_PAIR, "None")
        return _classify_local(index, body, value.value, carry_name, depth)
    if isinstance(value, cst.IfExp):
        branches = [classify(index, body, b, carry_name, depth + 1) for b in (value.body, value.orelse)]
        if all(b.kind == PAIR for b in branches):
            return Verdict(PAIR)
        not_pairs = [b for b in branches if b.kind == NOT_PAIR]
        return not_pairs[0] if not_pairs else Verdict(UNKNOWN)
    if isinstance(value, cst.BinaryOperation):
        operands = (value.left, value.right)
        if any(isinstance(o, (cst.Tuple, cst.List)) for o in operands):
            return Verdict(UNKNOWN)  # tuple concatenation or repetition may build a pair
        if carry_name is not None and _mentions(value, carry_name):
            return Verdict(NOT_PAIR, "the carry alone")
        return Verdict(NOT_PAIR, "a single value")
    if isinstance(value, (cst.UnaryOperation, cst.Integer, cst.Float, cst.Imaginary)):
        return Verdict(NOT_PAIR, "a single value")
    if isinstance(value, (cst.Dict, cst.Set, cst.DictComp, cst.SetComp, cst.BaseString)):
        return Verdict(NOT_PAIR, "a single value")
    if isinstance(value, cst.Call):
        helper = index.resolve_callable(value.func, body.scope)
        if helper is not None and isinstance(helper.node, cst.FunctionDef) and helper.via == "def":
            return _classify_helper(index, helper, depth)
    return Verdict(UNKNOWN)


def _classify_local(
    index: ScanIndex, body: Body, name: str, carry_name: str | None, depth: int
) -> Verdict:
    """A name returned by the body: judged by what the body binds it to (closures are unknown)."""
    bindings = body.scope.bindings.get(name)
    if not bindings:
        return Verdict(UNKNOWN)
    verdicts = []
    for binding in bindings:
        if isinstance(binding, cst.Param):
            verdicts.append(Verdict(NOT_PAIR) if name == carry_name else Verdict(UNKNOWN))
        elif isinstance(binding, cst.AugAssign):
            in_place_tuple = isinstance(binding.value, (cst.Tuple, cst.List))
            verdicts.append(Verdict(UNKNOWN) if in_place_tuple else Verdict(NOT_PAIR))
        elif isinstance(binding, cst.BaseExpression):
            verdicts.append(classify(index, body, binding, carry_name, depth + 1))
        else:
            verdicts.append(Verdict(UNKNOWN))
    kinds = {v.kind for v in verdicts}
    if kinds != {NOT_PAIR} and kinds != {PAIR}:
        return Verdict(UNKNOWN)
    if kinds == {PAIR}:
        return Verdict(PAIR)
    if name == carry_name:
        return Verdict(NOT_PAIR, "the carry alone")
    whats = {v.what for v in verdicts if v.what}
    return Verdict(NOT_PAIR, whats.pop() if len(whats) == 1 else "a single value")


def _classify_helper(index: ScanIndex, helper: Body, depth: int) -> Verdict:
    """A same-file helper counts as a pair when every one of its returns visibly is one."""
    function = helper.node
    assert isinstance(function, cst.FunctionDef)
    if yields(function) or can_fall_off(function):
        return Verdict(UNKNOWN)
    statements = returns_of(function)
    verdicts = [
        classify(index, helper, s.value, None, depth + 1) if s.value is not None else Verdict(UNKNOWN)
        for s in statements
    ]
    if verdicts and all(v.kind == PAIR for v in verdicts):
        return Verdict(PAIR)
    return Verdict(UNKNOWN)


def _pair_fix(index: ScanIndex, exit_: Exit, safe: bool) -> FixProposal | None:
    """`return carry` -> `return carry, None`; safe only when the stacked output is unused."""
    if exit_.verdict.what != "the carry alone" or exit_.value is None:
        return None
    value = exit_.value
    code_of = index.module.code_for_node
    if value.lpar:
        # `return (\n    carry  # note\n    + x\n)`: the pair is made inside the parentheses the
        # code already has, by adding `, None` after the expression's last operand, so the
        # lines, their indentation and their comments stay as they are.
        last = _last_operand(value)
        if last is None or "\n" in code_of(last):
            return None  # no operand to extend on one line: better no fix than a reflowed one
        return FixProposal("return `(carry, None)`", safe, (Replacement(last, f"{code_of(last)}, None"),))
    code = code_of(value)
    pair = f"({code}, None)" if exit_.in_lambda else f"{code}, None"
    return FixProposal("return `(carry, None)`", safe, (Replacement(value, pair),))


def _last_operand(value: cst.BaseExpression) -> cst.BaseExpression | None:
    """The operand an expression ends with, unparenthesised and on one line, after which `, None`
    makes the parenthesised expression a pair; None when there is no such operand."""
    node = value
    while True:
        if isinstance(node, (cst.BinaryOperation, cst.BooleanOperation)):
            child = node.right
        elif isinstance(node, cst.Comparison):
            child = node.comparisons[-1].comparator
        elif isinstance(node, cst.IfExp):
            child = node.orelse
        else:
            break
        if child.lpar:
            node = child
            break
        node = child
    if node is value or node.lpar or not isinstance(node, (cst.Name, cst.Attribute, cst.Integer, cst.Float, cst.Call, cst.Subscript)):
        return None
    return node


def body_used_elsewhere(index: ScanIndex, loops: list[LoopCall]) -> bool:
    """Whether the function these loops run as their body is also used some other way (called
    in Python, handed to `functools.reduce` or to another loop): changing what it returns would
    change those uses too. Unknown counts as used."""
    body = loops[0].body
    if body is None:
        return True
    if isinstance(body.node, cst.Lambda) and body.via == "lambda":
        return False
    if not isinstance(body.node, cst.FunctionDef):
        return True
    function_scope = index.scope_of[body.node].parent
    if function_scope is None:
        return True
    given = set()
    for loop in loops:
        argument_ = loop.body_argument
        given.add(argument_)
        if body.via == "partial" and isinstance(argument_, cst.Call) and argument_.args:
            given.add(argument_.args[0].value)  # `partial(step, w)`: that `step` is the loop's
    name = body.node.name.value
    if isinstance(function_scope.node, cst.ClassDef):
        # A method is reached as an attribute (`self.step`, `sim.step`, `Sim.step`), through any
        # object: every such read in the file other than the loops' own counts as a use.
        return any(read not in given for read in _attribute_reads(index).get(name, ()))
    reads = index.reads_of(name, function_scope)
    return any(read not in given for read in reads)


def _attribute_reads(index: ScanIndex) -> dict[str, list[cst.Attribute]]:
    """Every `x.name` in the file, by `name` (found once per file)."""
    found = index.derived.get(_AttributeReads)
    if not isinstance(found, _AttributeReads):
        found = index.derived[_AttributeReads] = _AttributeReads()
        walk(index.module, found)
    return found.reads


class _AttributeReads(cst.CSTVisitor):
    def __init__(self) -> None:
        self.reads: dict[str, list[cst.Attribute]] = {}

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.reads.setdefault(node.attr.value, []).append(node)



def _scans_by_body(index: ScanIndex) -> dict[cst.CSTNode, list[LoopCall]]:
    """Raw scan calls grouped by the body they call (one body may serve several calls)."""
    groups: dict[cst.CSTNode, list[LoopCall]] = {}
    for loop in index.loops:
        if loop.kind == "scan" and loop.body is not None:
            groups.setdefault(loop.body.node, []).append(loop)
    return groups


class ScanBodyNotPair(Rule):
    """A raw `lax.scan` body must return a `(carry, out)` pair on every path.

    Flags a body that returns the carry alone, `None` (also by falling off the end), a tuple or
    list of another length, or a single value; in a `lambda`, its expression. JAX raises
    `TypeError: scan body output must be a pair` when it traces the scan. A 2-element list is
    accepted by JAX and is not flagged; a return whose value cannot be seen in this file (a call
    to a helper in another module, a name bound to something opaque) is left to the runtime check.

    The fix returns `carry, None`. It is safe when the call site visibly discards the stacked
    output (`final, _ = lax.scan(...)`, `lax.scan(...)[0]`) and the body is used by that scan
    alone; a body also called in Python, reduced over or given to another loop would change there
    too, so the fix is then unsafe.
    """

    CODE = "SCN201"
    BAD = """\
from jax import lax

def cumulative(xs):
    def step(carry, x):
        carry = carry + x
        return carry
    total, _ = lax.scan(step, 0.0, xs)
    return total
"""
    GOOD = """\
from jax import lax

def cumulative(xs):
    def step(carry, x):
        carry = carry + x
        return carry, None
    total, _ = lax.scan(step, 0.0, xs)
    return total
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        index = context.index
        for loops in _scans_by_body(index).values():
            found = exits(index, loops[0])
            if not found or any(e.verdict.kind == PAIR for e in found):
                continue
            outputs_unused = all(loop.call in index.outputs_unused for loop in loops)
            outputs_unused = outputs_unused and not body_used_elsewhere(index, loops)
            for exit_ in found:
                if exit_.verdict.kind == NOT_PAIR:
                    summary = f"scan body returns {exit_.verdict.what}, not a (carry, out) pair"
                    advice = "Return `carry, None` when there is no per-step output."
                    yield Report(
                        exit_.node,
                        f"{summary}: JAX raises `TypeError: scan body output must be a pair` when "
                        f"it traces the scan. {advice}",
                        _pair_fix(index, exit_, outputs_unused),
                        summary=summary,
                        help=advice,
                    )


class ScanBodyMixedReturns(Rule):
    """A raw `lax.scan` body that returns a `(carry, out)` pair on some paths but not on others.

    The paths are Python-level branches (on a flag, a shape, a config value), so the body works
    for some callers and raises `TypeError: scan body output must be a pair` for others. Each
    non-pair return is flagged.
    """

    CODE = "SCN202"
    BAD = """\
import jax

def run(xs, keep_outputs):
    def step(carry, x):
        carry = carry * 0.9 + x
        if keep_outputs:
            return carry, x
        return carry
    return jax.lax.scan(step, 0.0, xs)
"""
    GOOD = """\
import jax

def run(xs, keep_outputs):
    def step(carry, x):
        carry = carry * 0.9 + x
        if keep_outputs:
            return carry, x
        return carry, None
    return jax.lax.scan(step, 0.0, xs)
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for loops in _scans_by_body(context.index).values():
            found = exits(context.index, loops[0]) or []
            if not any(e.verdict.kind == PAIR for e in found):
                continue
            for exit_ in found:
                if exit_.verdict.kind == NOT_PAIR:
                    summary = f"scan body returns {exit_.verdict.what} on this path but a (carry, out) pair on another"
                    advice = "Return a pair on every path."
                    yield Report(
                        exit_.node,
                        f"{summary}: callers that reach this path get "
                        f"`TypeError: scan body output must be a pair`. {advice}",
                        summary=summary,
                        help=advice,
                    )


# ---------------------------------------------------------------------------------------------
# Carry drift


def returned_carries(index: ScanIndex, loop: LoopCall) -> list[cst.BaseExpression]:
    """The expressions a body returns as its new carry (scan) or loop value (fori/while)."""
    found = exits(index, loop)
    if not found:
        return []
    carries = []
    for exit_ in found:
        if exit_.value is None:
            continue
        if loop.kind == "scan":
            if isinstance(exit_.value, (cst.Tuple, cst.List)) and exit_.verdict.kind == PAIR:
                carries.append(exit_.value.elements[0].value)
        else:
            carries.append(exit_.value)
    return carries


def _expand(index: ScanIndex, loop: LoopCall, node: cst.BaseExpression) -> cst.BaseExpression:
    """Follow a local name bound once in the body (not the carry parameter) to its value."""
    body = loop.body
    assert body is not None
    seen = 0
    while isinstance(node, cst.Name) and node.value in body.scope.bindings and seen < 6:
        values = body.scope.bindings[node.value]
        if len(values) != 1 or not isinstance(values[0], cst.BaseExpression):
            # `carry = carry + x` rebinding the parameter: take the last plain assignment.
            assigned = [v for v in values if isinstance(v, cst.BaseExpression)]
            if node.value == loop.carry_name and len(assigned) == 1 and len(values) == 2:
                node = assigned[0]
                seen += 1
                continue
            break
        node = values[0]
        seen += 1
    return node


def _mentions(node: cst.CSTNode, name: str) -> bool:
    finder = _NameFinder(name)
    walk(node, finder)
    return finder.found


class _NameFinder(cst.CSTVisitor):
    def __init__(self, name: str) -> None:
        self.name = name
        self.found = False

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.name:
            self.found = True

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        walk(node.value, self)  # `carry.attr`: the attribute name itself is not a variable
        return False


def _init_facts(index: ScanIndex, loop: LoopCall) -> ArrayFacts | None:
    if loop.init is None:
        return None
    return facts(index, loop.init, loop.scope)


def _is_carry(node: cst.BaseExpression, loop: LoopCall) -> bool:
    return isinstance(node, cst.Name) and node.value == loop.carry_name


def _loop_phrase(loop: LoopCall) -> str:
    return {"scan": "scan carry", "fori_loop": "fori_loop value", "while_loop": "while_loop value"}[loop.kind]


def _error_phrase(loop: LoopCall) -> str:
    prefix = "while_loop" if loop.kind == "while_loop" else "scan"
    return f"`TypeError: {prefix} body function carry input and carry output must have equal types`"



def carry_drifts(index: ScanIndex, loop: LoopCall, kind: str) -> Iterator[tuple[CarryExit, Difference]]:
    """The exits whose carry the abstract evaluation shows differs, first in `kind`: JAX checks
    structure before shapes and dtypes, so a structure change hides the rest."""
    analysis = carry_analysis(index, loop)
    if analysis is None:
        return
    for exit_ in analysis.exits:
        if exit_.differences and exit_.differences[0].kind == kind:
            yield exit_, exit_.differences[0]


def _types_phrase(loop: LoopCall, entering: object, exit_: CarryExit, difference: Difference) -> str:
    where = f" (at `{difference.path}`: {describe(difference.entering)} -> {describe(difference.leaving)})" if difference.path else ""
    return f"{_loop_phrase(loop)} enters as {describe(entering)} and leaves as {describe(exit_.leaving)}{where}"


def _drift_summary(loop: LoopCall, kind: str, difference: Difference) -> str:
    """`scan carry changes dtype at `[0]`: int32[] -> float32[]`, the first difference; without
    the types when they are whole pytrees too long for one line."""
    where = f" at `{difference.path}`" if difference.path else ""
    changes = f"{_loop_phrase(loop)} changes {kind}{where}"
    with_types = f"{changes}: {describe(difference.entering)} -> {describe(difference.leaving)}"
    return with_types if len(with_types) <= 100 else changes


def _drift_reports(
    index: ScanIndex, loop: LoopCall, kind: str, reported: set[cst.CSTNode], advice: str
) -> Iterator[Report]:
    """A dtype or shape drift the abstract evaluation shows, with both types and JAX's error;
    the nodes reported are added to `reported`."""
    analysis = carry_analysis(index, loop)
    for exit_, difference in carry_drifts(index, loop, kind):
        assert analysis is not None
        reported.add(exit_.node)
        yield Report(
            exit_.node,
            f"{_types_phrase(loop, analysis.entering, exit_, difference)}: JAX raises "
            f"{_error_phrase(loop)} when it traces the loop. {advice}",
            summary=_drift_summary(loop, kind, difference),
            help=advice,
        )


def _structure_error(loop: LoopCall) -> str:
    prefix = "while_loop" if loop.kind == "while_loop" else "scan"
    return f"`TypeError: {prefix} body function carry input and carry output must have the same pytree structure`"


class CarryDtypeDrift(Rule):
    """The loop carry leaves the body with another dtype than it came in with.

    The body is evaluated abstractly on the init's types (see `scanlint.analysis.carries`):
    JAX's promotion through arithmetic, `jnp.where`, division, reductions and library calls,
    `astype`, `.replace(...)`/`._replace(...)` on NamedTuple and dataclass carries, helpers and
    factories of the same file. A carry leaf whose dtype differs, where both sides are certain,
    makes JAX raise at trace time. Weakly typed inits (`0`, `0.0`, `jnp.array(0)`) are promoted
    by JAX to the body's type first, as JAX does; only what still differs is flagged. Applies to
    `lax.scan`, `lax.fori_loop` and `lax.while_loop`.
    """

    CODE = "SCN203"
    BAD = """\
import jax.numpy as jnp
from jax import lax

def count_above(xs, threshold):
    def step(count, x):
        return count + jnp.where(x > threshold, 0.5, 0.0), None
    total, _ = lax.scan(step, jnp.int32(0), xs)
    return total
"""
    GOOD = """\
import jax.numpy as jnp
from jax import lax

def count_above(xs, threshold):
    def step(count, x):
        return count + jnp.where(x > threshold, 1, 0), None
    total, _ = lax.scan(step, jnp.int32(0), xs)
    return total
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        index = context.index
        for loop in index.loops:
            reported: set[cst.CSTNode] = set()
            yield from _drift_reports(
                index, loop, DTYPE, reported,
                "Keep the dtype: cast the update (`.astype(carry.dtype)`) or start from an init "
                "of the dtype you mean.",
            )  # fmt: skip
            yield from self._spelled_out(index, loop, reported)

    def _spelled_out(self, index: ScanIndex, loop: LoopCall, reported: set[cst.CSTNode]) -> Iterator[Report]:
        """A change written on the carry itself (`.astype`, a float added to a strong int init),
        for the returns the abstract evaluation could not follow."""
        if loop.carry_name is None:
            return
        init = _init_facts(index, loop)
        if init is None or init.weak or init.dtype is None:
            return
        for returned in returned_carries(index, loop):
            if returned in reported:
                continue
            expanded = _expand(index, loop, returned)
            drift = self._drift(index, loop, init, expanded)
            if drift is not None:
                summary = f"{_loop_phrase(loop)} starts as {init.dtype} but the body returns {drift}"
                advice = (
                    "Keep the dtype: cast the update (`.astype(carry.dtype)`) or start from "
                    "an init of the dtype you mean."
                )
                yield Report(
                    returned,
                    f"{summary}: JAX raises {_error_phrase(loop)} when it traces the loop. {advice}",
                    summary=summary,
                    help=advice,
                )

    def _drift(
        self, index: ScanIndex, loop: LoopCall, init: ArrayFacts, value: cst.BaseExpression
    ) -> str | None:
        if (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value == "astype"
            and value.args
            and _mentions(value.func.value, loop.carry_name or "")
        ):
            target = dtype_of(index, value.args[0].value)
            if target is not None and target != init.dtype:
                return f"{target} (`.astype`)"
            return None
        if init.is_integer and _mentions(value, loop.carry_name or "") and self._is_float(index, loop, value):
            return "a float"
        return None

    def _is_float(self, index: ScanIndex, loop: LoopCall, node: cst.BaseExpression) -> bool:
        """Whether integer arithmetic in `node` is visibly turned into float arithmetic."""
        if isinstance(node, cst.Float):
            return True
        if isinstance(node, cst.BinaryOperation):
            if isinstance(node.operator, cst.Divide):
                return True
            return self._is_float(index, loop, node.left) or self._is_float(index, loop, node.right)
        if isinstance(node, cst.UnaryOperation):
            return self._is_float(index, loop, node.expression)
        if isinstance(node, cst.Name) and node.value == loop.x_name and loop.x_name is not None:
            xs = self._xs(loop)
            xs_facts = facts(index, xs, loop.scope) if xs is not None else None
            return xs_facts is not None and xs_facts.is_float and not xs_facts.weak
        if isinstance(node, cst.Call):
            qualified = index.qualify(node.func)
            if qualified is not None and qualified.startswith("jax.numpy.float"):
                return True
        return False

    @staticmethod
    def _xs(loop: LoopCall) -> cst.BaseExpression | None:
        return argument(loop.call, 2, "xs")


_GROWERS = {"concatenate", "stack", "vstack", "hstack", "append", "column_stack", "dstack"}
_REDUCERS = {"sum", "mean", "max", "min", "prod", "any", "all", "std", "var", "argmax", "argmin"}


class CarryShapeDrift(Rule):
    """The loop carry leaves the body with another shape than it came in with.

    From the abstract evaluation of the body: reductions without `keepdims=True`, stacking and
    concatenation, matrix products and broadcasting against the carry, indexing, each with the
    ranks and sizes the code shows. Also a carry grown from itself with `concatenate`, `stack` or
    `append` whatever its init. The carry of a loop has one fixed shape: JAX raises at trace
    time. To collect values over steps, return them as the scan's per-step output instead; JAX
    stacks them for you.
    """

    CODE = "SCN204"
    BAD = """\
import jax.numpy as jnp
from jax import lax

def history(xs):
    def step(seen, x):
        return jnp.concatenate([seen, x[None]]), None
    seen, _ = lax.scan(step, jnp.zeros(0), xs)
    return seen
"""
    GOOD = """\
import jax.numpy as jnp
from jax import lax

def history(xs):
    def step(count, x):
        return count + 1, x
    _, seen = lax.scan(step, 0, xs)
    return seen
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        index = context.index
        for loop in index.loops:
            reported: set[cst.CSTNode] = set()
            yield from _drift_reports(
                index, loop, SHAPE, reported,
                "Keep the carry's shape fixed; emit per-step values as the scan output instead.",
            )  # fmt: skip
            if loop.carry_name is None:
                continue
            for returned in returned_carries(index, loop):
                if returned in reported:
                    continue
                drift = self._drift(index, loop, _expand(index, loop, returned))
                if drift is not None:
                    summary = f"{_loop_phrase(loop)} is {drift} inside the body, so its shape changes"
                    advice = "Keep the carry's shape fixed; emit per-step values as the scan output instead."
                    yield Report(
                        returned,
                        f"{summary} from step to step: JAX raises {_error_phrase(loop)} when it "
                        f"traces the loop. {advice}",
                        summary=summary,
                        help=advice,
                    )

    def _drift(self, index: ScanIndex, loop: LoopCall, value: cst.BaseExpression) -> str | None:
        if not isinstance(value, cst.Call):
            return None
        function = self._numpy_function(index, value)
        if function in _GROWERS:
            pieces = value.args[0].value if value.args else None
            if function == "append":
                if pieces is not None and _is_carry(pieces, loop):
                    return "grown with `append`"
                return None
            if isinstance(pieces, (cst.List, cst.Tuple)) and any(
                _is_carry(e.value, loop) for e in pieces.elements
            ):
                return f"grown with `{function}`"
            return None
        reducer = self._reducer(index, value, loop)
        if reducer is not None:
            init = _init_facts(index, loop)
            if init is not None and init.rank is not None and init.rank >= 1:
                return f"reduced with `{reducer}` (no `keepdims=True`)"
        return None

    @staticmethod
    def _numpy_function(index: ScanIndex, call: cst.Call) -> str | None:
        qualified = index.qualify(call.func)
        if qualified is not None and qualified.startswith("jax.numpy."):
            return qualified[len("jax.numpy.") :]
        return None

    def _reducer(self, index: ScanIndex, call: cst.Call, loop: LoopCall) -> str | None:
        keepdims = next((a for a in call.args if a.keyword and a.keyword.value == "keepdims"), None)
        if keepdims is not None and not (
            isinstance(keepdims.value, cst.Name) and keepdims.value.value == "False"
        ):
            return None
        function = self._numpy_function(index, call)
        if function in _REDUCERS and call.args and _is_carry(call.args[0].value, loop):
            return f"jnp.{function}"
        if (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value in _REDUCERS
            and _is_carry(call.func.value, loop)
        ):
            return f".{call.func.attr.value}()"
        return None


class CarryStructureDrift(Rule):
    """The loop carry leaves the body with another pytree structure than it came in with.

    From the abstract evaluation of the body: a dict carry that gains or loses a key, a list
    appended to, a tuple carry returned as a single array or the reverse, the halves of the
    `(carry, out)` pair swapped, a NamedTuple or registered dataclass returned as another type,
    `None` becoming an array, and a 2-field NamedTuple state returned alone, which JAX reads as
    the `(carry, out)` pair itself. JAX compares the structures at trace time and raises.
    """

    CODE = "SCN207"
    BAD = """\
import jax.numpy as jnp
from jax import lax

def running_stats(xs):
    def step(stats, x):
        stats["max"] = jnp.maximum(stats["sum"], x)
        stats["sum"] = stats["sum"] + x
        return stats, None
    stats, _ = lax.scan(step, {"sum": jnp.zeros(())}, xs)
    return stats
"""
    GOOD = """\
import jax.numpy as jnp
from jax import lax

def running_stats(xs):
    def step(stats, x):
        stats["max"] = jnp.maximum(stats["max"], x)
        stats["sum"] = stats["sum"] + x
        return stats, None
    init = {"sum": jnp.zeros(()), "max": jnp.full((), -jnp.inf)}
    stats, _ = lax.scan(step, init, xs)
    return stats
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        index = context.index
        for loop in index.loops:
            analysis = carry_analysis(index, loop)
            for exit_, difference in carry_drifts(index, loop, STRUCTURE):
                assert analysis is not None
                if loop.kind != "scan" and isinstance(exit_.node, cst.BaseExpression) and _pair_with_none(exit_.node):
                    continue  # SCN205/SCN206 report `(val, None)` with their fix
                if exit_.pair_node is not None:
                    summary = f"scan body returns a 2-field `{exit_.pair_node}` alone, which JAX reads as the (carry, out) pair"
                    advice = "Return `state, None` (or the per-step output as the second item)."
                    yield Report(
                        exit_.node,
                        f"scan body returns a 2-field `{exit_.pair_node}` alone: JAX reads any "
                        "2-child pytree as the (carry, out) pair, so the new carry is its first "
                        f"field, {describe(exit_.leaving)}, while the carry entered as "
                        f"{describe(analysis.entering)}: JAX raises {_structure_error(loop)}. {advice}",
                        summary=summary,
                        help=advice,
                    )
                    continue
                advice = "Return the carry with the structure it entered with (same containers, keys and fields)."
                yield Report(
                    exit_.node,
                    f"{_types_phrase(loop, analysis.entering, exit_, difference)}: JAX raises "
                    f"{_structure_error(loop)} when it traces the loop. {advice}",
                    summary=_drift_summary(loop, "structure", difference),
                    help=advice,
                )


class WhileCondNotScalarBool(Rule):
    """A `lax.while_loop` `cond_fun` that does not return a boolean scalar.

    Evaluated on the init value: a `cond_fun` that returns a counter (`int32`), a float, a
    vector of flags (`residual > tol` over an array) or a tuple makes JAX raise `TypeError:
    cond_fun must return a boolean scalar` at trace time. Python's truthiness does not apply
    to traced values: reduce with `jnp.any`/`jnp.all`, or compare (`n > 0`).
    """

    CODE = "SCN208"
    BAD = """\
import jax.numpy as jnp
from jax import lax

def countdown(x):
    def cond(state):
        remaining, _ = state
        return remaining
    def body(state):
        remaining, x = state
        return remaining - 1, x * 0.5
    return lax.while_loop(cond, body, (jnp.int32(10), x))
"""
    GOOD = """\
import jax.numpy as jnp
from jax import lax

def countdown(x):
    def cond(state):
        remaining, _ = state
        return remaining > 0
    def body(state):
        remaining, x = state
        return remaining - 1, x * 0.5
    return lax.while_loop(cond, body, (jnp.int32(10), x))
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for loop in context.index.loops:
            for node, value in cond_results(context.index, loop) or ():
                what = self._not_scalar_bool(value)
                if what is not None:
                    summary = f"while_loop cond_fun returns {what}, not a boolean scalar"
                    advice = "Compare (`n > 0`) or reduce (`jnp.any(...)`, `jnp.all(...)`)."
                    yield Report(
                        node,
                        f"{summary}: JAX raises `TypeError: cond_fun must return a boolean scalar` "
                        f"when it traces the loop. {advice}",
                        summary=summary,
                        help=advice,
                    )

    @staticmethod
    def _not_scalar_bool(value: object) -> str | None:
        if isinstance(value, Node):
            return f"{describe(value)} (a pytree)" if value.kind != "none" else "None"
        if not isinstance(value, Array):
            return None
        if value.shape is not None and value.shape != ():
            return describe(value)
        if value.dtype is not None and value.dtype != "bool":
            return describe(value)
        return None


# ---------------------------------------------------------------------------------------------
# fori_loop / while_loop bodies written like scan bodies


def _pair_with_none(value: cst.BaseExpression) -> bool:
    return (
        isinstance(value, (cst.Tuple, cst.List))
        and len(value.elements) == 2
        and isinstance(value.elements[1].value, cst.Name)
        and value.elements[1].value.value == "None"
    )


def _init_is_value_none_pair(index: ScanIndex, loop: LoopCall) -> bool | None:
    """Whether the loop value enters as a `(value, None)` pair itself (then returning one is
    right); None when the init is not seen."""
    analysis = carry_analysis(index, loop)
    if analysis is None:
        return None
    entering = analysis.entering
    return (
        isinstance(entering, Node)
        and entering.kind in ("tuple", "list")
        and len(entering.children) == 2
        and entering.children[1] == NONE
    )


def _loop_value_fixes(index: ScanIndex, loop: LoopCall) -> Iterator[Report]:
    found = exits(index, loop) or []
    kind = loop.kind
    pair_init = _init_is_value_none_pair(index, loop) if found else None
    if pair_init:
        return
    if body_used_elsewhere(index, [loop]):
        pair_init = None  # the fix would change the other uses too: offered, never safe
    for exit_ in found:
        value = exit_.value
        if value is None or not _pair_with_none(value):
            continue
        assert isinstance(value, (cst.Tuple, cst.List))
        first = index.module.code_for_node(value.elements[0].value)
        summary = f"{kind} body returns `(value, None)` like a scan body"
        advice = "Return the value alone."
        yield Report(
            value,
            f"{summary}; a {kind} body must return "
            f"the loop value alone, with the structure of `init_val`: JAX raises `TypeError: "
            f"... carry input and carry output must have the same pytree structure`. {advice}",
            # Safe only when the init shows the loop value is not itself a `(value, None)` pair.
            FixProposal("return the loop value alone", pair_init is False, (Replacement(value, first),)),
            summary=summary,
            help=advice,
        )


class ForiLoopBodyReturnsPair(Rule):
    """A `lax.fori_loop` body that returns `(val, None)` out of scan habit.

    `fori_loop` calls `body_fun(i, val)` and needs the new `val` back, with the same structure,
    shapes and dtypes as `init_val`. A trailing `None` makes the output a tuple: JAX raises
    `TypeError` at trace time. Not flagged when `init_val` itself is a `(value, None)` pair. The
    fix returns the value alone; it is safe when the init shows the loop value is not such a pair
    and the body is used by this loop alone, unsafe otherwise.
    """

    CODE = "SCN205"
    BAD = """\
from jax import lax

def power(x, n):
    def body(i, acc):
        return acc * x, None
    return lax.fori_loop(0, n, body, 1.0)
"""
    GOOD = """\
from jax import lax

def power(x, n):
    def body(i, acc):
        return acc * x
    return lax.fori_loop(0, n, body, 1.0)
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for loop in context.index.loops:
            if loop.kind == "fori_loop":
                yield from _loop_value_fixes(context.index, loop)


class WhileLoopBodyReturnsPair(Rule):
    """A `lax.while_loop` body that returns `(val, None)` out of scan habit.

    `while_loop` calls `body_fun(val)` and needs the new `val` back, with the same structure as
    `init_val`. A trailing `None` makes the output a tuple: JAX raises `TypeError: while_loop body
    function carry input and carry output must have the same pytree structure` at trace time.
    Not flagged when `init_val` itself is a `(value, None)` pair; the fix is safe under the same
    conditions as SCN205's.
    """

    CODE = "SCN206"
    BAD = """\
from jax import lax

def halve_until_small(x):
    def body(value):
        return value / 2, None
    return lax.while_loop(lambda value: value > 1.0, body, x)
"""
    GOOD = """\
from jax import lax

def halve_until_small(x):
    def body(value):
        return value / 2
    return lax.while_loop(lambda value: value > 1.0, body, x)
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for loop in context.index.loops:
            if loop.kind == "while_loop":
                yield from _loop_value_fixes(context.index, loop)
