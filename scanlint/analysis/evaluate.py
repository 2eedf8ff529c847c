"""Abstract evaluation of Python/JAX code over `abstract_values`.

Runs a function body statement by statement on abstract values: assignments and unpacking,
augmented assignment, `.replace`/`._replace`, dict and list updates, subscripts, arithmetic and
comparisons with JAX's promotion, `astype`, conditional expressions and branches (joined), calls
of functions this file defines (bounded depth), NamedTuple and registered dataclass
constructors, and the `jax.numpy`/`jax.lax`/`jax.nn`/`jax.random` functions the signature
table describes. Whatever it cannot follow is `UNKNOWN`, and what depends on it stays unknown:
a rule built on this reports only what the code shows for certain.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import libcst as cst

from scanlint.analysis.abstract_values import (
    NONE,
    UNKNOWN,
    UNKNOWN_ARRAY,
    Array,
    Dim,
    Node,
    Value,
    dictionary,
    join,
    join_all,
    map_leaves,
    sequence,
)
from scanlint.analysis.project_code import definition_in_project
from scanlint.analysis.pytree_classes import PytreeClass, pytree_class
from scanlint.analysis.resolver import ScanIndex, Scope, dotted, is_classmethod, is_staticmethod, returns_of, yields
from scanlint.analysis.signature_table import Table
from scanlint.analysis.values import DTYPE_NAMES, array_annotation
from scanlint.analysis.walk import walk
from scanlint.index.names import PARTIAL, SAME_FUNCTION_WRAPPERS

MAX_CALL_DEPTH = 4
MAX_STEPS = 4000  # expressions evaluated per loop: a bound on pathological code


@dataclass(frozen=True, eq=False)
class Function:
    """A function value: a def or lambda, with what a partial or a closure bound to it."""

    node: cst.FunctionDef | cst.Lambda
    scope: Scope  # the scope the function opens
    closure: dict[str, Value] | None = None  # the evaluated locals of the enclosing function
    bound: tuple[Value, ...] = ()  # leading positional arguments bound by partial (or self)
    bound_keywords: tuple[tuple[str, Value], ...] = ()
    index: ScanIndex | None = None  # the file it is defined in, when not the file being linted


@dataclass(frozen=True, eq=False)
class ClassValue:
    node: cst.ClassDef
    scope: Scope  # the scope the class is defined in
    index: ScanIndex | None = None  # the file it is defined in, when not the file being linted


@dataclass(frozen=True, eq=False)
class VmappedFunction:
    """`jax.vmap(function)` with the default axes."""

    function: Function


@dataclass(frozen=True, eq=False)
class Instance:
    """An object of a same-file class that is not a pytree this analysis describes."""

    cls: ClassValue


AnyValue = Value | Function | ClassValue | Instance | VmappedFunction


@dataclass
class Outcome:
    """Where a run of statements leaves: the locals when it can go on, and what it returned."""

    env: dict[str, AnyValue] | None
    returns: list[tuple[cst.CSTNode, AnyValue]] = field(default_factory=list)


@dataclass
class Frame:
    """Where an expression is evaluated: its scope, the locals known by running the function
    (None when the expression is read outside any run: names then resolve through their single
    binding), and the closure of the function being run."""

    scope: Scope
    env: dict[str, AnyValue] | None
    closure: dict[str, AnyValue] | None = None


# `jax.random` samplers whose `shape=None` default is the broadcast shape of their parameters
# (`bernoulli(key, p)` has the shape of `p`), not `()`.
_SHAPE_FROM_PARAMETERS = frozenset(
    f"jax.random.{name}"
    for name in (
        "bernoulli", "truncated_normal", "gamma", "loggamma", "beta", "dirichlet", "poisson",
        "binomial", "chisquare", "f", "t", "geometric", "pareto", "triangular", "wald",
        "lognormal", "multivariate_normal", "categorical", "rayleigh",
    )
)  # fmt: skip

class OutOfBudget(Exception):
    pass


@dataclass
class Budget:
    """How deep calls nest and how many expressions were evaluated, across files."""

    depth: int = 0
    steps: int = 0


_ARITHMETIC = {
    cst.Add: "jax.numpy.add",
    cst.Subtract: "jax.numpy.subtract",
    cst.Multiply: "jax.numpy.multiply",
    cst.Divide: "jax.numpy.true_divide",
    cst.FloorDivide: "jax.numpy.floor_divide",
    cst.Modulo: "jax.numpy.mod",
    cst.Power: "jax.numpy.power",
    cst.MatrixMultiply: "jax.numpy.matmul",
    cst.BitAnd: "jax.numpy.bitwise_and",
    cst.BitOr: "jax.numpy.bitwise_or",
    cst.BitXor: "jax.numpy.bitwise_xor",
}
_AUGMENTED = {
    cst.AddAssign: cst.Add,
    cst.SubtractAssign: cst.Subtract,
    cst.MultiplyAssign: cst.Multiply,
    cst.DivideAssign: cst.Divide,
    cst.FloorDivideAssign: cst.FloorDivide,
    cst.ModuloAssign: cst.Modulo,
    cst.PowerAssign: cst.Power,
    cst.MatrixMultiplyAssign: cst.MatrixMultiply,
}
_COMPARISON = {
    cst.LessThan: "jax.numpy.less",
    cst.LessThanEqual: "jax.numpy.less_equal",
    cst.GreaterThan: "jax.numpy.greater",
    cst.GreaterThanEqual: "jax.numpy.greater_equal",
    cst.Equal: "jax.numpy.equal",
    cst.NotEqual: "jax.numpy.not_equal",
}
# Array methods that are the `jax.numpy` function of the same name with the array first.
_METHODS_AS_FUNCTIONS = {
    "sum", "mean", "max", "min", "prod", "std", "var", "any", "all", "argmax", "argmin",
    "cumsum", "cumprod", "clip", "round", "conj", "dot", "transpose", "squeeze", "sort",
    "argsort", "nonzero", "trace", "diagonal", "take", "repeat", "ptp", "real", "imag", "flatten",
    "ravel",
}  # fmt: skip
_CREATION_FILLED = {"zeros": 1, "ones": 1, "empty": 1}
_LIKE = {"zeros_like", "ones_like", "empty_like", "full_like"}
_TREE_MAP = {"jax.tree_util.tree_map", "jax.tree.map"}
_IDENTITY_CALLS = {"jax.lax.stop_gradient", "jax.device_put", "jax.block_until_ready"}
_NAMEDTUPLE_FACTORIES = {"collections.namedtuple", "typing.NamedTuple"}


class Evaluator:
    """Abstract evaluation over one file, with one signature table (x64 off or on)."""

    def __init__(self, index: ScanIndex, table: Table, budget: Budget | None = None) -> None:
        self.index = index
        self.table = table
        self.budget = budget or Budget()
        self._others: dict[int, Evaluator] = {}  # evaluators of other project files, by index
        self._binding_values: dict[cst.CSTNode, AnyValue] = {}
        self._in_progress: set[cst.CSTNode] = set()

    # -- functions --------------------------------------------------------------------------

    def call(
        self,
        function: Function,
        arguments: Sequence[AnyValue],
        keywords: dict[str, AnyValue] | None = None,
    ) -> list[tuple[cst.CSTNode, AnyValue]] | None:
        """Every return of `function` called with these arguments, as (node, value); None when
        the function cannot be run abstractly (a generator, too deep, unmatched arguments)."""
        if function.index is not None and function.index is not self.index:
            return self._other(function.index).call(function, arguments, keywords)
        if self.budget.depth >= MAX_CALL_DEPTH:
            return None
        env = self._bind_parameters(function, [*function.bound, *arguments], {**dict(function.bound_keywords), **(keywords or {})})
        if env is None:
            return None
        self.budget.depth += 1
        try:
            frame = Frame(function.scope, env, function.closure)
            if isinstance(function.node, cst.Lambda):
                return [(function.node.body, self.value(function.node.body, frame))]
            if yields(function.node):
                return None
            outcome = self.run(function.node.body, frame)
            returns = list(outcome.returns)
            if outcome.env is not None:
                returns.append((function.node.name, NONE))
            return returns
        finally:
            self.budget.depth -= 1

    def call_result(self, function: Function, arguments: Sequence[AnyValue], keywords: dict[str, AnyValue] | None = None) -> AnyValue:
        returns = self.call(function, arguments, keywords)
        if not returns:
            return UNKNOWN
        values = [v for _, v in returns]
        if any(not _is_data(v) for v in values):
            return values[0] if len(values) == 1 else UNKNOWN
        return join_all(values)  # type: ignore[arg-type]

    def _bind_parameters(
        self, function: Function, arguments: Sequence[AnyValue], keywords: dict[str, AnyValue]
    ) -> dict[str, AnyValue] | None:
        params = function.node.params
        positional = [*params.posonly_params, *params.params]
        env: dict[str, AnyValue] = {}
        if len(arguments) > len(positional) and not isinstance(params.star_arg, cst.Param):
            return None
        for param, value in zip(positional, arguments):
            env[param.name.value] = value
        if isinstance(params.star_arg, cst.Param):
            env[params.star_arg.name.value] = UNKNOWN
        for param in [*positional[len(arguments) :], *params.kwonly_params]:
            name = param.name.value
            if name in keywords:
                env[name] = keywords.pop(name)
            elif param.default is not None:
                parent = function.scope.parent or self.index.module_scope
                env[name] = self.value(param.default, Frame(parent, None))
            else:
                return None
        if params.star_kwarg is not None:
            env[params.star_kwarg.name.value] = UNKNOWN
        elif keywords:
            return None
        return env

    def _other(self, index: ScanIndex) -> Evaluator:
        """The evaluator of another project file, sharing this one's budget."""
        if id(index) not in self._others:
            self._others[id(index)] = Evaluator(index, self.table, self.budget)
        return self._others[id(index)]

    def _project_definition(self, written: str) -> AnyValue:
        """A module-level function or class of another project file that `written` names."""
        found = definition_in_project(self.index, written)
        if found is None:
            return UNKNOWN
        other, node = found
        if isinstance(node, cst.FunctionDef):
            return Function(node, other.scope_of[node], index=other)
        return ClassValue(node, other.module_scope, index=other)

    # -- statements -------------------------------------------------------------------------

    def run(self, suite: cst.BaseSuite | Sequence[cst.BaseStatement], frame: Frame) -> Outcome:
        statements: Sequence[cst.CSTNode]
        if isinstance(suite, cst.IndentedBlock):
            statements = suite.body
        elif isinstance(suite, cst.SimpleStatementSuite):
            statements = suite.body
        else:
            statements = suite
        assert frame.env is not None
        outcome = Outcome(dict(frame.env))
        for statement in statements:
            assert outcome.env is not None
            step = self._statement(statement, replace(frame, env=outcome.env))
            outcome.returns += step.returns
            outcome.env = step.env
            if outcome.env is None:
                break
        return outcome

    def _statement(self, statement: cst.CSTNode, frame: Frame) -> Outcome:
        env = frame.env
        assert env is not None
        if isinstance(statement, cst.SimpleStatementLine):
            return self.run(statement.body, frame)
        if isinstance(statement, cst.Return):
            value = NONE if statement.value is None else self.value(statement.value, frame)
            return Outcome(None, [(statement.value or statement, value)])
        if isinstance(statement, cst.Raise):
            return Outcome(None)
        if isinstance(statement, cst.Assign):
            value = self.value(statement.value, frame)
            for target in statement.targets:
                self._assign(target.target, value, frame)
            return Outcome(env)
        if isinstance(statement, cst.AnnAssign):
            if statement.value is not None:
                self._assign(statement.target, self.value(statement.value, frame), frame)
            return Outcome(env)
        if isinstance(statement, cst.AugAssign):
            operator = _AUGMENTED.get(type(statement.operator))
            current = self.value(statement.target, frame)
            update = self.value(statement.value, frame)
            value = self._binary(operator, current, update) if operator is not None else UNKNOWN
            self._assign(statement.target, value, frame)
            return Outcome(env)
        if isinstance(statement, cst.Expr):
            self._effect(statement.value, frame)
            return Outcome(env)
        if isinstance(statement, (cst.Pass, cst.Assert, cst.Global, cst.Nonlocal, cst.Import, cst.ImportFrom)):
            return Outcome(env)
        if isinstance(statement, (cst.Break, cst.Continue)):
            return Outcome(None)  # the loop's join covers the paths that leave early
        if isinstance(statement, cst.Del):
            self._delete(statement.target, frame)
            return Outcome(env)
        if isinstance(statement, cst.FunctionDef):
            env[statement.name.value] = self._function_value(statement, env)
            return Outcome(env)
        if isinstance(statement, cst.ClassDef):
            env[statement.name.value] = ClassValue(statement, frame.scope, index=self.index)
            return Outcome(env)
        if isinstance(statement, cst.If):
            return self._branches(frame, [statement.body, statement.orelse])
        if isinstance(statement, cst.Else):
            return self.run(statement.body, frame)
        if isinstance(statement, cst.With):
            return self.run(statement.body, frame)
        if isinstance(statement, (cst.For, cst.While)):
            return self._loop(statement, frame)
        if isinstance(statement, cst.Try):
            handlers = [h.body for h in statement.handlers]
            tried = self._branches(frame, [statement.body, *handlers])
            if tried.env is not None and statement.finalbody is not None:
                after = self.run(statement.finalbody.body, replace(frame, env=tried.env))
                return Outcome(after.env, tried.returns + after.returns)
            return tried
        # Anything else (match, async constructs): the names it binds become unknown.
        for name in _assigned_names(statement):
            env[name] = UNKNOWN
        return Outcome(env)

    def _branches(self, frame: Frame, suites: Sequence[cst.CSTNode | None]) -> Outcome:
        assert frame.env is not None
        outcomes = []
        for suite in suites:
            if suite is None:
                outcomes.append(Outcome(dict(frame.env)))
            elif isinstance(suite, cst.If):  # elif
                outcomes.append(self._branches(replace(frame, env=dict(frame.env)), [suite.body, suite.orelse]))
            elif isinstance(suite, cst.Else):
                outcomes.append(self.run(suite.body, replace(frame, env=dict(frame.env))))
            else:
                outcomes.append(self.run(suite, replace(frame, env=dict(frame.env))))  # type: ignore[arg-type]
        returns = [r for o in outcomes for r in o.returns]
        live = [o.env for o in outcomes if o.env is not None]
        if not live:
            return Outcome(None, returns)
        return Outcome(_join_envs(live), returns)

    def _loop(self, statement: cst.For | cst.While, frame: Frame) -> Outcome:
        """A Python loop: its body may run any number of times, so each name it assigns is the
        join of its value before the loop and after one and two passes."""
        assert frame.env is not None
        before = dict(frame.env)
        current = dict(frame.env)
        returns: list[tuple[cst.CSTNode, AnyValue]] = []
        states = [before]
        for _ in range(2):
            if isinstance(statement, cst.For):
                self._assign(statement.target, self._element_of(self.value(statement.iter, replace(frame, env=current))), replace(frame, env=current))
            outcome = self.run(statement.body, replace(frame, env=dict(current)))
            returns += outcome.returns
            exits = _break_or_continue_envs(statement.body, outcome)
            current = _join_envs([states[-1], *( [outcome.env] if outcome.env is not None else []), *exits])
            states.append(current)
        after = _join_envs(states)
        if statement.orelse is not None:
            tail = self.run(statement.orelse.body, replace(frame, env=after))
            return Outcome(tail.env, returns + tail.returns)
        return Outcome(after, returns)

    def _element_of(self, iterable: AnyValue) -> AnyValue:
        if isinstance(iterable, Node) and iterable.kind in ("tuple", "list") and iterable.children:
            return join_all(list(iterable.children))
        if isinstance(iterable, Array) and iterable.shape:
            return Array(iterable.dtype, iterable.weak, iterable.shape[1:])
        return UNKNOWN

    def _assign(self, target: cst.BaseExpression, value: AnyValue, frame: Frame) -> None:
        env = frame.env
        assert env is not None
        if isinstance(target, cst.Name):
            env[target.value] = value
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = target.elements
            if any(isinstance(e, cst.StarredElement) for e in elements):
                for name in _target_names(target):
                    env[name] = UNKNOWN
                return
            parts = self._unpack(value, len(elements))
            for element, part in zip(elements, parts):
                self._assign(element.value, part, frame)
        elif isinstance(target, cst.Subscript):
            self._store_item(target, value, frame)
        elif isinstance(target, cst.Attribute):
            base = target.value
            if isinstance(base, cst.Name) and base.value in env:
                holder = env[base.value]
                if isinstance(holder, Node) and holder.kind == "dataclass":
                    env[base.value] = holder.with_child(target.attr.value, value) if target.attr.value in holder.keys else holder
        elif isinstance(target, cst.StarredElement):
            for name in _target_names(target):
                env[name] = UNKNOWN

    def _unpack(self, value: AnyValue, count: int) -> list[AnyValue]:
        if isinstance(value, Node) and value.kind in ("tuple", "list", "namedtuple") and len(value.children) == count:
            return list(value.children)
        if isinstance(value, Array) and value.shape and value.shape[0] in (count, None):
            return [Array(value.dtype, value.weak, value.shape[1:])] * count
        return [UNKNOWN] * count

    def _store_item(self, target: cst.Subscript, value: AnyValue, frame: Frame) -> None:
        env = frame.env
        assert env is not None
        if not isinstance(target.value, cst.Name) or target.value.value not in env:
            return
        holder = env[target.value.value]
        key = _single_index(target)
        if isinstance(holder, Node) and holder.kind == "dict":
            literal = _string_literal(key)
            env[target.value.value] = holder.with_child(literal, value) if literal is not None else UNKNOWN
        elif isinstance(holder, Node) and holder.kind == "list":
            position = _int_literal(key)
            if position is not None and -len(holder.children) <= position < len(holder.children):
                children = list(holder.children)
                children[position] = value
                env[target.value.value] = replace(holder, children=tuple(children))
            else:
                env[target.value.value] = UNKNOWN

    def _delete(self, target: cst.BaseExpression, frame: Frame) -> None:
        env = frame.env
        assert env is not None
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and target.value.value in env:
            holder = env[target.value.value]
            literal = _string_literal(_single_index(target))
            if isinstance(holder, Node) and holder.kind == "dict" and literal is not None:
                env[target.value.value] = holder.without_child(literal)
            else:
                env[target.value.value] = UNKNOWN
        elif isinstance(target, cst.Name):
            env.pop(target.value, None)

    def _effect(self, node: cst.BaseExpression, frame: Frame) -> None:
        """An expression statement: in-place container updates change the holder."""
        env = frame.env
        assert env is not None
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value in env
        ):
            name = node.func.value.value
            holder = env[name]
            method = node.func.attr.value
            if isinstance(holder, Node) and holder.kind == "list":
                if method == "append" and len(node.args) == 1:
                    env[name] = replace(holder, children=(*holder.children, self.value(node.args[0].value, frame)))
                elif method == "extend" and len(node.args) == 1:
                    added = self.value(node.args[0].value, frame)
                    if isinstance(added, Node) and added.kind in ("tuple", "list"):
                        env[name] = replace(holder, children=(*holder.children, *added.children))
                    else:
                        env[name] = UNKNOWN
                elif method in ("pop", "insert", "remove", "clear", "reverse", "sort"):
                    env[name] = UNKNOWN
                return
            if isinstance(holder, Node) and holder.kind == "dict":
                if method == "update":
                    updated = self._dict_update(holder, node, frame)
                    env[name] = updated
                elif method == "pop" and node.args:
                    literal = _string_literal(node.args[0].value)
                    env[name] = holder.without_child(literal) if literal is not None else UNKNOWN
                elif method == "setdefault" and len(node.args) == 2:
                    literal = _string_literal(node.args[0].value)
                    if literal is None:
                        env[name] = UNKNOWN
                    elif literal not in holder.keys:
                        env[name] = holder.with_child(literal, self.value(node.args[1].value, frame))
                elif method in ("clear", "popitem"):
                    env[name] = UNKNOWN
                return
        self.value(node, frame)

    def _dict_update(self, holder: Node, node: cst.Call, frame: Frame) -> AnyValue:
        result: Node = holder
        for arg in node.args:
            if arg.keyword is not None:
                result = result.with_child(arg.keyword.value, self.value(arg.value, frame))
            elif arg.star == "" and len(node.args) == 1:
                other = self.value(arg.value, frame)
                if not (isinstance(other, Node) and other.kind == "dict"):
                    return UNKNOWN
                for key, child in zip(other.keys, other.children):
                    result = result.with_child(key, child)
            else:
                return UNKNOWN
        return result

    # -- expressions ------------------------------------------------------------------------

    def value(self, node: cst.BaseExpression, frame: Frame) -> AnyValue:
        self.budget.steps += 1
        if self.budget.steps > MAX_STEPS:
            raise OutOfBudget
        if isinstance(node, cst.Integer):
            return Array(self.table.python_scalar("int"), True, ())
        if isinstance(node, cst.Float):
            return Array(self.table.python_scalar("float"), True, ())
        if isinstance(node, cst.Imaginary):
            return Array(self.table.python_scalar("complex"), True, ())
        if isinstance(node, cst.Name):
            return self._name(node.value, frame)
        if isinstance(node, (cst.Tuple, cst.List)):
            return self._display(node, frame)
        if isinstance(node, cst.Dict):
            return self._dict_display(node, frame)
        if isinstance(node, cst.BinaryOperation):
            left = self.value(node.left, frame)
            right = self.value(node.right, frame)
            return self._binary(type(node.operator), left, right)
        if isinstance(node, cst.UnaryOperation):
            operand = self.value(node.expression, frame)
            if isinstance(node.operator, cst.Not):
                return UNKNOWN
            if isinstance(operand, Array):
                if isinstance(node.operator, cst.BitInvert):
                    return self._apply("jax.numpy.invert", [operand], {}, None, frame)
                return operand
            return UNKNOWN
        if isinstance(node, cst.Comparison):
            if len(node.comparisons) != 1:
                return UNKNOWN
            operator = _COMPARISON.get(type(node.comparisons[0].operator))
            if operator is None:
                return UNKNOWN  # `is`, `in`: Python truth values
            left = self.value(node.left, frame)
            right = self.value(node.comparisons[0].comparator, frame)
            if not (isinstance(left, Array) or isinstance(right, Array)):
                return UNKNOWN
            return self._apply(operator, [left, right], {}, None, frame)
        if isinstance(node, cst.IfExp):
            body = self.value(node.body, frame)
            orelse = self.value(node.orelse, frame)
            return _join_any(body, orelse)
        if isinstance(node, cst.Subscript):
            return self._subscript(node, frame)
        if isinstance(node, cst.Attribute):
            return self._attribute(node, frame)
        if isinstance(node, cst.Call):
            return self._call(node, frame)
        if isinstance(node, cst.Lambda):
            return Function(node, self.index.scope_of[node], frame.env, index=self.index)
        if isinstance(node, cst.NamedExpr):
            value = self.value(node.value, frame)
            if frame.env is not None and isinstance(node.target, cst.Name):
                frame.env[node.target.value] = value
            return value
        return UNKNOWN

    def _display(self, node: cst.Tuple | cst.List, frame: Frame) -> AnyValue:
        kind = "tuple" if isinstance(node, cst.Tuple) else "list"
        children: list[Value] = []
        for element in node.elements:
            if isinstance(element, cst.StarredElement):
                spread = self.value(element.value, frame)
                if isinstance(spread, Node) and spread.kind in ("tuple", "list"):
                    children += spread.children
                    continue
                return UNKNOWN
            children.append(self.value(element.value, frame))  # type: ignore[arg-type]
        return sequence(kind, children)

    def _dict_display(self, node: cst.Dict, frame: Frame) -> AnyValue:
        pairs: list[tuple[str, Value]] = []
        for element in node.elements:
            if isinstance(element, cst.StarredDictElement):
                spread = self.value(element.value, frame)
                if not (isinstance(spread, Node) and spread.kind == "dict"):
                    return UNKNOWN
                pairs = [p for p in pairs if p[0] not in spread.keys]
                pairs += list(zip(spread.keys, spread.children))
                continue
            key = _string_literal(element.key)
            if key is None:
                return UNKNOWN
            pairs = [p for p in pairs if p[0] != key]
            pairs.append((key, self.value(element.value, frame)))  # type: ignore[arg-type]
        return dictionary(pairs)

    def _name(self, name: str, frame: Frame) -> AnyValue:
        if name == "None":
            return NONE
        if name in ("True", "False"):
            return Array("bool", False, ())
        if frame.env is not None:
            if name in frame.env:
                return frame.env[name]
            if name in frame.scope.bindings:
                return UNKNOWN  # a local this path did not assign (or assigned in a way not followed)
            if frame.closure is not None and name in frame.closure:
                return frame.closure[name]
            outer = frame.scope.parent
        else:
            outer = frame.scope
        found = outer.lookup(name) if outer is not None else None
        if found is None or len(found[1]) != 1:
            return UNKNOWN
        binding_scope, bindings = found
        if isinstance(bindings[0], (cst.Import, cst.ImportFrom)):
            qualified = self.index.qualify(cst.Name(name))
            if qualified is not None and qualified.startswith(_LIBRARIES):
                return UNKNOWN  # a library's name: the table and the special cases know those
            return self._project_definition(name)
        return self._binding(bindings[0], binding_scope)

    def method_function(self, node: cst.FunctionDef, bound: tuple[Value, ...]) -> AnyValue:
        """A method the resolver found as a loop body (`self.step`), with `self` bound when it
        takes one."""
        value = self._function_value(node)
        return replace(value, bound=bound) if isinstance(value, Function) else value

    def _function_value(self, node: cst.FunctionDef, closure: dict[str, AnyValue] | None = None) -> AnyValue:
        """A def as a function value; unknown when a decorator may change what calling it does
        (`jax.vmap`, a cache, a user's wrapper)."""
        for decorator in node.decorators:
            expression = decorator.decorator
            target = expression.func if isinstance(expression, cst.Call) else expression
            qualified = self.index.qualify(target) or dotted(target)
            if qualified == PARTIAL and isinstance(expression, cst.Call) and expression.args:
                qualified = self.index.qualify(expression.args[0].value)
            if qualified not in _SAME_FUNCTION_DECORATORS:
                return UNKNOWN
        return Function(node, self.index.scope_of[node], closure, index=self.index)

    def _binding(self, binding: cst.CSTNode, scope: Scope) -> AnyValue:
        if isinstance(binding, cst.FunctionDef):
            return self._function_value(binding)
        if isinstance(binding, cst.ClassDef):
            return ClassValue(binding, scope, index=self.index)
        if isinstance(binding, (cst.Import, cst.ImportFrom)):
            return UNKNOWN  # read through `_imported`, which knows the name
        if isinstance(binding, (cst.Param, cst.BaseExpression)):
            if binding in self._binding_values:
                return self._binding_values[binding]
            if binding in self._in_progress:
                return UNKNOWN  # a name defined in terms of itself
            self._in_progress.add(binding)
            try:
                if isinstance(binding, cst.Param):
                    value = self._parameter(binding, scope)
                else:
                    value = self.value(binding, Frame(scope, None))
            finally:
                self._in_progress.discard(binding)
            self._binding_values[binding] = value
            return value
        return UNKNOWN

    def _parameter(self, param: cst.Param, scope: Scope) -> AnyValue:
        """A parameter read outside a run of its function: what every call this file shows
        passes (joined), else what its annotation declares."""
        passed = self._passed_at_call_sites(param, scope)
        if passed is not None:
            return passed
        if param.annotation is not None and array_annotation(self.index, param.annotation.annotation):
            return UNKNOWN_ARRAY
        return UNKNOWN

    def _passed_at_call_sites(self, param: cst.Param, scope: Scope) -> AnyValue | None:
        function = scope.node
        if not isinstance(function, cst.FunctionDef) or scope.parent is None or scope.parent.is_class:
            return None
        params = function.params
        positional = [*params.posonly_params, *params.params]
        position = next((i for i, p in enumerate(positional) if p is param), None)
        keyword_only = param in params.kwonly_params
        if position is None and not keyword_only:
            return None
        values: list[AnyValue] = []
        for call, call_scope in self.index.calls_of(function.name.value, scope.parent):
            if any(arg.star for arg in call.args):
                return None
            found = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == param.name.value), None)
            if found is None and position is not None:
                plain = [a for a in call.args if a.keyword is None]
                found = plain[position].value if position < len(plain) else None
            if found is None:
                found = param.default
            if found is None:
                return None
            values.append(self.value(found, Frame(call_scope, None)))
        if not values:
            return None
        result = values[0]
        for value in values[1:]:
            result = _join_any(result, value)
        return result

    def _binary(self, operator: type | None, left: AnyValue, right: AnyValue) -> AnyValue:
        if operator is None:
            return UNKNOWN
        if isinstance(left, Node) and isinstance(right, Node):
            if operator is cst.Add and left.kind == right.kind and left.kind in ("tuple", "list"):
                return replace(left, children=left.children + right.children)
            return UNKNOWN
        if operator is cst.Multiply and isinstance(left, Node) and left.kind in ("tuple", "list"):
            return UNKNOWN
        if not (isinstance(left, Array) and isinstance(right, Array)):
            return UNKNOWN
        if operator is cst.Power:
            return self._power(left, right)
        name = _ARITHMETIC.get(operator)
        return self._apply(name, [left, right], {}, None, None) if name is not None else UNKNOWN

    def _power(self, base: Array, exponent: Array) -> AnyValue:
        """`x ** n`: JAX keeps the base's type for a Python int exponent; otherwise the promoted
        dtype, with the weak type not known (`power(~float32, int32)` is strongly typed)."""
        shape = None if base.shape is None or exponent.shape is None else _broadcast([base.shape, exponent.shape])
        if exponent.weak and exponent.dtype is not None and exponent.dtype.startswith("int") and exponent.shape == ():
            return Array(base.dtype, base.weak, base.shape)
        promoted = self.table.promote(base.typed, exponent.typed)
        return Array(promoted.lstrip("~") if promoted else None, None, shape)

    def _subscript(self, node: cst.Subscript, frame: Frame) -> AnyValue:
        base = self.value(node.value, frame)
        if isinstance(base, Node):
            if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
                if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Slice) and base.kind in ("tuple", "list"):
                    bounds = _slice_bounds(node.slice[0].slice)
                    if bounds is not None:
                        return replace(base, children=base.children[slice(*bounds)], keys=())
                return UNKNOWN
            key = node.slice[0].slice.value
            if base.kind == "dict":
                literal = _string_literal(key)
                return base.child(literal) if literal is not None else UNKNOWN
            position = _int_literal(key)
            if position is not None and base.kind in ("tuple", "list", "namedtuple") and -len(base.children) <= position < len(base.children):
                return base.children[position]
            return UNKNOWN
        if isinstance(base, Array):
            return Array(base.dtype, base.weak, self._indexed_shape(base.shape, node, frame))
        return UNKNOWN

    def _indexed_shape(self, shape: tuple[Dim, ...] | None, node: cst.Subscript, frame: Frame) -> tuple[Dim, ...] | None:
        """NumPy basic indexing: integers drop a dimension, slices keep it, None adds one."""
        if shape is None:
            return None
        result: list[Dim] = []
        remaining = list(shape)
        ellipsis_at: int | None = None
        for element in node.slice:
            part = element.slice
            if isinstance(part, cst.Slice):
                if not remaining:
                    return None
                dim = remaining.pop(0)
                full = part.lower is None and part.upper is None and part.step is None
                result.append(dim if full else None)
                continue
            value = part.value
            if isinstance(value, cst.Name) and value.value == "None":
                result.append(1)
                continue
            if isinstance(value, cst.Ellipsis):
                if ellipsis_at is not None:
                    return None
                ellipsis_at = len(result)
                continue
            index_value = self.value(value, frame)
            if isinstance(index_value, Array) and index_value.shape == () and index_value.dtype is not None and index_value.dtype.startswith(("int", "uint")):
                if not remaining:
                    return None
                remaining.pop(0)
                continue
            return None  # advanced indexing, or an index that is not seen
        if ellipsis_at is not None:
            return tuple(result[:ellipsis_at] + remaining + result[ellipsis_at:])
        return tuple(result + remaining)

    def _class_attribute(self, owner: ClassValue | Instance, attr: str) -> AnyValue:
        """A method read off a same-file class or one of its instances: static methods as they
        are, class methods and instance methods with their first parameter bound (to an
        unknown value: the instance's attributes are not followed)."""
        cls = owner if isinstance(owner, ClassValue) else owner.cls
        index = cls.index or self.index
        method = index.method_of(cls.node, attr)
        if method is None:
            return UNKNOWN
        scope = index.scope_of[method]
        home = index
        if any(
            (index.qualify(d.decorator) or dotted(d.decorator)) not in _SAME_FUNCTION_DECORATORS
            for d in method.decorators
        ):
            return UNKNOWN  # a property, a cached or vmapped method: not a plain call
        if is_staticmethod(method):
            return Function(method, scope, index=home)
        if is_classmethod(method) or isinstance(owner, Instance):
            return Function(method, scope, bound=(UNKNOWN,), index=home)
        return Function(method, scope, index=home)

    def _attribute(self, node: cst.Attribute, frame: Frame) -> AnyValue:
        qualified = self.index.qualify(node)
        if qualified is not None:
            if qualified in _FLOAT_CONSTANTS:
                return Array(self.table.python_scalar("float"), True, ())
            if not qualified.startswith(_LIBRARIES):
                written = dotted(node)
                return self._project_definition(written) if written is not None else UNKNOWN
            return UNKNOWN  # a module attribute (a dtype, a function): not data
        base = self.value(node.value, frame)
        attr = node.attr.value
        if isinstance(base, (ClassValue, Instance)):
            return self._class_attribute(base, attr)
        if isinstance(base, Node) and base.kind in ("namedtuple", "dataclass"):
            if attr not in base.keys and base.type_name is not None:
                owner = self._class_named(base.type_name, frame)
                if owner is not None:
                    function = self._class_attribute(Instance(owner), attr)
                    if isinstance(function, Function) and function.bound:
                        function = replace(function, bound=(base,))  # `self` is the value itself
                    return function
            return base.child(attr)
        if isinstance(base, Array):
            if attr in ("T", "mT"):
                if base.shape is None:
                    return base
                return Array(base.dtype, base.weak, tuple(reversed(base.shape)) if attr == "T" else (*base.shape[:-2], *reversed(base.shape[-2:])))
            if attr in ("real", "imag"):
                return self._apply(f"jax.numpy.{attr}", [base], {}, None, None)
            if attr == "shape":
                if base.shape is None:
                    return UNKNOWN
                return sequence("tuple", [Array(self.table.python_scalar("int"), True, ())] * len(base.shape))
            if attr in ("ndim", "size"):
                return Array(self.table.python_scalar("int"), True, ())
            return UNKNOWN
        return UNKNOWN

    # -- calls ------------------------------------------------------------------------------

    def _call(self, node: cst.Call, frame: Frame) -> AnyValue:
        qualified = self.index.qualify(node.func)
        if qualified is not None and not qualified.startswith(_LIBRARIES):
            written = dotted(node.func)
            callee = self._project_definition(written) if written is not None else UNKNOWN
            return self._call_value(callee, node, frame)
        if qualified is not None:
            return self._library_call(qualified, node, frame)
        if isinstance(node.func, cst.Attribute):
            receiver = self.value(node.func.value, frame)
            return self._method_call(receiver, node, frame)
        if isinstance(node.func, cst.Name) and node.func.value in _BUILTINS and self._is_builtin(node.func.value, frame):
            return self._builtin(node.func.value, node, frame)
        callee = self.value(node.func, frame)
        return self._call_value(callee, node, frame)

    def _is_builtin(self, name: str, frame: Frame) -> bool:
        if frame.env is not None and name in frame.env:
            return False
        return frame.scope.lookup(name) is None

    def _arguments(self, node: cst.Call, frame: Frame) -> tuple[list[AnyValue], dict[str, AnyValue]] | None:
        positional: list[AnyValue] = []
        keywords: dict[str, AnyValue] = {}
        for arg in node.args:
            if arg.star:
                return None
            value = self.value(arg.value, frame)
            if arg.keyword is not None:
                keywords[arg.keyword.value] = value
            else:
                positional.append(value)
        return positional, keywords

    def _call_value(self, callee: AnyValue, node: cst.Call, frame: Frame) -> AnyValue:
        if isinstance(callee, VmappedFunction):
            arguments = self._arguments(node, frame)
            if arguments is None or arguments[1]:
                return UNKNOWN
            return self._call_vmapped(callee, arguments[0])
        if isinstance(callee, Function):
            arguments = self._arguments(node, frame)
            if arguments is None:
                return UNKNOWN
            return self.call_result(callee, *arguments)
        if isinstance(callee, ClassValue):
            return self._construct(callee, node, frame)
        return UNKNOWN

    def _class_named(self, name: str, frame: Frame) -> ClassValue | None:
        found = self.index.module_scope.lookup(name)
        if found is None or len(found[1]) != 1 or not isinstance(found[1][0], cst.ClassDef):
            return None
        return ClassValue(found[1][0], self.index.module_scope, index=self.index)

    def _call_vmapped(self, callee: VmappedFunction, arguments: list[AnyValue]) -> AnyValue:
        """Every argument loses its leading axis, every result leaf gains it back."""
        sizes = {a.shape[0] for a in arguments if isinstance(a, Array) and a.shape}
        if not arguments or not all(isinstance(a, (Array, Node)) for a in arguments):
            return UNKNOWN
        if any(isinstance(a, Array) and a.shape == () for a in arguments):
            return UNKNOWN  # a scalar cannot be mapped over: JAX raises, not this rule's error
        size = sizes.pop() if len(sizes) == 1 else None
        result = self.call_result(callee.function, [slice_leading(a) for a in arguments])
        if not isinstance(result, (Array, Node)):
            return UNKNOWN
        return map_leaves(result, lambda leaf: _stacked(leaf, size))

    def _construct(self, cls: ClassValue, node: cst.Call, frame: Frame) -> AnyValue:
        if cls.index is not None and cls.index is not self.index:
            arguments = self._arguments(node, frame)
            if arguments is None:
                return UNKNOWN
            return self._other(cls.index).instance_of(cls, *arguments)
        described = pytree_class(self.index, cls.node)
        if described is None:
            return Instance(cls)  # an object whose methods can still be looked up
        arguments = self._arguments(node, frame)
        if arguments is None:
            return UNKNOWN
        return self._instance(described, *arguments, frame)

    def instance_of(self, cls: ClassValue, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """An instance of a class of this evaluator's file, built with these arguments."""
        described = pytree_class(self.index, cls.node)
        if described is None:
            return Instance(cls)
        return self._instance(described, positional, keywords, Frame(self.index.module_scope, None))

    def _instance(self, described: PytreeClass, positional: list[AnyValue], keywords: dict[str, AnyValue], frame: Frame) -> AnyValue:
        values: dict[str, AnyValue] = dict(zip(described.init_fields, positional))
        if len(positional) > len(described.init_fields):
            return UNKNOWN
        for name, value in keywords.items():
            if name not in described.init_fields or name in values:
                return UNKNOWN
            values[name] = value
        children: list[Value] = []
        for name in described.fields:
            if name in values:
                children.append(_data(values[name]))
            elif name in described.defaults:
                default = described.defaults[name]
                children.append(_data(self.value(default, Frame(self.index.scope_of[described.node], None))) if default is not None else UNKNOWN)
            else:
                return UNKNOWN
        return Node(described.kind, tuple(children), described.fields, described.name)

    def _builtin(self, name: str, node: cst.Call, frame: Frame) -> AnyValue:
        arguments = self._arguments(node, frame)
        if arguments is None:
            return UNKNOWN
        positional, keywords = arguments
        if name in ("tuple", "list") and len(positional) == 1 and not keywords:
            source = positional[0]
            if isinstance(source, Node) and source.kind in ("tuple", "list", "namedtuple"):
                return sequence(name, list(source.children))
            return UNKNOWN
        if name == "dict":
            if not positional:
                return dictionary([(k, _data(v)) for k, v in keywords.items()])
            source = positional[0]
            if len(positional) == 1 and isinstance(source, Node) and source.kind == "dict":
                result: Node = source
                for key, value in keywords.items():
                    result = result.with_child(key, _data(value))
                return result
            return UNKNOWN
        if name == "abs" and len(positional) == 1 and isinstance(positional[0], Array):
            return self._apply("jax.numpy.abs", positional, {}, None, None)
        if name in ("len", "int"):
            return Array(self.table.python_scalar("int"), True, ()) if name == "len" else UNKNOWN
        return UNKNOWN

    def _method_call(self, receiver: AnyValue, node: cst.Call, frame: Frame) -> AnyValue:
        assert isinstance(node.func, cst.Attribute)
        method = node.func.attr.value
        if isinstance(receiver, Node):
            return self._node_method(receiver, method, node, frame)
        if isinstance(receiver, Array):
            return self._array_method(receiver, method, node, frame)
        if receiver is UNKNOWN and method == "astype" and len(node.args) == 1:
            dtype = self.dtype_named(node.args[0].value, frame)  # only arrays have `.astype`
            return Array(dtype, False, None) if dtype is not None else UNKNOWN
        if isinstance(receiver, (ClassValue, Instance)):
            return self._call_value(self._class_attribute(receiver, method), node, frame)
        return UNKNOWN

    def _node_method(self, receiver: Node, method: str, node: cst.Call, frame: Frame) -> AnyValue:
        if method in ("replace", "_replace") and receiver.kind in ("namedtuple", "dataclass"):
            if any(a.keyword is None or a.star for a in node.args):
                return UNKNOWN
            result = receiver
            for arg in node.args:
                assert arg.keyword is not None
                if arg.keyword.value not in receiver.keys:
                    return UNKNOWN
                result = result.with_child(arg.keyword.value, _data(self.value(arg.value, frame)))
            return result
        if method == "copy" and receiver.kind in ("dict", "list"):
            return receiver
        if receiver.kind in ("namedtuple", "dataclass") and receiver.type_name is not None:
            owner = self._class_named(receiver.type_name, frame)
            if owner is not None:
                function = self._class_attribute(Instance(owner), method)
                if isinstance(function, Function) and not is_staticmethod(function.node) and not is_classmethod(function.node):
                    function = replace(function, bound=(receiver,))  # `self` is the value itself
                return self._call_value(function, node, frame)
        if method == "get" and receiver.kind == "dict" and node.args:
            literal = _string_literal(node.args[0].value)
            if literal is not None and literal in receiver.keys:
                return receiver.child(literal)
            if literal is not None and len(node.args) == 2:
                return self.value(node.args[1].value, frame)
        return UNKNOWN

    def _array_method(self, receiver: Array, method: str, node: cst.Call, frame: Frame) -> AnyValue:
        if method == "astype" and node.args:
            dtype = self.dtype_named(node.args[0].value, frame)
            return Array(dtype, False if dtype is not None else None, receiver.shape)
        if method == "reshape":
            return Array(receiver.dtype, receiver.weak, self._reshaped(node, frame))
        if method in ("copy", "block_until_ready"):
            return receiver
        if method in ("set", "add", "multiply", "mul", "divide", "min", "max", "power", "apply") and _is_at_update(node.func):
            return Array(receiver.dtype, receiver.weak, receiver.shape)
        if method == "get" and _is_at_update(node.func):
            return UNKNOWN
        if method in _METHODS_AS_FUNCTIONS:
            return self._apply(f"jax.numpy.{method}", [receiver], {}, node, frame, method_form=True)
        return UNKNOWN

    def _reshaped(self, node: cst.Call, frame: Frame) -> tuple[Dim, ...] | None:
        args = [a for a in node.args if a.keyword is None]
        if len(args) == 1:
            shape = args[0].value
            if isinstance(shape, (cst.Tuple, cst.List)):
                return self.shape_of(shape, frame)
            return self.shape_of(shape, frame)
        if args:
            return tuple(_dim(a.value) for a in args)
        return None

    def _library_call(self, qualified: str, node: cst.Call, frame: Frame) -> AnyValue:
        module, _, function = qualified.rpartition(".")
        if qualified == PARTIAL:
            return self._partial(node, frame)
        if qualified in _TREE_MAP:
            return self._tree_map(node, frame)
        if qualified in _IDENTITY_CALLS and node.args:
            return self.value(node.args[0].value, frame)
        if qualified == "dataclasses.replace" and node.args:
            receiver = self.value(node.args[0].value, frame)
            if isinstance(receiver, Node):
                rest = cst.Call(func=cst.Name("replace"), args=node.args[1:])
                return self._node_method(receiver, "replace", rest, frame)
            return UNKNOWN
        special = _SPECIAL_CALLS.get(qualified)
        if special is not None:
            arguments = self._arguments(node, frame)
            if arguments is None:
                return UNKNOWN
            return getattr(self, special)(node, *arguments)
        if qualified in SAME_FUNCTION_WRAPPERS:
            wrapped = self.value(node.args[0].value, frame) if node.args and not node.args[0].keyword else UNKNOWN
            return wrapped if isinstance(wrapped, Function) else UNKNOWN
        if qualified == "jax.vmap":
            return self._vmapped(node, frame)
        if qualified == "jax.numpy.where" and len(node.args) == 3 and not any(a.keyword or a.star for a in node.args):
            return self._where(node, frame)
        if module in ("jax.numpy", "numpy"):
            created = self._creation(module, function, node, frame)
            if created is not None:
                return created
        if module == "numpy":
            return UNKNOWN  # NumPy math on traced values is not what JAX computes
        arguments = self._arguments(node, frame)
        if arguments is None:
            return UNKNOWN
        positional, keywords = arguments
        return self._apply(qualified, positional, keywords, node, frame)

    def _raw_key(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        return Array("uint32", False, (2,))  # the default threefry implementation's two words

    def _typed_key(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        return Array("key<fry>", False, ()) if not keywords else UNKNOWN

    def _random_split(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        key = positional[0] if positional else keywords.get("key", UNKNOWN)
        if not isinstance(key, Array) or key.shape is None:
            return UNKNOWN
        count_node = _argument(node, 1, "num")
        count = 2 if count_node is None else _int_literal(count_node)
        if count is None and count_node is not None and not isinstance(count_node, (cst.Tuple, cst.List)):
            return Array(key.dtype, False, (None, *key.shape))
        if count is None:
            return UNKNOWN
        return Array(key.dtype, False, (count, *key.shape))

    def _array_split(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`jnp.split(x, n)` with a literal count: n arrays of x's rank and dtype."""
        source = positional[0] if positional else UNKNOWN
        count = _int_literal(_argument(node, 1, "indices_or_sections"))
        if not isinstance(source, Array) or count is None or count < 1 or source.shape is None or not source.shape:
            return UNKNOWN
        axis = _int_literal(_argument(node, 2, "axis")) if _argument(node, 2, "axis") is not None else 0
        if axis is None or not -len(source.shape) <= axis < len(source.shape):
            return UNKNOWN
        axis %= len(source.shape)
        size = source.shape[axis]
        part = size // count if size is not None and size % count == 0 else None
        shape = (*source.shape[:axis], part, *source.shape[axis + 1 :])
        return sequence("list", [Array(source.dtype, source.weak, shape)] * count)

    def _append(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`jnp.append(arr, values)`: without `axis`, both flattened and joined (so it grows)."""
        if len(positional) != 2 or keywords:
            return UNKNOWN
        array, values = positional
        if not isinstance(array, Array) or not isinstance(values, Array):
            return UNKNOWN
        promoted = self.table.promote(array.typed, values.typed)
        dtype = promoted.lstrip("~") if promoted else None
        sizes = [_size(array.shape), _size(values.shape)]
        total = None if None in sizes else sum(sizes)  # type: ignore[arg-type]
        return Array(dtype, None if promoted is None else promoted.startswith("~"), (total,))

    def _outer(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`jnp.outer(a, b)`: both flattened, so always a matrix."""
        if len(positional) != 2 or keywords or not all(isinstance(v, Array) for v in positional):
            return UNKNOWN
        left, right = positional
        assert isinstance(left, Array) and isinstance(right, Array)
        promoted = self.table.promote(left.typed, right.typed)
        dtype = promoted.lstrip("~") if promoted else None
        return Array(dtype, None if promoted is None else promoted.startswith("~"), (_size(left.shape), _size(right.shape)))

    def _stacked_members(self, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> list[Array] | None:
        if len(positional) != 1 or keywords:
            return None
        members = positional[0]
        if not isinstance(members, Node) or members.kind not in ("tuple", "list") or not members.children:
            return None
        if not all(isinstance(m, Array) and m.shape is not None for m in members.children):
            return None
        return list(members.children)  # type: ignore[arg-type]

    def _joined(self, members: list[Array], shapes: list[tuple[Dim, ...]], axis: int) -> AnyValue:
        if len({len(s) for s in shapes}) != 1:
            return UNKNOWN
        promoted = self.table.promote_all([m.typed for m in members])
        along = [s[axis] for s in shapes]
        common = list(_join_dims(shapes))
        common[axis] = None if None in along else sum(along)  # type: ignore[arg-type]
        dtype = promoted.lstrip("~") if promoted else None
        return Array(dtype, None if promoted is None else promoted.startswith("~"), tuple(common))

    def _vstack(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`jnp.vstack`: vectors become rows, then rows are stacked (axis 0)."""
        members = self._stacked_members(positional, keywords)
        if members is None:
            return UNKNOWN
        shapes = [m.shape if len(m.shape) >= 2 else (1, *m.shape) if m.shape else (1, 1) for m in members]  # type: ignore[arg-type]
        return self._joined(members, shapes, 0)  # type: ignore[arg-type]

    def _hstack(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`jnp.hstack`: vectors are joined end to end, higher ranks along axis 1."""
        members = self._stacked_members(positional, keywords)
        if members is None:
            return UNKNOWN
        shapes = [m.shape if m.shape else (1,) for m in members]  # type: ignore[misc]
        return self._joined(members, shapes, 0 if len(shapes[0]) == 1 else 1)  # type: ignore[arg-type]

    def _atleast_1d(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        if len(positional) != 1 or keywords or not isinstance(positional[0], Array):
            return UNKNOWN
        source = positional[0]
        shape = None if source.shape is None else (source.shape or (1,))
        return Array(source.dtype, source.weak, shape)

    def _promoted(self, arrays: list[Array]) -> tuple[str | None, bool | None]:
        promoted = self.table.promote_all([a.typed for a in arrays])
        if promoted is None:
            return None, None
        return promoted.lstrip("~"), promoted.startswith("~")

    def _einsum(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`jnp.einsum("ij,jk->ik", a, b)`: the output's letters give its rank and sizes."""
        spec = _string_literal(node.args[0].value) if node.args else None
        operands = positional[1:]
        if spec is None or set(keywords) - {"precision", "optimize"} or not all(isinstance(o, Array) for o in operands):
            return UNKNOWN
        spec = spec.replace(" ", "")
        inputs, arrow, output = spec.partition("->")
        terms = inputs.split(",")
        if "." in spec or len(terms) != len(operands) or not all(t.isalpha() for t in terms) or not (output.isalpha() or output == ""):
            return UNKNOWN
        if not arrow:
            letters = "".join(terms)
            output = "".join(sorted(c for c in set(letters) if letters.count(c) == 1))
        sizes: dict[str, Dim] = {}
        for term, operand in zip(terms, operands):
            assert isinstance(operand, Array)
            if operand.shape is not None:
                if len(term) != len(operand.shape):
                    return UNKNOWN  # JAX raises: not this rule's error
                for letter, dim in zip(term, operand.shape):
                    sizes[letter] = dim if sizes.get(letter, dim) == dim else None
        dtype, weak = self._promoted(operands)  # type: ignore[arg-type]
        return Array(dtype, weak, tuple(sizes.get(letter) for letter in output))

    def _dot(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`jnp.dot` on vectors and matrices (higher ranks are not followed)."""
        if len(positional) != 2 or set(keywords) - {"precision", "preferred_element_type"}:
            return UNKNOWN
        left, right = positional
        if not isinstance(left, Array) or not isinstance(right, Array) or "preferred_element_type" in keywords:
            return UNKNOWN
        dtype, weak = self._promoted([left, right])
        if left.shape is None or right.shape is None or len(left.shape) > 2 or len(right.shape) > 2:
            return Array(dtype, weak, None)
        if not left.shape or not right.shape:
            return Array(dtype, weak, left.shape or right.shape)
        return Array(dtype, weak, _matmul(left.shape, right.shape))

    def _expand_dims(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        source = positional[0] if positional else UNKNOWN
        axis = _int_literal(_argument(node, 1, "axis"))
        if not isinstance(source, Array) or axis is None:
            return UNKNOWN
        if source.shape is None:
            return Array(source.dtype, source.weak, None)
        rank = len(source.shape) + 1
        if not -rank <= axis < rank:
            return UNKNOWN
        axis %= rank
        return Array(source.dtype, source.weak, (*source.shape[:axis], 1, *source.shape[axis:]))

    def _squeeze(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        source = positional[0] if positional else UNKNOWN
        if not isinstance(source, Array) or source.shape is None:
            return UNKNOWN
        axis_node = _argument(node, 1, "axis")
        if axis_node is None:
            if any(d is None for d in source.shape):
                return Array(source.dtype, source.weak, None)
            return Array(source.dtype, source.weak, tuple(d for d in source.shape if d != 1))
        axis = _int_literal(axis_node)
        if axis is None or not -len(source.shape) <= axis < len(source.shape):
            return UNKNOWN
        axis %= len(source.shape)
        return Array(source.dtype, source.weak, (*source.shape[:axis], *source.shape[axis + 1 :]))

    def _cumulative(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`jnp.cumsum(x, axis)` keeps the shape; without `axis` the input is flattened first."""
        qualified = self.index.qualify(node.func)
        source = positional[0] if positional else UNKNOWN
        if not isinstance(source, Array) or set(keywords) - {"axis", "dtype"} or qualified is None:
            return UNKNOWN
        signature = self.table.function(qualified.replace("cumsum", "sum").replace("cumprod", "prod"))
        dtype = None
        if signature is not None and signature.dtype is not None and source.typed is not None:
            result = signature.dtype.get(source.typed)
            dtype = result.lstrip("~") if result else None
        if "dtype" in keywords or len(positional) > 2:
            return UNKNOWN
        weak = False if dtype is not None else None
        if _argument(node, 1, "axis") is not None:
            return Array(dtype, weak, source.shape)
        return Array(dtype, weak, (_size(source.shape),))

    def _solve(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`jnp.linalg.solve(a, b)`: the solution has `b`'s shape, in an inexact dtype."""
        if len(positional) != 2 or keywords or not all(isinstance(v, Array) for v in positional):
            return UNKNOWN
        a, b = positional
        assert isinstance(a, Array) and isinstance(b, Array)
        inverse = self.table.function("jax.numpy.linalg.inv")
        promoted = self.table.promote(a.typed, b.typed)
        result = inverse.dtype.get(promoted) if inverse is not None and inverse.dtype and promoted else None
        return Array(result.lstrip("~") if result else None, None if result is None else result.startswith("~"), b.shape)

    def _diag(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`jnp.diag(v)`: a vector becomes a square matrix, a matrix gives its diagonal."""
        source = positional[0] if positional else keywords.get("v", UNKNOWN)
        if not isinstance(source, Array) or source.shape is None or len(positional) > 1 or set(keywords) - {"v"}:
            return UNKNOWN
        if len(source.shape) == 1:
            return Array(source.dtype, source.weak, (source.shape[0], source.shape[0]))
        if len(source.shape) == 2:
            rows, columns = source.shape
            return Array(source.dtype, source.weak, (min(rows, columns) if rows is not None and columns is not None else None,))
        return UNKNOWN

    def _cond(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`lax.cond(pred, true_fun, false_fun, *operands)`: both branches' results, joined."""
        if len(positional) < 3 or keywords:
            return UNKNOWN
        _, *branches = positional[:3]
        return self._branches_joined(branches, positional[3:])

    def _switch(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """`lax.switch(index, branches, *operands)`: every branch's result, joined."""
        if len(positional) < 2 or keywords:
            return UNKNOWN
        branches = positional[1]
        if not isinstance(branches, Node) or branches.kind not in ("tuple", "list"):
            return UNKNOWN
        return self._branches_joined(list(branches.children), positional[2:])

    def _branches_joined(self, branches: list[AnyValue], operands: list[AnyValue]) -> AnyValue:
        results = []
        for branch in branches:
            if not isinstance(branch, Function):
                return UNKNOWN
            results.append(self.call_result(branch, operands))
        if not results or any(not _is_data(r) for r in results):
            return UNKNOWN
        return join_all(results)  # type: ignore[arg-type]

    def _loop_result(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """A nested `fori_loop`/`while_loop` gives back a value of its init's type (weakly typed
        leaves may have been promoted: their dtype is not known)."""
        position = 3 if self.index.qualify(node.func) == "jax.lax.fori_loop" else 2
        value = positional[position] if len(positional) > position else keywords.get("init_val", UNKNOWN)
        return _settled(value)

    def _nested_scan(self, node: cst.Call, positional: list[AnyValue], keywords: dict[str, AnyValue]) -> AnyValue:
        """A nested `lax.scan`: `(carry, ys)`, the carry of its init's type and `ys` the body's
        per-step output stacked along a new leading axis."""
        body = positional[0] if positional else keywords.get("f", UNKNOWN)
        init = positional[1] if len(positional) > 1 else keywords.get("init", UNKNOWN)
        xs = positional[2] if len(positional) > 2 else keywords.get("xs", NONE)
        if not isinstance(body, Function) or not isinstance(init, (Array, Node)):
            return UNKNOWN
        length = _int_literal(_argument(node, 3, "length"))
        if isinstance(xs, Array) and xs.shape:
            length = xs.shape[0] if length is None else length
        step = slice_leading(xs)
        outputs = []
        for _, returned in self.call(body, [init, step]) or []:
            if not isinstance(returned, Node) or returned.kind not in ("tuple", "list") or len(returned.children) != 2:
                return UNKNOWN
            outputs.append(returned.children[1])
        if not outputs:
            return UNKNOWN
        stacked = map_leaves(join_all(outputs), lambda leaf: _stacked(leaf, length))
        return sequence("tuple", [_settled(init), stacked])

    def _vmapped(self, node: cst.Call, frame: Frame) -> AnyValue:
        """`jax.vmap(f)` with the default axes: a function mapping `f` over leading axes."""
        if len(node.args) != 1 or node.args[0].keyword is not None:
            return UNKNOWN  # `in_axes`/`out_axes` given: not followed
        function = self.value(node.args[0].value, frame)
        return VmappedFunction(function) if isinstance(function, Function) else UNKNOWN

    def _where(self, node: cst.Call, frame: Frame) -> AnyValue:
        """`jnp.where(c, x, y)`: the dtype of x and y promoted, the shape of all three broadcast."""
        condition, *branches = [self.value(a.value, frame) for a in node.args]
        chosen = self._apply("jax.numpy.where", [condition, *branches], {}, None, None)
        if not isinstance(chosen, Array):
            return UNKNOWN
        shapes = [v.shape if isinstance(v, Array) else None for v in (condition, *branches)]
        shape = None if any(s is None for s in shapes) else _broadcast(shapes)  # type: ignore[arg-type]
        return Array(chosen.dtype, chosen.weak, shape)

    def _partial(self, node: cst.Call, frame: Frame) -> AnyValue:
        arguments = self._arguments(node, frame)
        if arguments is None or not arguments[0]:
            return UNKNOWN
        positional, keywords = arguments
        target = positional[0]
        if not isinstance(target, Function):
            return UNKNOWN
        return replace(
            target,
            bound=(*target.bound, *positional[1:]),
            bound_keywords=(*target.bound_keywords, *keywords.items()),
        )

    def _tree_map(self, node: cst.Call, frame: Frame) -> AnyValue:
        arguments = self._arguments(node, frame)
        if arguments is None or len(arguments[0]) < 2 or arguments[1]:
            return UNKNOWN
        function, tree, *rest = arguments[0]
        if not isinstance(tree, (Node, Array)):
            return UNKNOWN
        others = [r for r in rest if isinstance(r, (Node, Array)) and _same_shape_tree(tree, r)]
        if len(others) != len(rest):
            return map_leaves(tree, lambda _: UNKNOWN) if isinstance(tree, Node) else UNKNOWN
        leaves = [_leaves(tree)] + [_leaves(o) for o in others]
        results = iter(
            _data(self.call_result(function, list(group))) if isinstance(function, Function) else UNKNOWN
            for group in zip(*leaves)
        )
        return map_leaves(tree, lambda _: next(results))

    # -- the signature table ----------------------------------------------------------------

    def _apply(
        self,
        qualified: str | None,
        positional: Sequence[AnyValue],
        keywords: dict[str, AnyValue],
        node: cst.Call | None,
        frame: Frame | None,
        method_form: bool = False,
    ) -> AnyValue:
        """A library function's result by its signature table entry; UNKNOWN when not known."""
        signature = self.table.function(qualified) if qualified is not None else None
        if signature is None:
            return UNKNOWN
        operands: list[AnyValue] = []
        for position, keyword in zip(signature.operands, signature.operand_keywords):
            if position < len(positional):
                operands.append(positional[position])
            elif keyword in keywords:
                operands.append(keywords[keyword])
            else:
                return UNKNOWN
        arrays = [leaf for operand in operands for leaf in _operand_arrays(operand)]
        if any(a is None for a in arrays):
            return UNKNOWN_ARRAY if signature.returns == "array" else UNKNOWN
        dtype: str | None = None
        weak: bool | None = None
        explicit = self._explicit_dtype(signature, node, frame, method_form)
        if explicit is not None:
            dtype, weak = explicit, False
        elif signature.dtype is not None:
            promoted = self.table.promote_all([a.typed for a in arrays]) if arrays else ""  # type: ignore[union-attr]
            result = signature.dtype.get(promoted) if promoted is not None else None
            if result is not None:
                dtype, weak = result.lstrip("~"), result.startswith("~")
        shape = self._result_shape(signature, operands, node, frame, method_form)
        if signature.shape == "creation" and qualified in _SHAPE_FROM_PARAMETERS and node is not None:
            given = _argument(node, signature.shape_position, "shape") if signature.shape_position is not None else None
            if given is None:
                shape = None  # the parameters' broadcast shape, not evaluated here
        if signature.returns != "array":
            return UNKNOWN
        return Array(dtype, weak, shape)

    def _explicit_dtype(self, signature, node: cst.Call | None, frame: Frame | None, method_form: bool) -> str | None:  # noqa: ANN001
        if signature.dtype_keyword is None or node is None or frame is None:
            return None
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == signature.dtype_keyword:
                if isinstance(arg.value, cst.Name) and arg.value.value == "None":
                    return None
                return self.dtype_named(arg.value, frame) or "?"
        return None

    def _result_shape(self, signature, operands: list[AnyValue], node: cst.Call | None, frame: Frame | None, method_form: bool) -> tuple[Dim, ...] | None:  # noqa: ANN001
        rule = signature.shape
        first = operands[0] if operands else None
        if rule == "scalar":
            return ()
        if rule == "same":
            return first.shape if isinstance(first, Array) else None
        if rule == "broadcast":
            shapes = [o.shape for o in operands if isinstance(o, Array)]
            if len(shapes) != len(operands) or any(s is None for s in shapes):
                return None
            return _broadcast(shapes)  # type: ignore[arg-type]
        if rule == "new_axis_last":
            return (*first.shape, None) if isinstance(first, Array) and first.shape is not None else None
        if rule == "matmul":
            if len(operands) != 2 or not all(isinstance(o, Array) and o.shape is not None for o in operands):
                return None
            return _matmul(operands[0].shape, operands[1].shape)  # type: ignore[union-attr, arg-type]
        if rule in ("stack", "concatenate"):
            members = first.children if isinstance(first, Node) and first.kind in ("tuple", "list") else None
            if not members or not all(isinstance(m, Array) and m.rank is not None for m in members):
                return None
            ranks = {m.rank for m in members}  # type: ignore[union-attr]
            if len(ranks) != 1:
                return None
            rank = ranks.pop()
            axis_node = _argument(node, 1, "axis") if node is not None else None
            axis = 0 if axis_node is None else _int_literal(axis_node)
            shapes = [m.shape for m in members]  # type: ignore[union-attr]
            if rule == "stack":
                if axis is None or not -(rank + 1) <= axis <= rank:  # type: ignore[operator]
                    return (None,) * (rank + 1)  # type: ignore[operator]
                common = _join_dims(shapes)
                axis %= rank + 1  # type: ignore[operator]
                return (*common[:axis], len(members), *common[axis:])
            if axis is None or rank == 0 or not -rank <= axis < rank:  # type: ignore[operator]
                return (None,) * rank  # type: ignore[operator]
            axis %= rank  # type: ignore[operator]
            along = [s[axis] for s in shapes]
            common = list(_join_dims(shapes))
            common[axis] = None if None in along else sum(along)  # type: ignore[arg-type]
            return tuple(common)
        if rule == "reduce":
            if not isinstance(first, Array) or node is None or frame is None:
                return None
            if first.shape is None:
                return () if self._reduces_everything(signature, node, method_form) else None
            return self._reduced(signature, first.shape, node, frame, method_form)
        if rule == "creation" and node is not None and frame is not None:
            position = signature.shape_position
            shape_arg = _argument(node, position - (1 if method_form else 0) if position is not None else None, "shape")
            return self.shape_of(shape_arg, frame) if shape_arg is not None else ()
        return None

    @staticmethod
    def _reduces_everything(signature, node: cst.Call, method_form: bool) -> bool:  # noqa: ANN001
        """No `axis` (or `axis=None`) and no `keepdims`: a scalar whatever the input's rank."""
        position = signature.axis_position
        if position is not None and method_form:
            position -= 1
        axis = _argument(node, position, "axis")
        no_axis = axis is None or (isinstance(axis, cst.Name) and axis.value == "None")
        return no_axis and _argument(node, None, "keepdims") is None

    def _reduced(self, signature, shape: tuple[Dim, ...], node: cst.Call, frame: Frame, method_form: bool) -> tuple[Dim, ...] | None:  # noqa: ANN001
        position = signature.axis_position
        if position is not None and method_form:
            position -= 1
        axis = _argument(node, position, "axis")
        keepdims_node = _argument(node, None, "keepdims")
        if keepdims_node is None:
            keepdims = False
        elif isinstance(keepdims_node, cst.Name) and keepdims_node.value in ("True", "False"):
            keepdims = keepdims_node.value == "True"
        else:
            return None
        rank = len(shape)
        if axis is None or (isinstance(axis, cst.Name) and axis.value == "None"):
            axes = set(range(rank))
        else:
            listed = axis.elements if isinstance(axis, (cst.Tuple, cst.List)) else None
            values = [e.value for e in listed] if listed is not None else [axis]
            numbers = [_int_literal(v) for v in values]
            if any(n is None for n in numbers):
                return None
            axes = {n % rank if rank else 0 for n in numbers}  # type: ignore[operator]
            if any(not -rank <= n < max(rank, 1) for n in numbers):  # type: ignore[operator]
                return None
        if keepdims:
            return tuple(1 if i in axes else d for i, d in enumerate(shape))
        return tuple(d for i, d in enumerate(shape) if i not in axes)

    # -- constructors -----------------------------------------------------------------------

    def _creation(self, module: str, function: str, node: cst.Call, frame: Frame) -> AnyValue | None:
        """Array constructors whose shape and dtype come from literal arguments."""
        numpy_library = module == "numpy"
        float_default = self.table.canonical("float64") if numpy_library else self.table.float_default
        int_default = self.table.canonical("int64") if numpy_library else self.table.int_default
        if function in DTYPE_NAMES:  # jnp.float32(x), np.int32(x)
            dtype = self.table.canonical(DTYPE_NAMES_EXACT.get(function, function))
            source = self.value(node.args[0].value, frame) if node.args else UNKNOWN
            shape = source.shape if isinstance(source, Array) else (() if not node.args else None)
            return Array(dtype, False, shape)
        if function in _CREATION_FILLED or function == "full":
            shape = self.shape_of(_argument(node, 0, "shape"), frame)
            dtype_node = _argument(node, 2 if function == "full" else 1, "dtype")
            if dtype_node is not None:
                return Array(self.dtype_named(dtype_node, frame), False, shape)
            if function == "full":
                fill = _argument(node, 1, "fill_value")
                filled = self.value(fill, frame) if fill is not None else UNKNOWN
                if not isinstance(filled, Array) or filled.dtype is None:
                    return Array(None, None, shape)
                weak = False if numpy_library else filled.weak
                return Array(_numpy_scalar_dtype(self.table, filled) if numpy_library else filled.dtype, weak, shape)
            return Array(float_default, False, shape)
        if function in ("eye", "identity"):
            dtype_node = _argument(node, None, "dtype")
            dtype = self.dtype_named(dtype_node, frame) if dtype_node is not None else float_default
            size = _argument(node, 0, "N") or _argument(node, 0, "n")
            dim = _dim(size) if size is not None else None
            columns = _argument(node, 1, "M") if function == "eye" else None
            return Array(dtype, False, (dim, _dim(columns) if columns is not None else dim))
        if function in ("array", "asarray"):
            dtype_node = _argument(node, 1, "dtype")
            source_node = _argument(node, 0, "object") or _argument(node, 0, "a")
            source = self.value(source_node, frame) if source_node is not None else UNKNOWN
            shape = _literal_shape(source)
            if dtype_node is not None and not (isinstance(dtype_node, cst.Name) and dtype_node.value == "None"):
                return Array(self.dtype_named(dtype_node, frame), False, shape)
            if isinstance(source, Array):
                if numpy_library:
                    return Array(_numpy_scalar_dtype(self.table, source), False, source.shape)
                return source
            if isinstance(source, Node) and source.kind in ("tuple", "list"):
                leaves = _flat_arrays(source)
                if leaves and all(isinstance(leaf, Array) and leaf.typed is not None for leaf in leaves):
                    if numpy_library or all(leaf.weak for leaf in leaves):
                        kinds = {leaf.dtype for leaf in leaves}
                        # A list of Python scalars is strongly typed in an array, by its widest kind.
                        if all(leaf.weak for leaf in leaves):
                            widest = self.table.promote_all([leaf.typed for leaf in leaves])
                            dtype = widest.lstrip("~") if widest else None
                            if numpy_library and dtype is not None:
                                dtype = _numpy_scalar_dtype(self.table, Array(dtype, True, ()))
                            return Array(dtype, False, shape)
                        return Array(None, False, shape) if len(kinds) != 1 else Array(kinds.pop(), False, shape)
                    promoted = self.table.promote_all([leaf.typed for leaf in leaves])
                    return Array(promoted.lstrip("~") if promoted else None, False, shape)
            return None
        if function == "arange":
            dtype_node = _argument(node, None, "dtype")
            if dtype_node is not None:
                return Array(self.dtype_named(dtype_node, frame), False, (None,))
            bounds = [self.value(a.value, frame) for a in node.args if a.keyword is None]
            if bounds and all(isinstance(b, Array) and b.weak and b.dtype is not None for b in bounds):
                is_float = any(b.dtype.startswith("float") for b in bounds)  # type: ignore[union-attr]
                count = _int_literal(node.args[0].value) if len(bounds) == 1 else None
                return Array(float_default if is_float else int_default, False, (count,))
            return Array(None, False, (None,))
        if function == "linspace":
            dtype_node = _argument(node, None, "dtype")
            num = _argument(node, 2, "num")
            count = 50 if num is None else _int_literal(num)
            dtype = self.dtype_named(dtype_node, frame) if dtype_node is not None else float_default
            return Array(dtype, False, (count,))
        if function in _LIKE:
            source_node = _argument(node, 0, "a")
            source = self.value(source_node, frame) if source_node is not None else UNKNOWN
            dtype_node = _argument(node, 2 if function == "full_like" else 1, "dtype")
            shape_node = _argument(node, None, "shape")
            if not isinstance(source, Array):
                return UNKNOWN_ARRAY  # `*_like` always builds one array
            shape = self.shape_of(shape_node, frame) if shape_node is not None else source.shape
            if dtype_node is not None:
                return Array(self.dtype_named(dtype_node, frame), False, shape)
            return Array(source.dtype, source.weak if not numpy_library else False, shape)
        return None

    def dtype_named(self, node: cst.BaseExpression | None, frame: Frame) -> str | None:
        """The canonical dtype a dtype expression names (`jnp.int32`, `"float32"`, `float`,
        `x.dtype` of a known array)."""
        if node is None:
            return None
        if isinstance(node, cst.SimpleString):
            name = node.evaluated_value if isinstance(node.evaluated_value, str) else ""
            return self.table.canonical(name) if name in DTYPE_NAMES_EXACT else None
        if isinstance(node, cst.Name) and node.value in ("int", "float", "complex", "bool") and self._is_builtin(node.value, frame):
            typed = self.table.python_scalar(node.value) if node.value != "bool" else "bool"
            # `astype(float)` asks for the default float, strongly typed.
            return typed.lstrip("~") if typed else None
        if isinstance(node, cst.Attribute) and node.attr.value == "dtype":
            owner = self.value(node.value, frame)
            return owner.dtype if isinstance(owner, Array) else None
        qualified = self.index.qualify(node)
        if qualified is None:
            return None
        module, _, attr = qualified.rpartition(".")
        if module in ("jax.numpy", "numpy", "jax.dtypes", "ml_dtypes") and attr in DTYPE_NAMES_EXACT:
            return self.table.canonical(DTYPE_NAMES_EXACT[attr])
        return None

    def shape_of(self, node: cst.BaseExpression | None, frame: Frame) -> tuple[Dim, ...] | None:
        """The shape a shape argument spells: `3`, `(2, n)`, `x.shape`, `()`."""
        if node is None:
            return None
        if isinstance(node, (cst.Tuple, cst.List)):
            if any(isinstance(e, cst.StarredElement) for e in node.elements):
                return None
            return tuple(_dim(e.value) for e in node.elements)
        if isinstance(node, cst.Integer):
            return (int(node.value, 0),)
        if isinstance(node, cst.Attribute) and node.attr.value == "shape":
            owner = self.value(node.value, frame)
            return owner.shape if isinstance(owner, Array) else None
        value = self.value(node, frame)
        if isinstance(value, Array) and value.shape == () and value.dtype is not None and value.dtype.startswith("int"):
            return (_dim(node),)
        if isinstance(value, Node) and value.kind in ("tuple", "list") and all(isinstance(c, Array) and c.shape == () for c in value.children):
            return (None,) * len(value.children)
        return None


_BUILTINS = {"tuple", "list", "dict", "abs", "len", "int"}
DTYPE_NAMES_EXACT = {
    "bool_": "bool", "bool": "bool", "int8": "int8", "int16": "int16", "int32": "int32",
    "int64": "int64", "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
    "float16": "float16", "bfloat16": "bfloat16", "float32": "float32", "float64": "float64",
    "complex64": "complex64", "complex128": "complex128",
}  # fmt: skip


def _numpy_scalar_dtype(table: Table, value: Array) -> str | None:
    """What NumPy makes of a value (a Python int is int64, a float float64), as JAX then
    canonicalises it."""
    if value.dtype is None:
        return None
    if value.weak:
        kind = value.dtype.rstrip("0123456789")
        widest = {"int": "int64", "uint": "uint64", "float": "float64", "complex": "complex128"}.get(kind)
        return table.canonical(widest) if widest else value.dtype
    return value.dtype


def _is_data(value: AnyValue) -> bool:
    return not isinstance(value, (Function, ClassValue, Instance, VmappedFunction))


def _data(value: AnyValue) -> Value:
    return value if _is_data(value) else UNKNOWN  # type: ignore[return-value]


def _join_any(left: AnyValue, right: AnyValue) -> AnyValue:
    if left is right:
        return left
    if _is_data(left) and _is_data(right):
        return join(left, right)  # type: ignore[arg-type]
    return UNKNOWN


def _join_envs(envs: Sequence[dict[str, AnyValue]]) -> dict[str, AnyValue]:
    names = set().union(*envs)
    joined: dict[str, AnyValue] = {}
    for name in names:
        values = [env.get(name, UNKNOWN) for env in envs]
        result = values[0]
        for value in values[1:]:
            result = _join_any(result, value)
        joined[name] = result
    return joined


def _break_or_continue_envs(body: cst.BaseSuite, outcome: Outcome) -> list[dict[str, AnyValue]]:
    """A loop body that can `break` or `continue` may leave with its locals half updated: those
    names are unknown after the loop."""
    finder = _JumpFinder()
    walk(body, finder)
    if not finder.found or outcome.env is None:
        return []
    return [{name: UNKNOWN for name in _assigned_names(body)}]


class _JumpFinder(cst.CSTVisitor):
    def __init__(self) -> None:
        self.found = False

    def visit_Break(self, node: cst.Break) -> None:
        self.found = True

    def visit_Continue(self, node: cst.Continue) -> None:
        self.found = True

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False


def _assigned_names(node: cst.CSTNode) -> set[str]:
    collector = _AssignedNames()
    walk(node, collector)
    return collector.names


class _AssignedNames(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.names |= _target_names(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self.names |= _target_names(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.names |= _target_names(node.target)

    def visit_For(self, node: cst.For) -> None:
        self.names |= _target_names(node.target)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self.names |= _target_names(node.target)

    def visit_AsName(self, node: cst.AsName) -> None:
        self.names |= _target_names(node.name)  # type: ignore[arg-type]

    def visit_Call(self, node: cst.Call) -> None:
        # `d.update(...)`, `xs.append(...)`: the holder changes in place.
        if isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name):
            self.names.add(node.func.value.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        self.names.add(node.name.value)
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.names.add(node.name.value)
        return False


def _target_names(target: cst.CSTNode) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return set().union(*(_target_names(e.value) for e in target.elements)) if target.elements else set()
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    if isinstance(target, (cst.Subscript, cst.Attribute)):
        root = target.value
        while isinstance(root, (cst.Subscript, cst.Attribute)):
            root = root.value
        return {root.value} if isinstance(root, cst.Name) else set()
    return set()


def _argument(call: cst.Call, position: int | None, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    if position is None or position < 0:
        return None
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[position].value if position < len(positional) else None


def _single_index(node: cst.Subscript) -> cst.BaseExpression | None:
    if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        return node.slice[0].slice.value
    return None


def _string_literal(node: cst.BaseExpression | None) -> str | None:
    if isinstance(node, cst.SimpleString) and isinstance(node.evaluated_value, str):
        return node.evaluated_value
    return None


def _int_literal(node: cst.BaseExpression | None) -> int | None:
    if isinstance(node, cst.Integer):
        return int(node.value, 0)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and isinstance(node.expression, cst.Integer):
        return -int(node.expression.value, 0)
    return None


def _dim(node: cst.BaseExpression | None) -> Dim:
    value = _int_literal(node)
    return value if value is not None and value >= 0 else None


def _slice_bounds(part: cst.Slice) -> tuple[int | None, int | None, int | None] | None:
    bounds = []
    for bound in (part.lower, part.upper, part.step):
        if bound is None:
            bounds.append(None)
            continue
        value = _int_literal(bound)
        if value is None:
            return None
        bounds.append(value)
    return bounds[0], bounds[1], bounds[2]


def _literal_shape(value: AnyValue) -> tuple[Dim, ...] | None:
    if isinstance(value, Array):
        return value.shape
    if isinstance(value, Node) and value.kind in ("tuple", "list"):
        if not value.children:
            return (0,)
        inner = [_literal_shape(c) for c in value.children]
        if any(s is None for s in inner) or len(set(inner)) != 1:
            return None
        return (len(value.children), *inner[0])  # type: ignore[misc]
    return None


def _flat_arrays(value: Node) -> list[AnyValue]:
    found: list[AnyValue] = []
    for child in value.children:
        if isinstance(child, Node) and child.kind in ("tuple", "list"):
            found += _flat_arrays(child)
        else:
            found.append(child)
    return found


def _operand_arrays(operand: AnyValue) -> list[Array | None]:
    if isinstance(operand, Array):
        return [operand if operand.typed is not None else None]
    if isinstance(operand, Node) and operand.kind in ("tuple", "list") and operand.children:
        return [c if isinstance(c, Array) and c.typed is not None else None for c in operand.children]
    return [None]


# Modules whose functions the signature table and the special cases describe; any other dotted
# name a file imports may be a function or class of the project.
_LIBRARIES = ("jax.", "jax", "numpy", "math", "functools", "dataclasses", "flax", "typing",
              "collections", "chex", "optax", "equinox", "builtins")
_FLOAT_CONSTANTS = {
    f"{module}.{name}" for module in ("jax.numpy", "numpy", "math") for name in ("inf", "nan", "pi", "e")
}
_SAME_FUNCTION_DECORATORS = SAME_FUNCTION_WRAPPERS | {"staticmethod", "classmethod", "functools.wraps"}
_SPECIAL_CALLS = {
    "jax.lax.cond": "_cond",
    "jax.lax.switch": "_switch",
    "jax.lax.fori_loop": "_loop_result",
    "jax.lax.while_loop": "_loop_result",
    "jax.lax.scan": "_nested_scan",
    "jax.random.PRNGKey": "_raw_key",
    "jax.random.key": "_typed_key",
    "jax.random.split": "_random_split",
    "jax.numpy.split": "_array_split",
    "jax.numpy.append": "_append",
    "jax.numpy.outer": "_outer",
    "jax.numpy.vstack": "_vstack",
    "jax.numpy.hstack": "_hstack",
    "jax.numpy.atleast_1d": "_atleast_1d",
    "jax.numpy.einsum": "_einsum",
    "jax.numpy.dot": "_dot",
    "jax.numpy.expand_dims": "_expand_dims",
    "jax.numpy.squeeze": "_squeeze",
    "jax.numpy.cumsum": "_cumulative",
    "jax.numpy.cumprod": "_cumulative",
    "jax.numpy.linalg.solve": "_solve",
    "jax.numpy.diag": "_diag",
}


def slice_leading(value: AnyValue) -> Value:
    """One element along the leading axis of every leaf (what scan and vmap hand a body)."""
    if value is NONE:
        return NONE
    if isinstance(value, Array):
        if value.shape is None:
            return Array(value.dtype, value.weak, None)
        return Array(value.dtype, value.weak, value.shape[1:]) if value.shape else UNKNOWN
    if isinstance(value, Node):
        return map_leaves(value, slice_leading)
    return UNKNOWN


def _stacked(leaf: Value, length: Dim) -> Value:
    if isinstance(leaf, Array):
        return Array(leaf.dtype, leaf.weak, None if leaf.shape is None else (length, *leaf.shape))
    return UNKNOWN


def _settled(value: AnyValue) -> AnyValue:
    """What a loop gives back for this init: the same type, except that weakly typed leaves may
    have been promoted by the body (their dtype is then not known)."""
    if not isinstance(value, (Array, Node)):
        return UNKNOWN
    return map_leaves(value, lambda leaf: Array(None, None, leaf.shape) if isinstance(leaf, Array) and leaf.weak is not False else leaf)


def _size(shape: tuple[Dim, ...] | None) -> int | None:
    if shape is None or any(d is None for d in shape):
        return None
    total = 1
    for dim in shape:
        total *= dim  # type: ignore[operator]
    return total


def _join_dims(shapes: Sequence[tuple[Dim, ...]]) -> tuple[Dim, ...]:
    """Dimension by dimension, the size all shapes agree on (None where they do not)."""
    return tuple(dims[0] if len(set(dims)) == 1 else None for dims in zip(*shapes))


def _broadcast(shapes: Sequence[tuple[Dim, ...]]) -> tuple[Dim, ...]:
    rank = max(len(s) for s in shapes)
    result: list[Dim] = []
    for axis in range(rank):
        dims = [s[len(s) - rank + axis] for s in shapes if len(s) - rank + axis >= 0]
        known = [d for d in dims if d is not None and d != 1]
        if any(d is None for d in dims):
            # An unknown size broadcasts with a known size k > 1 only if it is 1 or k.
            result.append(known[0] if len(set(known)) == 1 else None)
        elif known:
            result.append(known[0] if len(set(known)) == 1 else None)
        else:
            result.append(1)
    return tuple(result)


def _matmul(left: tuple[Dim, ...], right: tuple[Dim, ...]) -> tuple[Dim, ...] | None:
    if not left or not right:
        return None
    if len(left) == 1 and len(right) == 1:
        return ()
    if len(left) == 1:
        return (*right[:-2], right[-1])
    if len(right) == 1:
        return left[:-1]
    batch = _broadcast([left[:-2], right[:-2]])
    return (*batch, left[-2], right[-1])


def _leaves(value: Node | Array) -> list[Value]:
    if isinstance(value, Node):
        return [leaf for child in value.children for leaf in (_leaves(child) if isinstance(child, (Node, Array)) else [child])]
    return [value]


def _same_shape_tree(left: Node | Array, right: Node | Array) -> bool:
    if isinstance(left, Array) and isinstance(right, Array):
        return True
    if isinstance(left, Node) and isinstance(right, Node):
        return (left.kind, left.keys, left.type_name, len(left.children)) == (right.kind, right.keys, right.type_name, len(right.children)) and all(
            (not isinstance(a, (Node, Array)) and not isinstance(b, (Node, Array))) or (isinstance(a, (Node, Array)) and isinstance(b, (Node, Array)) and _same_shape_tree(a, b))
            for a, b in zip(left.children, right.children)
        )
    return False


def _is_at_update(func: cst.BaseExpression) -> bool:
    """`x.at[i].set`: the callee is an attribute of a subscript of `.at`."""
    return (
        isinstance(func, cst.Attribute)
        and isinstance(func.value, cst.Subscript)
        and isinstance(func.value.value, cst.Attribute)
        and func.value.value.attr.value == "at"
    )


__all__ = ["Evaluator", "Frame", "Function", "ClassValue", "OutOfBudget", "returns_of"]
