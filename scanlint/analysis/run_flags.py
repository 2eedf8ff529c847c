"""Flag values for a run: the values a mode flag (`self.deterministic`, a `train` parameter) can
take over the runs this file shows, and whether a piece of code sits only under branches that no
such run takes.

A Linen module's randomness is often behind a mode flag (`if not self.deterministic: ...`,
`nn.Dropout(rate)(x, deterministic=not train)`) that the program only ever sets one way. The
values are found from what the file shows:

- a literal (`True`, `"train"`, `0`), `not x`, `x == y`, `x and y`, `x or y`;
- `self.<field>` of a Linen class: the field's default and what every construction of the class
  in this file passes (by keyword, or by position when the field order is certain);
- `cfg.<field>`, `self.cfg.<field>` of a same-file dataclass instance (a config): what every
  construction of it that reaches the read passes, or the field's default; unknown when any
  code stores that attribute;
- a parameter of a Linen method: its default and what every call reaching the method passes:
  calls of an instance (`model(x, train=False)`, `self.cell(x, deterministic=True)`),
  `model.init/apply/init_with_output(..., train=False)` (with `method=`), `self.method(...)`;
- a local name assigned once: the values of what it is assigned; a method parameter rebound once
  at the top of the method (`deterministic = nn.merge_param(..., deterministic)`), read by a
  function defined after that: the rebinding's values.

Anything else is unknown (None): a construction or a call the file does not show, an instance
that escapes (passed on, stored elsewhere, `model.apply` handed to a trainer), a value computed
at run time. Unknown values never make code count as not running.
"""

from __future__ import annotations

import ast
import copy
import itertools

import libcst as cst

from scanlint.analysis.call_order import call_order
from scanlint.analysis.flax_model import (
    LIFTED_MODULE_TRANSFORMS,
    BodyCode,
    CallFinder,
    FlaxFile,
    all_calls,
    argument_for,
    joined,
    literal_element,
    method_name,
    parameters_passed,
)
from scanlint.analysis.pytree_classes import is_dataclass
from scanlint.analysis.resolver import (
    Scope,
    argument,
    can_fall_off,
    is_classmethod,
    is_property,
    is_staticmethod,
    keyword_argument,
    returns_of,
    yields,
)
from scanlint.analysis.values import (
    _init_fields,
    class_statements,
    field_declaration,
    field_default,
    kept_argument,
)
from scanlint.analysis.walk import OwnCodeVisitor, SemanticVisitor, walk
from scanlint.index.names import PARTIAL

Values = frozenset[object] | None  # None: unknown

MAX_DEPTH = 12
MAX_VALUES = 8
_MERGE_PARAM = {"flax.linen.merge_param", "flax.linen.module.merge_param"}
_ENVIRONMENT_GETTERS = {"os.environ.get", "os.getenv"}
_STRING_NORMALISERS = {"strip": str.strip, "lower": str.lower, "upper": str.upper, "casefold": str.casefold}
_SWITCH_ACTIONS = {"store_true", "store_false"}
_ENTRY_METHODS = {"apply": 1, "init": 1, "init_with_output": 1}  # their arguments before the method's
_INIT_METHODS = ("init", "init_with_output")
LAMBDA_ENTRY = "<lambda>"  # an `init`/`apply` entry that runs none of the class's own methods
# What runs a module's method given as `method=`: its own entries, and a train state's `apply_fn`.
_NAMED_ENTRIES = {**_ENTRY_METHODS, "apply_fn": 1}
_PARTIAL_APPLY_KEYWORDS = frozenset({"method", "mutable", "rngs", "capture_intermediates"})



def none_test(node: cst.BaseExpression) -> tuple[cst.Name, bool] | None:
    """For `name is None` (or `name is not None`): the name, and whether the test is `is`."""
    if not (isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and isinstance(node.left, cst.Name)):
        return None
    target = node.comparisons[0]
    if not (isinstance(target.operator, (cst.Is, cst.IsNot)) and isinstance(target.comparator, cst.Name)):
        return None
    if target.comparator.value != "None":
        return None
    return node.left, isinstance(target.operator, cst.Is)

def entered_method(call: cst.Call) -> str | None:
    """The method an `init`/`apply` call runs: `__call__`, or `method="name"` / `method=Cls.name`."""
    method = keyword_argument(call, "method")
    if method is None:
        return "__call__"
    if isinstance(method, cst.SimpleString):
        name = ast.literal_eval(method.value)
        return name if isinstance(name, str) else None
    if isinstance(method, cst.Attribute):
        return method.attr.value
    return None


class RunFlags:
    """The flag resolver of one file (see `run_flags`)."""

    def __init__(self, flax: FlaxFile) -> None:
        self.flax = flax
        self.index = flax.index
        self.parents: dict[cst.CSTNode, cst.CSTNode] = {}
        self.attribute_calls: list[cst.Call] = []  # `x.clone(...)`, `x.replace(...)`, ...
        walk(self.index.module, _ParentRecorder(self))
        self._sites: dict[tuple[cst.ClassDef, str], list[tuple[cst.Call, Scope, int]] | None] = {}
        self._instances: dict[cst.Call, list[tuple[cst.Call, Scope, str, int]] | None] = {}
        self._resolving: set[object] = set()
        self._pinned: dict[tuple[int, str], cst.Param] = {}  # a rebound parameter read as itself
        self._loop_method: tuple[cst.ClassDef, str] | None = None  # see `within`
        self._body: BodyCode | None = None
        self._stores: dict[str, int] | None = None  # see `_stored_attributes`
        self._init_stores: dict[str, int] = {}
        self._apply_only = False  # see `under_apply`

    def under_apply(self) -> RunFlags:
        """This resolver, for what happens only under `apply` (an `nn.BatchNorm` updates nothing
        while `init` runs): the runs are those of the instances something other than `init`
        runs, and the calls other than `init`. The caches are shared."""
        view = copy.copy(self)
        view._apply_only = True
        return view

    def encloses(self, ancestor: cst.CSTNode, node: cst.CSTNode) -> bool:
        """Whether `node` is `ancestor` or lies inside it."""
        current: cst.CSTNode | None = node
        while current is not None and current is not ancestor:
            current = self.parents.get(current)
        return current is ancestor

    def attribute_reads(self, attribute: str) -> list[cst.Attribute]:
        """Every `<x>.<attribute>` of the file that is not the target of an assignment."""
        reads = self.index.derived.get(_AttributeReads)
        if reads is None:
            collector = _AttributeReads()
            walk(self.index.module, collector)
            reads = self.index.derived[_AttributeReads] = collector.reads
        return reads.get(attribute, [])  # type: ignore[attr-defined]

    def attribute_read_elsewhere(self, attribute: str, store: cst.CSTNode) -> bool:
        """Whether the file reads `.<attribute>` of some object anywhere outside the statement
        that stores into it (and outside assignments to it): what a loop body stored is used."""
        return any(not self.encloses(store, read) for read in self.attribute_reads(attribute))

    def within(self, code: BodyCode) -> RunFlags:
        """This resolver, for the code a loop body runs. `self.<field>` of the loop's own class
        takes the values of only the instances that run the loop's method (the eval instance
        that runs `rollout`, not the training one `init` is given), and a parameter of a method
        the body runs takes what the body's calls of it pass (`self(x, train=False)`), when the
        body runs it only through such calls. The caches are shared."""
        view = copy.copy(self)
        found = code.loop.scope.enclosing_method()
        view._loop_method = (found[1], found[0].name.value) if found is not None else None
        view._body = code
        return view

    def loop_array(self, name: cst.Name, scope: Scope, depth: int = 0) -> bool:
        """Whether a name in the code the loop body (see `within`) runs always holds an array
        the loop gives it, never None: the scan body's `x` when the scan is given `xs`, the
        fori_loop body's index, or a parameter of a function the body runs that every call of
        it from the body fills with such a name."""
        code = self._body
        if code is None or code.loop.body is None or depth > 4:
            return False
        if self._jax_array_binding(name, scope):
            return True
        found = self._parameter_read(name, scope)
        if found is None:
            return False
        binding_scope, binding = found
        body, function = code.loop.body, binding_scope.node
        if function is body.node:
            if code.loop.kind == "fori_loop":
                return binding.name.value == body.parameter(0)
            if code.loop.kind == "scan" and binding.name.value == body.parameter(1):
                xs = argument(code.wrapped_call or code.loop.call, 2, "xs")
                return xs is not None and not (isinstance(xs, cst.Name) and xs.value == "None")
            return False
        if not isinstance(function, cst.FunctionDef):
            return False
        sites = self._body_sites(function) if binding_scope.enclosing_method() is not None else None
        calls = [(call, call_scope) for call, call_scope, _ in sites] if sites else code.entries.get(function, [])
        if not calls:
            return False
        for call, call_scope in calls:
            passed = dict(parameters_passed(function, binding_scope, call, call_scope)).get(binding)
            if not isinstance(passed, cst.Name) or not self.loop_array(passed, call_scope, depth + 1):
                return False
        return True

    def _jax_array_binding(self, name: cst.Name, scope: Scope) -> bool:
        """A name the code the loop body runs binds once, by an assignment (also unpacking)
        from a `jax.random` or `jax.numpy` call (`key, sub = jax.random.split(key)`), or by
        unpacking a loop array (`x, key = inputs`, the scan's `xs` a tuple of arrays)."""
        found = scope.lookup(name.value)
        code = self._body
        if found is None or len(found[1]) != 1 or code is None or found[0].node not in code.functions:
            return False
        assigns = _Assignments(name.value)
        walk(found[0].node, assigns)
        if len(assigns.values) != 1:
            return False
        value = assigns.values[0]
        if isinstance(value, cst.Name) and value.value != name.value:  # `x, key = inputs`, the scan's xs
            return self.loop_array(value, found[0])
        if not isinstance(value, cst.Call):
            return False
        qualified = self.index.qualify(value.func) or ""
        return qualified.startswith(("jax.random.", "jax.numpy."))

    def _parameter_read(self, name: cst.Name, scope: Scope) -> tuple[Scope, cst.Param] | None:
        """The parameter a name reads: bound only as the parameter, or read before the function
        rebinds it (`key = self.make_rng("x") if key is None else key` reads the parameter)."""
        found = scope.lookup(name.value)
        if found is None:
            return None
        binding_scope, bindings = found
        parameters = [b for b in bindings if isinstance(b, cst.Param)]
        if len(parameters) != 1:
            return None
        function = binding_scope.node
        if len(bindings) > 1:
            if scope is not binding_scope or not isinstance(function, cst.FunctionDef):
                return None
            statements = list(function.body.body) if isinstance(function.body, cst.IndentedBlock) else []
            read_at = self._statement_index(name, statements)
            rebound_at = [self._statement_index(b, statements) for b in bindings if b is not parameters[0]]
            if read_at is None or None in rebound_at or read_at > min(rebound_at):  # type: ignore[type-var]
                return None
            first = min(rebound_at)  # type: ignore[type-var]
            if read_at == first and not (
                isinstance(statements[read_at], cst.SimpleStatementLine)
                or (isinstance(statements[read_at], cst.If) and self._inside(name, statements[read_at].test))
            ):
                return None  # read and rebound inside one block: the order is not known here
        return binding_scope, parameters[0]

    def _inside(self, node: cst.CSTNode, ancestor: cst.CSTNode) -> bool:
        while node is not None and node is not ancestor:
            node = self.parents.get(node)  # type: ignore[assignment]
        return node is ancestor

    def _statement_index(self, node: cst.CSTNode, statements: list[cst.BaseStatement]) -> int | None:
        """Which of a function's top-level statements holds a node."""
        while node is not None and node not in statements:
            node = self.parents.get(node)  # type: ignore[assignment]
        return statements.index(node) if node is not None else None

    def _body_sites(self, method: cst.FunctionDef) -> list[tuple[cst.Call, Scope, int]] | None:
        """The calls by which the loop body (see `within`) runs a method of its class: None
        when it runs none, or may also run it another way (the method or `self` handed on as a
        value: `jax.vmap(self)`, `partial(self.step, ...)`)."""
        code = self._body
        if code is None or method not in code.entries:
            return None
        found = self.index.scope_of[method].enclosing_method()
        if found is None or found[0] is not method:
            return None
        calls = code.entries[method]
        references = _MethodReferences(self, found[1], method.name.value, {call.func for call, _ in calls})
        for function in code.functions:
            walk(function, references)
        return None if references.other else [(call, scope, 0) for call, scope in calls]

    # -- values ------------------------------------------------------------------------------

    def values(self, node: cst.BaseExpression, scope: Scope, depth: int = 0) -> Values:
        """The values `node`, read in `scope`, takes over the runs this file shows; for a name,
        attribute or element no shape below follows, the one constant the object flow says it
        holds (`self._cfg.train` with `_cfg` handed over by a builder)."""
        found = self._followed_values(node, scope, depth)
        if found is not None or depth > 0 or not isinstance(node, (cst.Name, cst.Attribute, cst.Subscript)):
            return found
        return self._flow_constants(node, scope)

    def _flow_constants(self, node: cst.BaseExpression, scope: Scope) -> Values:
        flow = self.flax.flow
        if not flow.converged:
            return None
        if isinstance(node, cst.Attribute):
            for holder in flow.origins(node.value, scope):
                classes = flow.classes_made(holder) if isinstance(holder, cst.Call) else set()
                if any(self.flax.is_linen(c) or self.flax.is_nnx(c) for c in classes):
                    return None  # a module's field: `clone(train=False)` and `apply` may change it
        origins = flow.origins(node, scope)
        constants: set[object] = set()
        for origin in origins:
            if isinstance(origin, cst.Name) and origin.value in ("True", "False", "None") and scope.lookup(origin.value) is None:
                constants.add({"True": True, "False": False, "None": None}[origin.value])
            elif isinstance(origin, (cst.Integer, cst.SimpleString)):
                try:
                    constants.add(ast.literal_eval(origin.value))
                except (ValueError, SyntaxError):
                    return None
            else:
                return None
        # One value only: the flow does not see the order of stores (`mode.eval()` before the
        # loop), so several values may be one at a time, not each in some run.
        return frozenset(constants) if len(constants) == 1 else None

    def _followed_values(self, node: cst.BaseExpression, scope: Scope, depth: int = 0) -> Values:
        if depth > MAX_DEPTH:
            return None
        if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
            return frozenset({{"True": True, "False": False, "None": None}[node.value]})
        if isinstance(node, (cst.Integer, cst.SimpleString)):
            try:
                return frozenset({ast.literal_eval(node.value)})
            except (ValueError, SyntaxError):
                return None
        if isinstance(node, (cst.Tuple, cst.List)):  # `mutable=("wear_stats",)`: its truth is known
            try:
                literal = ast.literal_eval(self.index.module.code_for_node(node))
                return frozenset({tuple(literal)})
            except (ValueError, SyntaxError, TypeError):
                return None
        if isinstance(node, cst.IfExp):  # `DEFAULT_ARGV if argv is None else argv`
            test = self.values(node.test, scope, depth + 1)
            if test is None:
                return None
            branches = [self.values(node.body if truth else node.orelse, scope, depth + 1) for truth in {bool(v) for v in test}]
            return _limited(frozenset().union(*branches)) if all(b is not None for b in branches) else None  # type: ignore[arg-type]
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            inner = self.values(node.expression, scope, depth + 1)
            return frozenset(not v for v in inner) if inner is not None else None
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
            return self._compared(node, scope, depth)
        if isinstance(node, cst.BooleanOperation):
            left = self.values(node.left, scope, depth + 1)
            right = self.values(node.right, scope, depth + 1)
            if left is None or right is None:
                return None
            both = isinstance(node.operator, cst.And)
            return _limited(frozenset((b if a else a) if both else (a if a else b) for a, b in itertools.product(left, right)))
        if isinstance(node, cst.Call) and self.index.qualify(node.func) in _MERGE_PARAM and len(node.args) == 3:
            return self._merged(node.args[1].value, node.args[2].value, scope, depth)
        if isinstance(node, cst.Call) and self.index.qualify(node.func) in _ENVIRONMENT_GETTERS and len(node.args) == 2:
            # `os.environ.get("PHASE", "train")`: the run the file shows sets no environment
            return self.values(node.args[1].value, scope, depth + 1)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and depth < 6:
            returned = self._returned_values(node, scope, depth)  # `phase = read_phase()`
            if returned is not None:
                return returned
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in _STRING_NORMALISERS and not node.args:
            strings = self.values(node.func.value, scope, depth + 1)  # `phase.strip().lower()`
            if strings is None or not all(isinstance(v, str) for v in strings):
                return None
            return frozenset(_STRING_NORMALISERS[node.func.attr.value](v) for v in strings)  # type: ignore[arg-type]
        if isinstance(node, cst.Attribute):
            class_node = self.flax.linen_self(node.value, scope) if isinstance(node.value, cst.Name) else None
            if class_node is not None:
                owner = self.index.defining_class(class_node, node.attr.value)
                if owner is not None:  # `self.tracks_popularity`, a property (also a mixin's)
                    return self._property_values(owner, node.attr.value, depth + 1)
                return self.field_values(class_node, node.attr.value, depth + 1)
            plain = self._plain_attribute_switch(node, scope, depth)
            if plain is not None:
                return plain
            command_line = self._command_line_values(node, scope)
            if command_line is not None:
                return command_line
            return self._dataclass_field_values(node, scope, depth)
        if isinstance(node, cst.Name):
            return self._name_values(node.value, scope, depth)
        if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
            key = node.slice[0].slice.value
            if isinstance(key, (cst.SimpleString, cst.Integer)):
                # `config["train"]` with `config` a dict literal, or a parameter given them
                return self._picked_values(node.value, key, scope, depth)
            keys = self.values(key, scope, depth + 1) if isinstance(key, cst.Name) and depth < 4 else None
            if keys and all(isinstance(k, str) for k in keys):  # `self._MODES[mode]`, `mode` a known string
                picked = [self._picked_values(node.value, cst.SimpleString(repr(k)), scope, depth) for k in keys]
                return frozenset().union(*picked) if all(p is not None for p in picked) else None  # type: ignore[arg-type]
        return None

    def _returned_values(self, call: cst.Call, scope: Scope, depth: int) -> Values:
        """What a same-file module-level function a call runs returns, over its `return`
        statements, when it cannot fall off its end."""
        found = self.index.resolve_callable(call.func, scope)
        function = found.node if found is not None and found.via == "def" else None
        if not isinstance(function, cst.FunctionDef) or found.scope.parent is not self.index.module_scope:  # type: ignore[union-attr]
            return None
        returns = returns_of(function)
        if not returns or can_fall_off(function) or yields(function) or any(r.value is None for r in returns):
            return None
        values = [self.values(r.value, found.scope, depth + 1) for r in returns]  # type: ignore[arg-type, union-attr]
        return _limited(frozenset().union(*values)) if all(v is not None for v in values) else None  # type: ignore[arg-type]

    def _command_line_values(self, node: cst.Attribute, scope: Scope) -> Values:
        """`args.mode` with `args = parser.parse_args(argv)` of an `argparse.ArgumentParser` the
        file builds: what the option holds for each argument list `argv` may be (a literal list,
        or one a name or conditional the run flags know); with no `argv`, the run the file
        shows gives no arguments: the defaults. None for an option or argument not read here."""
        flow = self.flax.flow
        origins = flow.origins(node.value, scope) if flow.converged else set()
        if not origins:
            return None
        found: set[object] = set()
        for origin in origins:
            options = self._parser_options(origin) if isinstance(origin, cst.Call) else None
            if options is None or node.attr.value not in options:
                return None
            given = argument(origin, 0, "args")  # type: ignore[arg-type]
            argument_lists = self.values(given, self.scope_at(origin)) if given is not None else frozenset({()})
            if argument_lists is None:
                return None
            for arguments in argument_lists:
                parsed = _parsed_options(options, arguments) if isinstance(arguments, tuple) else None
                if parsed is None or node.attr.value not in parsed:
                    return None
                found.add(parsed[node.attr.value])
        return _limited(frozenset(found))

    def _parser_options(self, parsed: cst.Call) -> dict[str, cst.Call] | None:
        """For `parser.parse_args(...)` on a name bound once to `argparse.ArgumentParser(...)`:
        each `parser.add_argument(...)` of the function that builds it, by its destination."""
        func = parsed.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == "parse_args" and isinstance(func.value, cst.Name)):
            return None
        found = self.scope_at(parsed).only_binding(func.value.value)
        if found is None or not isinstance(found[1], cst.Call) or self.index.qualify(found[1].func) != "argparse.ArgumentParser":
            return None
        builder = found[0].node
        calls = CallFinder()
        walk(builder, calls)
        options: dict[str, cst.Call] = {}
        for call in calls.calls:
            added = call.func
            if not (isinstance(added, cst.Attribute) and added.attr.value == "add_argument"):
                continue
            if not (isinstance(added.value, cst.Name) and added.value.value == func.value.value):
                continue
            dest = _option_destination(call)
            if dest is None:
                return None  # an option the file names in a way not read here
            options[dest] = call
        return options

    def _picked_values(
        self, container: cst.BaseExpression, key: cst.SimpleString | cst.Integer, scope: Scope, depth: int
    ) -> Values:
        """The values of the element a literal key picks from every dict, list or tuple literal
        a name may hold: bound once to one, or a parameter every call fills with one; also a
        literal picked from another by a literal key (`section = CONFIG["model"]`)."""
        literals = self._literal_containers(container, scope, depth)
        found_values: set[object] = set()
        for literal, literal_scope in literals or []:
            element = literal_element(literal, key)
            values = self.values(element, literal_scope, depth + 1) if element is not None else None
            if values is None:
                return None
            found_values |= values
        return _limited(frozenset(found_values)) if literals else None

    def _literal_containers(
        self, container: cst.BaseExpression, scope: Scope, depth: int
    ) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """The dict, list or tuple literals an expression may be, with their scopes (see
        `_picked_values`); None when one is not known."""
        if depth > MAX_DEPTH:
            return None
        if isinstance(container, cst.Attribute):  # `self._MODES`, a literal the class body binds
            literal = self._class_body_literal(container, scope)
            return [literal] if literal is not None else None
        if isinstance(container, cst.Name):
            found = scope.only_binding(container.value)
            if found is None:
                return None
            if isinstance(found[1], cst.Param):
                passed = self.flax.parameter_arguments(found[1], found[0], defaults=True)
                if passed is None:
                    return None
                literals: list[tuple[cst.BaseExpression, Scope]] = []
                for value, value_scope in passed:
                    each = self._literal_containers(value, value_scope, depth + 1) if isinstance(value, (cst.Name, cst.Subscript)) else [(value, value_scope)]
                    if each is None:
                        return None
                    literals += each
                return literals
            if isinstance(found[1], (cst.Name, cst.Subscript)) and found[1] is not container:
                return self._literal_containers(found[1], found[0], depth + 1)
            return [(found[1], found[0])] if isinstance(found[1], cst.BaseExpression) else None
        if isinstance(container, cst.Subscript) and len(container.slice) == 1 and isinstance(container.slice[0].slice, cst.Index):
            key = container.slice[0].slice.value
            outer = self._literal_containers(container.value, scope, depth + 1) if isinstance(key, (cst.SimpleString, cst.Integer)) else None
            if outer is None:
                return None
            picked = [(literal_element(literal, key), literal_scope) for literal, literal_scope in outer]  # type: ignore[arg-type]
            return [(element, element_scope) for element, element_scope in picked if element is not None] if all(e is not None for e, _ in picked) else None
        return [(container, scope)]

    def _class_body_literal(self, node: cst.Attribute, scope: Scope) -> tuple[cst.BaseExpression, Scope] | None:
        """For `self.<attr>` in a method: the dict, list or tuple literal the class body binds
        to `<attr>` (`_MODES = {"training": True}`), when no statement of the file stores an
        attribute of that name."""
        found = scope.enclosing_method()
        if found is None or not isinstance(node.value, cst.Name) or node.value.value != self.index.self_name(scope):
            return None
        if self._stored_attributes().get(node.attr.value, 0):
            return None
        class_node = found[1]
        for statement in class_statements(class_node):
            if (
                isinstance(statement, cst.Assign)
                and len(statement.targets) == 1
                and isinstance(statement.targets[0].target, cst.Name)
                and statement.targets[0].target.value == node.attr.value
                and isinstance(statement.value, (cst.Dict, cst.List, cst.Tuple))
            ):
                return statement.value, self.index.scope_of[class_node]
        return None

    def _plain_attribute_switch(self, node: cst.Attribute, scope: Scope, depth: int) -> Values:
        """`self.train_mode` in a method of a plain (not Flax) class: the values of what its
        `__init__` stores there (the one construction's argument, or the default), when nothing
        else in the file assigns an attribute of that name."""
        if not isinstance(node.value, cst.Name):
            return None
        initial = self._plain_attribute_values(node, scope)
        if not initial:
            return self._class_attribute_values(node, scope, depth)
        if self._stored_attributes().get(node.attr.value, 0) != 1:
            # every other store is in a method the program runs only after the loop
            # (`self.training = False` in an `eval()`), see `_plain_attribute_values`
            return self.values(*initial[0], depth + 1) if len(initial) == 1 else None
        stored = self.index.stored_value(node, scope)
        if stored is None and len(initial) == 1:  # `self.train = train`, over every construction
            stored = initial[0]
        return self.values(*stored, depth + 1) if stored is not None else None

    def values_in_run(self, node: cst.BaseExpression, given: dict[str, tuple[cst.BaseExpression, Scope]]) -> Values:
        """The values of a mode switch in a method (`deterministic`, `not train`) when one call
        runs it: a parameter that call fills takes what it passes (`given`, see `ModuleRun`);
        anything else, its values over every run this file shows."""
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            inner = self.values_in_run(node.expression, given)
            return frozenset(not v for v in inner) if inner is not None else None
        tested = none_test(node)
        if tested is not None and tested[0].value in given:
            passed_value, passed_scope = given[tested[0].value]
            if self._array_made(passed_value, passed_scope) or (
                isinstance(passed_value, cst.Name) and self.loop_array(passed_value, passed_scope)
            ):  # `key is None` with the run passing `jax.random.fold_in(plan_key, i)`, or a key from `xs`
                return frozenset({not tested[1]})
            passed = self.values(*given[tested[0].value])  # `load is None` with `load=None` left at its default
            if passed is not None:
                return frozenset((value is None) == tested[1] for value in passed)
        if isinstance(node, cst.Name) and node.value in given:
            found = self.scope_at(node).only_binding(node.value)
            if found is not None and isinstance(found[1], cst.Param):
                return self.values(*given[node.value])
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value in given:
            found = self.scope_at(node).only_binding(node.value.value)
            if found is not None and isinstance(found[1], cst.Param):  # `self.decode` of the module the call runs
                instance_values = self._instance_field_values(*given[node.value.value], node.attr.value)
                if instance_values is not None:
                    return instance_values
        return self.values(node, self.scope_at(node))

    def _array_made(self, value: cst.BaseExpression, scope: Scope, depth: int = 0) -> bool:
        """Whether an argument is made by a JAX function (`jax.random.fold_in(key, i)`,
        `jnp.zeros(n)`), or is an element of such an array (`keys[i]` after `keys =
        jax.random.split(key, n)`), so it is an array, never None."""
        if isinstance(value, cst.Subscript) and depth < 4:
            return self._array_made(value.value, scope, depth + 1)
        if isinstance(value, cst.Name) and depth < 4:
            found = scope.only_binding(value.value)
            return found is not None and isinstance(found[1], cst.Call) and self._array_made(found[1], found[0], depth + 1)
        return isinstance(value, cst.Call) and (self.index.qualify(value.func) or "").startswith("jax.")

    def never_runs_in_run(self, node: cst.CSTNode, given: dict[str, tuple[cst.BaseExpression, Scope]]) -> bool:
        """Whether `node` never runs in one run of its method (see `values_in_run`): a condition
        around it within the method is known to fail with what that run passes."""
        for test, needed in self.conditions(node):
            values = self.values_in_run(test, given)
            if values is not None and all(bool(v) != needed for v in values):
                return True
        return False

    def _instance_field_values(self, holder: cst.BaseExpression, scope: Scope, field: str) -> Values:
        """`self.<field>` of the module an expression holds: over the constructions it may be
        (`decode_model = TinyLM(decode=True)`), each one's argument for the field or its default."""
        instances = self.flax.linen_instances(holder, scope)
        if not instances:
            return None
        found: set[object] = set()
        for construction, construction_scope in instances:
            class_node = self.flax.lifted_local_class(construction.func, construction_scope)
            arguments = self.field_arguments(class_node, field, (construction, construction_scope)) if class_node else None
            if arguments is None:
                return None
            for value, value_scope in arguments:
                passed = self.values(value, value_scope)
                if passed is None:
                    return None
                found |= passed
        return _limited(frozenset(found))

    def _merged(self, made: cst.BaseExpression, given: cst.BaseExpression, scope: Scope, depth: int) -> Values:
        """`nn.merge_param(name, made, given)`: `given` when it is not None, else `made`."""
        return _merge_param(self.values(made, scope, depth + 1), self.values(given, scope, depth + 1))

    def _compared(self, node: cst.Comparison, scope: Scope, depth: int) -> Values:
        target = node.comparisons[0]
        operator = target.operator
        if isinstance(operator, (cst.In, cst.NotIn)):
            return self._membership(node.left, target.comparator, isinstance(operator, cst.In), scope, depth)
        if not isinstance(operator, (cst.Equal, cst.NotEqual, cst.Is, cst.IsNot)):
            return None
        tested = none_test(node)
        if tested is not None and self.loop_array(tested[0], scope):
            return frozenset({not tested[1]})  # `key if key is not None else ...`
        left = self.values(node.left, scope, depth + 1)
        right = self.values(target.comparator, scope, depth + 1)
        if left is None or right is None:
            return None
        equal = isinstance(operator, (cst.Equal, cst.Is))
        return frozenset((a == b) == equal for a, b in itertools.product(left, right))

    def _membership(
        self, left: cst.BaseExpression, container: cst.BaseExpression, inside: bool, scope: Scope, depth: int
    ) -> Values:
        """`self.stage in ("pretrain", "finetune")`: a literal tuple, list or set whose elements
        each have one known value."""
        if not isinstance(container, (cst.Tuple, cst.List, cst.Set)):
            return None
        members = []
        for element in container.elements:
            known = self.values(element.value, scope, depth + 1) if not isinstance(element, cst.StarredElement) else None
            if known is None or len(known) != 1:
                return None
            members.append(next(iter(known)))
        tested = self.values(left, scope, depth + 1)
        if tested is None:
            return None
        return frozenset((value in members) == inside for value in tested)

    def _name_values(self, name: str, scope: Scope, depth: int) -> Values:
        found = scope.lookup(name)
        if found is None:
            return None
        pinned = self._pinned.get((id(found[0]), name))
        if pinned is not None:
            found = (found[0], [pinned])
        elif len(found[1]) == 2 and scope is not found[0]:
            return self._rebound_parameter(name, scope, found[0], found[1], depth)
        if len(found[1]) != 1:
            return None
        binding_scope, binding = found[0], found[1][0]
        if isinstance(binding, cst.Param) and self._body is not None and binding in self._body.bound_arguments:
            # `partial(charge_sweep, model.apply, train=config.training)` run as the body
            return self.values(*self._body.bound_arguments[binding], depth + 1)
        if isinstance(binding, cst.Param):
            method = binding_scope.node
            owner = binding_scope.parent.node if binding_scope.parent is not None else None
            if isinstance(method, cst.FunctionDef) and isinstance(owner, cst.ClassDef) and self.flax.is_linen(owner):
                return self.parameter_values(owner, method, binding, depth + 1)
            if isinstance(method, cst.FunctionDef) and isinstance(owner, cst.ClassDef) and not self.flax.is_nnx(owner):
                if method.name.value == "__init__":  # `ApplyWrapper(model, train=True)`
                    passed = self.flax.parameter_arguments(binding, binding_scope, defaults=True)
                    return self._passed_values(passed, depth + 1) if passed else None
                return self._plain_method_parameter_values(owner, method, binding, depth + 1)
            if isinstance(method, cst.FunctionDef) and binding_scope.parent is self.index.module_scope:
                return self._function_parameter_values(method, binding, depth + 1)
            return None
        if isinstance(binding, cst.BaseExpression):
            return self.values(binding, binding_scope, depth + 1)
        return None

    def _passed_values(self, passed: list[tuple[cst.BaseExpression, Scope]], depth: int) -> Values:
        """The values of what the calls pass for a parameter, over all of them."""
        found: set[object] = set()
        for value, scope in passed:
            values = self.values(value, scope, depth)
            if values is None:
                return None
            found |= values
        return _limited(frozenset(found))

    def _plain_method_parameter_values(
        self, class_node: cst.ClassDef, method: cst.FunctionDef, parameter: cst.Param, depth: int
    ) -> Values:
        """A parameter of a method of a plain class (a simulator's `rollout(x, train=False)`):
        its default and what every call of the method this file shows passes (`sim.rollout(x,
        train=True)`, `self.rollout(x)`); unknown when no call is shown."""
        key = (method, parameter)
        if key in self._resolving or is_staticmethod(method) or is_classmethod(method):
            return None
        name = method.name.value
        sites = []
        for call in all_calls(self.index):
            func = call.func
            if not (isinstance(func, cst.Attribute) and func.attr.value == name):
                continue
            scope = self.scope_at(call)
            receiver = func.value
            own = isinstance(receiver, cst.Name) and self.flax.self_class(receiver, scope) is class_node
            if own or self.flax.instance_class(receiver, scope) is class_node:
                sites.append((call, scope))
        if not sites:
            return None
        self._resolving.add(key)
        try:
            found: set[object] = set()
            for call, scope in sites:
                if any(a.star for a in call.args):
                    return None
                value = argument_for(method, parameter, call.with_changes(args=[cst.Arg(cst.Name("self")), *call.args]))
                if value is None:
                    if parameter.default is None:
                        return None
                    value, scope = parameter.default, self.index.scope_of[method].parent or scope
                passed = self.values(value, scope, depth + 1)
                if passed is None:
                    return None
                found |= passed
            return _limited(frozenset(found))
        finally:
            self._resolving.discard(key)

    def _function_parameter_values(self, function: cst.FunctionDef, parameter: cst.Param, depth: int) -> Values:
        """A parameter of a module-level function (`make_loss_fn(model, train=True)`): what every
        call of it in the file passes, or its default; unknown when no call is shown, except for
        the default of a `main` the file never calls (the entry point, run as `main()`)."""
        key = (function, parameter)
        sites = self.flax.calls_running(function)
        if not sites and function.name.value == "main" and parameter.default is not None and key not in self._resolving:
            return self.values(parameter.default, self.index.module_scope, depth + 1)  # the entry point, run as `main()`
        if key in self._resolving or not sites:
            return None
        self._resolving.add(key)
        try:
            found: set[object] = set()
            for call, scope in sites:
                if any(a.star for a in call.args):
                    return None
                value = argument_for(function, parameter, call)
                if value is None:
                    value, scope = parameter.default, self.index.module_scope
                passed = self.values(value, scope, depth + 1) if value is not None else None
                if passed is None:
                    return None
                found |= passed
            return _limited(frozenset(found))
        finally:
            self._resolving.discard(key)

    def _rebound_parameter(
        self, name: str, scope: Scope, method_scope: Scope, bindings: list, depth: int  # noqa: ANN001
    ) -> Values:
        """A method parameter rebound once at the top of the method body and read by a function
        defined after that (`deterministic = nn.merge_param(..., deterministic)`, then
        `def step(...)`): the rebinding's values, with the parameter read as the parameter."""
        parameters = [b for b in bindings if isinstance(b, cst.Param)]
        values = [b for b in bindings if isinstance(b, cst.BaseExpression)]
        method = method_scope.node
        if len(parameters) != 1 or len(values) != 1 or not isinstance(method, cst.FunctionDef):
            return None
        assign = self.parents.get(values[0])
        line = self.parents.get(assign) if isinstance(assign, cst.Assign) else None
        if not isinstance(line, cst.SimpleStatementLine) or line not in method.body.body:
            return None
        reader = scope.node
        while self.parents.get(reader) is not None and self.parents.get(reader) is not method.body:
            reader = self.parents[reader]
        if reader not in method.body.body or method.body.body.index(reader) <= method.body.body.index(line):
            return None
        self._pinned[(id(method_scope), name)] = parameters[0]
        try:
            return self.values(values[0], method_scope, depth + 1)
        finally:
            del self._pinned[(id(method_scope), name)]

    # -- fields ------------------------------------------------------------------------------

    def _dataclass_field_values(self, node: cst.Attribute, scope: Scope, depth: int) -> Values:
        """`cfg.train`, `self.cfg.train`: a field of a same-file dataclass instance, over every
        construction of it that reaches the read (`cfg = WMConfig()`, then `WorldModel(cfg)`):
        the argument it passes for the field, or the field's default."""
        field = node.attr.value
        if self._stored_after_made(field):
            return None  # `cfg.train = ...` somewhere: set after it is built
        return self._dataclass_copy_field_values(node.value, scope, field, depth)

    def _dataclass_copy_field_values(self, instance: cst.BaseExpression, scope: Scope, field: str, depth: int) -> Values:
        """The values of a field over the dataclass instances an expression may be (see
        `_dataclass_instances`); a copy `dataclasses.replace(cfg, mode="eval")` has what it
        passes for the field, else what the copied instance has."""
        instances = self._dataclass_instances(instance, scope, depth + 1)
        if not instances:
            return None
        found: set[object] = set()
        for call, call_scope, class_node in instances:
            if self.index.qualify(call.func) == DATACLASS_REPLACE:
                if any(a.star for a in call.args):
                    return None
                given = keyword_argument(call, field)
                passed = (
                    self.values(given, call_scope, depth + 1) if given is not None
                    else self._dataclass_copy_field_values(call.args[0].value, call_scope, field, depth + 1)
                )
                if passed is None:
                    return None
                found |= passed
                continue
            declaration = field_declaration(self.index, class_node, field)
            if declaration is None:
                computed = self._property_values(class_node, field, depth)
                if computed is None:
                    return None
                found |= computed
                continue
            if any(a.star for a in call.args):
                return None
            value, value_scope = keyword_argument(call, field), call_scope
            fields = _init_fields(self.index, class_node)
            positional = [a for a in call.args if a.keyword is None]
            if value is None and positional:
                if fields is None:
                    return None
                position = fields.index(field)
                value = positional[position].value if position < len(positional) else None
            if value is None:
                value = field_default(declaration.value) if declaration.value is not None else None
                value_scope = self.index.scope_of[class_node]
            passed = self.values(value, value_scope, depth + 1) if value is not None else None
            if passed is None:
                return None
            found |= passed
        return _limited(frozenset(found))

    def _property_values(self, class_node: cst.ClassDef, name: str, depth: int) -> Values:
        """`cfg.update_statistics` for a property of a same-file dataclass (or of a Linen module or
        the mixin it uses) that only returns an expression (`return self.mode == "train"`): that
        expression's values, over every construction of the class (its reads of `self.<field>`
        take them all)."""
        function = self.index.method_of(class_node, name)
        if function is None or not is_property(function) or depth > MAX_DEPTH:
            return None
        returned = returns_of(function)
        last = function.body.body[-1] if isinstance(function.body, cst.IndentedBlock) else None
        if (
            len(returned) != 1
            or returned[0].value is None
            or not isinstance(last, cst.SimpleStatementLine)
            or last.body[0] is not returned[0]
            or any(not _is_string_statement(s) for s in function.body.body[:-1])  # type: ignore[union-attr]
        ):
            return None
        return self.values(returned[0].value, self.index.scope_of[function], depth + 1)

    def _dataclass_instances(
        self, node: cst.BaseExpression, scope: Scope, depth: int
    ) -> list[tuple[cst.Call, Scope, cst.ClassDef]] | None:
        """The constructions of a same-file dataclass an expression is, over the runs this file
        shows: the call itself, a name bound once to one, a parameter every call fills with
        one (`Propagator(model, cfg)`), or `self.<attr>` of a Linen class (what every
        construction of the module passes for the field) or of a plain class (what its
        `__init__` assigns)."""
        if depth > MAX_DEPTH:
            return None
        arguments: list[tuple[cst.BaseExpression, Scope]] | None = None
        if isinstance(node, cst.Call) and self.index.qualify(node.func) == DATACLASS_REPLACE:
            copied = self._dataclass_instances(node.args[0].value, scope, depth + 1) if node.args and node.args[0].keyword is None else None
            classes = {class_node for _, _, class_node in copied or []}
            return [(node, scope, classes.pop())] if len(classes) == 1 else None
        if isinstance(node, cst.Call):
            class_node = self.index.class_named(node.func, scope)
            if class_node is None or not is_dataclass(self.index, class_node) or self.flax.is_linen(class_node):
                return None
            return [(node, scope, class_node)]
        if isinstance(node, cst.Name):
            found = scope.only_binding(node.value)
            method = found[0].enclosing_method() if found is not None else None
            if method is not None and method[0] is found[0].node and node.value == self.index.self_name(found[0]):
                arguments = self.flax.instances(node, scope)  # `self.train_mode` in the dataclass's own method
            elif found is not None and isinstance(found[1], cst.Param):
                arguments = self.flax.parameter_arguments(found[1], found[0])
            elif found is not None and isinstance(found[1], cst.BaseExpression):
                arguments = [(found[1], found[0])]
        elif isinstance(node, cst.Attribute):
            class_node = self.flax.linen_self(node.value, scope) if isinstance(node.value, cst.Name) else None
            if class_node is not None:
                arguments = self.field_arguments(class_node, node.attr.value)
            else:
                arguments = self._plain_attribute_values(node, scope)
        if not arguments:
            return None
        return joined(arguments, lambda value, value_scope: self._dataclass_instances(value, value_scope, depth + 1))

    def _class_attribute_values(self, node: cst.Attribute, scope: Scope, depth: int) -> Values:
        """`self.adapt` in a method of a plain class, set by no store but by a class-level
        assignment (`adapt = True`, overridden as `adapt = False` in a subclass): its values over
        the classes running the method that the file builds (also through a registry pick)."""
        owner = scope.lookup(node.value.value)  # type: ignore[attr-defined]
        class_node = self.flax.self_class(node.value, owner[0]) if owner is not None else None
        if class_node is None or not self.flax.is_plain(class_node) or node.attr.value in self._stored_attributes():
            return None
        if is_dataclass(self.index, class_node) and field_declaration(self.index, class_node, node.attr.value) is not None:
            return None  # a field: its class-level value is only the default (`_dataclass_field_values`)
        found: set[object] = set()
        built = 0
        for each in (class_node, *self.index.subclasses(class_node)):
            outer = self.index.scope_of[each].parent
            made = list(self.index.calls_of(each.name.value, outer)) if outer is not None else []
            made += self.index.registry_constructions(each)
            if not made:
                continue
            built += 1
            value = self._class_level_value(each, node.attr.value)
            values = self.values(value, self.index.scope_of[each], depth + 1) if value is not None else None
            if values is None:
                return None
            found |= values
        return _limited(frozenset(found)) if built else None

    def _class_level_value(self, class_node: cst.ClassDef, name: str, depth: int = 0) -> cst.BaseExpression | None:
        """The value a class-level `name = value` of a class, or of the same-file base it
        inherits it from, gives."""
        for statement in class_statements(class_node):
            if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
                target = statement.targets[0].target
                if isinstance(target, cst.Name) and target.value == name:
                    return statement.value
            if isinstance(statement, cst.AnnAssign) and isinstance(statement.target, cst.Name) and statement.target.value == name:
                return statement.value
        bases = self.index.same_file_bases(class_node)
        return self._class_level_value(bases[0], name, depth + 1) if len(bases) == 1 and depth < 4 else None

    def _plain_attribute_values(self, node: cst.Attribute, scope: Scope) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """`self.cfg` of a plain (not Flax) class, or `self.trainer.cfg` of an object of one: what
        its `__init__` assigns, when only `__init__` assigns it (or other methods that run only
        after the loop), and no other code of the file stores an attribute of that name."""
        class_node = None
        if isinstance(node.value, cst.Name):
            owner = scope.lookup(node.value.value)
            class_node = self.flax.self_class(node.value, owner[0]) if owner is not None else None
        if class_node is None:
            class_node = self.flax.instance_class(node.value, scope)
        if class_node is None or self.flax.is_linen(class_node) or self.flax.is_nnx(class_node):
            return None
        init_owner = self.index.defining_class(class_node, "__init__")  # also a base's `__init__`
        init = self.index.method_of(init_owner, "__init__") if init_owner is not None else None
        if init is None:
            return None
        own = 0
        for each in (class_node, *self.index.same_file_bases(class_node)):
            for statement in each.body.body:
                if isinstance(statement, cst.FunctionDef) and statement is not init:
                    stores = self.index.self_attribute_values(each, statement.name.value).get(node.attr.value, [])
                    if stores and not self._runs_only_after_loop(statement):
                        return None
                    own += len(stores)
        init_scope = self.index.scope_of[init]
        initial = self.index.self_attribute_values(init_owner, "__init__").get(node.attr.value, [])
        # what the `__init__` of an unrelated class stores on its own `self` (a service keeping
        # the same `config` it hands the runner) is not a store on this object
        related = {class_node, *self.index.same_file_bases(class_node), *self.index.subclasses(class_node)}
        others = sum(
            len(self.index.self_attribute_values(other, "__init__").get(node.attr.value, []))
            for other, _ in self.index.classes
            if other not in related and self.index.method_of(other, "__init__") is not None
        )
        if self._stored_attributes().get(node.attr.value, 0) > own + len(initial) + others:
            return None  # `self.evaluator.options = replace(options, train=False)` by other code
        return [(value, init_scope) for value in initial]

    def _runs_only_after_loop(self, method: cst.FunctionDef) -> bool:
        """For the code a loop body runs (see `within`): whether a method neither runs in the
        body's code nor, in the program the file shows, before the loop (an `eval()` that
        `main` never calls): what it stores is not what the loop sees."""
        code = self._body
        if code is None or method in code.functions:
            return False
        return call_order(self.flax).runs_before(code.wrapped_call or code.loop.call, [method]) is False

    def _stored_attributes(self) -> dict[str, int]:
        """The attribute names any code of the file assigns (`cfg.train = False`) or sets by
        `setattr`/`object.__setattr__` with a literal name, each with how many statements do."""
        if self._stores is None:
            stores = _AttributeStores()
            walk(self.index.module, stores)
            self._stores = stores.names
            self._init_stores = stores.in_init
        return self._stores

    def _stored_after_made(self, field: str) -> bool:
        """Whether code of the file may set `<object>.<field>` on an object already built: a
        store other than one on `self` in an `__init__` (which sets up the object it builds)."""
        return self._stored_attributes().get(field, 0) > self._init_stores.get(field, 0)

    def field_values(self, class_node: cst.ClassDef, field: str, depth: int = 0) -> Values:
        """`self.<field>` of a Linen class: its default and every construction's argument (for
        the code of a loop in a method of the class, see `within`, only the constructions of the
        instances that may run that method: `eval_model.apply(..., method=Model.rollout)`, not
        `train_model.init(...)`)."""
        if (class_node, field) in self._resolving:
            return None
        arguments = self.field_arguments(class_node, field)
        if arguments is None:
            return None
        self._resolving.add((class_node, field))
        try:
            found: set[object] = set()
            for value, scope in arguments:
                passed = self.values(value, scope, depth + 1)
                if passed is None:
                    return None
                found |= passed
            return _limited(frozenset(found))
        finally:
            self._resolving.discard((class_node, field))

    def field_arguments(
        self, class_node: cst.ClassDef, field: str, construction: tuple[cst.Call, Scope] | None = None
    ) -> list[tuple[cst.BaseExpression, Scope]] | None:
        """What `self.<field>` of a Linen class is in the runs this file shows (or in the one
        `construction` given): each construction's argument for it (by keyword, or by position
        when the field order is certain) or else the field's default, with the scope to read it
        in (None: not known)."""
        declaration = field_declaration(self.index, class_node, field)
        if declaration is None:
            return None
        sites = [construction] if construction is not None else self._constructions(class_node)
        clones = self._clone_sites(class_node, sites) if construction is None and sites else {}
        if clones is None:
            return None  # `module.clone(field=...)` of a module not known
        if clones:
            copied = {made for each in clones.values() for made, _ in each}
            # a module that is only copied (`model.clone(mode="drill")` its one use) never runs itself
            sites = [(call, scope) for call, scope in sites if not (call in copied and self.instance_calls(call, scope) == [])]
            sites += [(clone, self.scope_at(clone)) for clone in clones]
        if construction is None and sites and self._loop_method is not None and self._loop_method[0] is class_node and self._loop_method[1] != "setup":
            reaching = self.flax.methods_reaching(class_node, self._loop_method[1])
            sites = [(call, scope) for call, scope in sites if self._may_run(call, scope, reaching)]
        if construction is None and sites and self._apply_only:
            sites = [(call, scope) for call, scope in sites if not self._only_initialized(call, scope)]
        if not sites or any(_overrides(call, field) and call not in clones for call in self.attribute_calls):
            return None  # no run is shown, or `module.replace(field=...)` may set it anew
        default = field_default(declaration.value) if declaration.value is not None else None
        fields = _init_fields(self.index, class_node)
        position = fields.index(field) if fields is not None and field in fields else None
        found: list[tuple[cst.BaseExpression, Scope]] = []
        for call, scope in sites:
            if any(a.star for a in call.args):
                return None
            if call in clones:  # `train_model.clone(adapt=False)`: what it sets, else what the copied module has
                given = keyword_argument(call, field)
                copied = [self.field_arguments(class_node, field, made) for made in clones[call]] if given is None else [[(given, scope)]]
                if any(each is None for each in copied):
                    return None
                found += [value for each in copied for value in each]  # type: ignore[union-attr]
                continue
            positional = sum(1 for a in call.args if a.keyword is None)
            value = keyword_argument(call, field)
            if value is None and position is not None and position < positional:
                value = call.args[position].value
            elif value is None and positional and position is None:
                return None  # passed by position, in an order this file does not make certain
            if value is None:
                value, scope = default, self.index.scope_of[class_node]
            if value is None:
                return None
            found.append((value, scope))
        return found

    def _clone_sites(
        self, class_node: cst.ClassDef, sites: list[tuple[cst.Call, Scope]]
    ) -> dict[cst.Call, list[tuple[cst.Call, Scope]]] | None:
        """The `module.clone(...)` calls that copy a module some of `sites` constructs, each with
        the constructions it may copy; None when a clone passing a field copies a module this
        file does not show."""
        clones: dict[cst.Call, list[tuple[cst.Call, Scope]]] = {}
        constructions = {call for call, _ in sites}
        for call in self.attribute_calls:
            assert isinstance(call.func, cst.Attribute)
            if call.func.attr.value != "clone" or any(a.keyword is None or a.star for a in call.args):
                continue
            copied = self.flax.instances(call.func.value, self.scope_at(call))
            if copied is None or not copied:
                if call.args:
                    return None
                continue
            if all(made in constructions for made, _ in copied):
                clones[call] = copied
            elif any(made in constructions for made, _ in copied) and call.args:
                return None
        return clones

    def _only_initialized(self, construction: cst.Call, scope: Scope) -> bool:
        """Whether every use this file shows of the instance a construction makes is an `init`
        (`Stepper(train=True).init(key, u0)`)."""
        uses = self.instance_calls(construction, scope)
        return bool(uses) and all(method_name(call) in _INIT_METHODS for call, _, _, _ in uses)

    def _may_run(self, construction: cst.Call, scope: Scope, methods: set[str]) -> bool:
        """Whether the instance a construction makes may run one of `methods` (yes when it
        escapes or is not used in this file: the file does not show all it does)."""
        uses = self.instance_calls(construction, scope)
        return not uses or any(name in methods for _, _, name, _ in uses)

    def _constructions(self, class_node: cst.ClassDef) -> list[tuple[cst.Call, Scope]] | None:
        """Every construction of the class, when every use of its name is one (None: the class
        is also passed on, subclassed or made by its classmethods)."""
        enclosing = self.index.scope_of[class_node].parent
        name = class_node.name.value
        if enclosing is None or len(enclosing.bindings.get(name, [])) != 1:
            return None
        sites = list(self.index.calls_of(name, enclosing))
        called = {id(call.func) for call, _ in sites}
        registries = self._registries_of(class_node)
        for read in self.index.reads_of(name, enclosing):
            if id(read) in called or self._reads_a_method(read, class_node) or self._registered(read, registries):
                continue
            if self._in_annotation(read):  # `generator: CandidateGenerator` types a field
                continue
            lifted = self._lifted_constructions(read)
            if lifted is None:
                return None
            sites += [site for site in lifted if all(site[0] is not known for known, _ in sites)]
        for registry in registries:  # `MODELS[name](**kw)` of a registry holding only this class
            for read in self.index.reads_of(registry, self.index.module_scope):
                picked = self.parents.get(read)
                call = self.parents.get(picked) if isinstance(picked, cst.Subscript) else None
                if isinstance(call, cst.Call) and call.func is picked:
                    sites.append((call, self.scope_at(call)))
        return sites

    def _in_annotation(self, node: cst.CSTNode) -> bool:
        """Whether a node is part of a type annotation (`x: Model`, `-> Optional[Model]`)."""
        current = self.parents.get(node)
        while current is not None and not isinstance(current, (cst.BaseStatement, cst.BaseSmallStatement)):
            if isinstance(current, cst.Annotation):
                return True
            current = self.parents.get(current)
        return False

    def _registries_of(self, class_node: cst.ClassDef) -> list[str]:
        """The module-level dict registries whose only class is this one (see
        `ScanIndex.registered_classes`): a call of any of their entries makes it."""
        found = []
        for name, values in self.index.module_scope.bindings.items():
            if len(values) == 1 and isinstance(values[0], cst.Dict):
                if self.index.registered_classes(cst.Name(name), self.index.module_scope) == [class_node]:
                    found.append(name)
        return found

    def _registered(self, read: cst.Name, registries: list[str]) -> bool:
        """`MODELS["mlp"] = MLP`: the class stored into one of its registries."""
        assign = self.parents.get(read)
        if not isinstance(assign, cst.Assign) or assign.value is not read or len(assign.targets) != 1:
            return False
        target = assign.targets[0].target
        return isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and target.value.value in registries

    def _lifted_constructions(self, read: cst.Name) -> list[tuple[cst.Call, Scope]] | None:
        """The constructions of a class read as a lifted transform's module
        (`nn.remat(Block)(features=8)`), as a choice between two forms of it (`nn.remat(Block)
        if cfg.remat else Block`), or through a local name bound once to any of these or to the
        class itself (`block = Block`) whose every read is a call: they pass the class's fields
        as a plain construction does. None for any other read."""
        scope = self.scope_at(read)
        made: cst.BaseExpression = read
        argument = self.parents.get(read)
        lifted = self.parents.get(argument) if isinstance(argument, cst.Arg) else None
        if (
            isinstance(lifted, cst.Call)
            and lifted.args[0] is argument
            and argument.keyword is None
            and self.index.qualify(lifted.func) in LIFTED_MODULE_TRANSFORMS
        ):
            made = lifted
        outer = self.parents.get(made)
        if isinstance(outer, cst.IfExp) and outer.test is not made and self.flax.lifted_local_class(outer, scope) is not None:
            made, outer = outer, self.parents.get(outer)
        if made is not read and isinstance(outer, cst.Call) and outer.func is made:
            return [(outer, scope)]
        assign = outer if isinstance(outer, cst.Assign) else None
        if assign is None or len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
            return None
        alias = assign.targets[0].target.value
        bound = scope.only_binding(alias)
        if bound is None or bound[0] is not scope:
            return None
        sites = list(self.index.calls_of(alias, scope))
        called = {id(call.func) for call, _ in sites}
        if any(id(alias_read) not in called for alias_read in self.index.reads_of(alias, scope)):
            return None
        return sites

    def _reads_a_method(self, read: cst.CSTNode, class_node: cst.ClassDef) -> bool:
        """`Cls.rollout`, a plain method read through the class (`method=Cls.rollout`,
        `partial(Cls.step, self)`): it makes no instance."""
        parent = self.parents.get(read)
        if not isinstance(parent, cst.Attribute) or parent.value is not read:
            return False
        method = self.index.method_of(class_node, parent.attr.value)
        return method is not None and not is_classmethod(method) and not is_staticmethod(method)

    # -- method parameters -------------------------------------------------------------------

    def parameter_values(
        self, class_node: cst.ClassDef, method: cst.FunctionDef, parameter: cst.Param, depth: int = 0
    ) -> Values:
        """A parameter of a Linen method: its default and what every call reaching it passes."""
        key = (method, parameter)
        if key in self._resolving:
            return None
        sites = self._body_sites(method) or self.method_calls(class_node, method.name.value)
        if sites and (self._apply_only or self._loop_skipped_by_init(method)):
            sites = [site for site in sites if method_name(site[0]) not in _INIT_METHODS]
        if not sites:
            return None
        positional = [p.name.value for p in (*method.params.posonly_params, *method.params.params)][1:]
        name = parameter.name.value
        position = positional.index(name) if name in positional else None
        self._resolving.add(key)
        try:
            found: set[object] = set()
            for call, scope, skipped in sites:
                value = keyword_argument(call, name)
                if value is None and any(a.star for a in call.args):
                    positional = _positional_arguments(call, scope)  # `model.init(key, *graph)`
                    if positional is None:
                        return None
                    if position is not None and position + skipped < len(positional):
                        value = positional[position + skipped]
                elif value is None and position is not None:
                    value = argument(call, position + skipped, name)
                if value is None:
                    if parameter.default is None:
                        return None
                    value, scope = parameter.default, self.index.scope_of[method].parent or scope
                passed = self.values(value, scope, depth + 1)
                if passed is None:
                    return None
                found |= passed
            return _limited(frozenset(found))
        finally:
            self._resolving.discard(key)

    def _loop_skipped_by_init(self, method: cst.FunctionDef) -> bool:
        """Whether the loop this view is for (see `within`) is written in `method` where `init`
        never runs it (`else` of `if self.is_initializing():`): its parameters there take only
        what the other calls pass."""
        code = self._body
        return code is not None and code.loop.scope.node is method and self.never_while_initializing(code.loop.call)

    def method_calls(self, class_node: cst.ClassDef, method: str) -> list[tuple[cst.Call, Scope, int]] | None:
        """Every call in the file that runs `method` of a Linen class, with the number of
        arguments before the method's own (1 for `apply`'s variables); None when the method
        may also run in a way the file does not show."""
        key = (class_node, method)
        if key not in self._sites:
            self._sites[key] = None  # a cycle (a module that builds itself) is unknown
            self._sites[key] = self._find_method_calls(class_node, method)
        return self._sites[key]

    def _find_method_calls(self, class_node: cst.ClassDef, method: str) -> list[tuple[cst.Call, Scope, int]] | None:
        own = self._self_calls(class_node, method)
        if own is None:
            return None
        constructions = self._constructions(class_node)
        sites: list[tuple[cst.Call, Scope, int]] | None = [] if constructions else None
        for construction, scope in constructions or ():
            uses = self.instance_calls(construction, scope)
            if uses is None:
                sites = None
                break
            sites += [(call, where, skipped) for call, where, name, skipped in uses if name == method]
        if sites is None:
            sites = self._entries_naming(class_node, method)
        return None if sites is None else sites + own

    def _entries_naming(self, class_node: cst.ClassDef, method: str) -> list[tuple[cst.Call, Scope, int]] | None:
        """When the instances of a class cannot all be followed (a model built in a container's
        lambda, an `apply_fn` kept by a train state), the calls that run one of its methods
        other than `__call__` still show in the file, when every read of `.<method>` is either
        its own `self.<method>` or `method=Cls.<method>` given to `init`/`apply` (or a train state's
        `apply_fn`):
        `self.model.apply(variables, weeks, False, method=Forecaster.forecast)`. None when
        anything else reads it (a bound module's `m.forecast(...)`, a `partial`, a lambda), or
        the file looks methods up by a computed name."""
        if method == "__call__" or self.index.subclasses(class_node) or self._computed_getattr():
            return None
        sites: list[tuple[cst.Call, Scope, int]] = []
        for read in self.attribute_reads(method):
            if self.encloses(class_node, read) and isinstance(read.value, cst.Name) and self.flax.linen_self(read.value, self.scope_at(read)) is class_node:
                continue  # `self.<method>`: `_self_calls`
            argument = self.parents.get(read)
            call = self.parents.get(argument) if isinstance(argument, cst.Arg) else None
            if not (
                isinstance(call, cst.Call)
                and argument.keyword is not None
                and argument.keyword.value == "method"
                and isinstance(read.value, cst.Name)
                and self.index.class_named(read.value, self.scope_at(read)) is class_node
                and isinstance(call.func, cst.Attribute)
                and call.func.attr.value in _NAMED_ENTRIES
            ):
                return None
            sites.append((call, self.scope_at(call), _NAMED_ENTRIES[call.func.attr.value]))
        return sites

    def _never_called(self, method: cst.FunctionDef) -> bool:
        """Whether no code of a file that shows its program (a module-level `main()` without
        parameters; library code is called from elsewhere) may run a method of a plain class:
        nothing reads it as an attribute, and every `getattr` of the file takes a name whose
        values are known and other than it (`getattr(self, step_name)` with `step_name` always
        "eval_step")."""
        name = method.name.value
        entry = self.index.module_scope.bindings.get("main", [])
        shows_program = len(entry) == 1 and isinstance(entry[0], cst.FunctionDef) and not (
            entry[0].params.params or entry[0].params.posonly_params or entry[0].params.kwonly_params
        )
        if not shows_program or name.startswith("__") or any(True for _ in self.attribute_reads(name)):
            return False
        for call, scope in self.index.local_name_calls.get("getattr", ()):
            if scope.lookup("getattr") is not None:
                continue
            names = self.values(call.args[1].value, scope) if len(call.args) >= 2 else None
            if names is None or name in names:
                return False
        return True

    def _computed_getattr(self) -> bool:
        """Whether the file calls `getattr` with a name that is not a string literal."""
        return any(
            len(call.args) < 2 or not isinstance(call.args[1].value, cst.SimpleString)
            for call, scope in self.index.local_name_calls.get("getattr", ())
            if scope.lookup("getattr") is None
        )

    def _self_calls(self, class_node: cst.ClassDef, method: str) -> list[tuple[cst.Call, Scope, int]] | None:
        """`self.method(...)` in the class's own methods; None when `self.method` is also used
        without being called (handed to a scan, a partial, a transform)."""
        if method == "__call__":
            own = _OwnCalls(self, class_node)
            walk(class_node.body, own)
            return [(call, scope, 0) for call, scope in own.calls]
        finder = _SelfAttributeUses(self, class_node, method)
        walk(class_node.body, finder)
        return None if finder.escapes else [(call, scope, 0) for call, scope in finder.calls]

    def instance_calls(self, construction: cst.Call, scope: Scope) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """The calls that run the module a construction makes: `(call, scope, method, skipped)`;
        None when the instance escapes (is passed on, returned, stored elsewhere)."""
        if construction not in self._instances:
            self._instances[construction] = self._find_instance_calls(construction, scope)
        return self._instances[construction]

    def _find_instance_calls(self, construction: cst.Call, scope: Scope) -> list[tuple[cst.Call, Scope, str, int]] | None:
        class_node = self.flax.lifted_local_class(construction.func, scope)
        direct = self._use_of(construction, scope, class_node)  # `Cls(...)(x)`, `Cls(...).apply(v, x)`
        if direct is not None:
            return [direct]
        assign = self.parents.get(construction)
        if isinstance(assign, cst.Return):  # `return MLP(**kw)` in a builder
            return self._returned_to_callers(construction, class_node, 0)
        if isinstance(assign, cst.Arg):  # `Forecaster(Tracker())`, `train(MLP(), xs)`
            return (
                self._handed_to_function(construction, class_node, 0)
                or self._kept_by_object(construction, class_node)
                or self._only_cloned_by_init(construction)
            )
        if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
            return None
        target = assign.targets[0].target
        if isinstance(target, cst.Name):
            binding = scope.only_binding(target.value)
            if binding is None or binding[0] is not scope:
                return None
            return self._uses_of_name(target, scope, class_node, 0)
        if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
            owner = self.flax.linen_self(target.value, scope)
            if owner is None:
                return self._stored_by_plain_init(target, scope, class_node)
            finder = _SelfAttributeUses(self, owner, target.attr.value, assigned=target, instance_of=class_node)
            walk(owner.body, finder)
            return None if finder.escapes else finder.instance_uses
        return None

    def _stored_by_plain_init(
        self, target: cst.Attribute, scope: Scope, class_node: cst.ClassDef | None
    ) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """`self.model = Model(cfg)` in a plain class's `__init__` (a desk, a trainer): the uses
        of `self.model` in the class's methods, when no other statement of the file sets that
        attribute."""
        method = scope.enclosing_method()
        if method is None or method[0] is not scope.node or method[0].name.value != "__init__":
            return None
        owner = method[1]
        if not self.flax.is_plain(owner) or self.index.subclasses(owner):
            return None
        if target.value.value != self.index.self_name(scope):  # type: ignore[attr-defined]
            return None
        if self._stored_attributes().get(target.attr.value, 0) != 1:
            return None  # set again somewhere (`self.model = other`): not known which runs
        return self._plain_attribute_uses(owner, target.attr.value, class_node)

    def _uses_of_name(
        self, bound: cst.Name, scope: Scope, class_node: cst.ClassDef | None, depth: int
    ) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """The calls that run an instance bound to a name, through every read of the name: its
        own uses (`_use_of`), the calls of `partial(model.apply, method=...)` bound to a name,
        and the uses of the parameter of a same-file function it is handed to
        (`make_train_step(model)`); None when a read does anything else."""
        uses = []
        for read in self.index.reads_of(bound.value, scope):
            if self._field_read(read, class_node) or self._cloned(read):
                continue  # `encoder.tile`, `model.clone(...)`: runs nothing (a clone is its own instance)
            use = self._use_of(read, scope, class_node)
            if use is not None:
                uses.append(use)
                continue
            through = self._partial_apply_uses(read) if depth <= 2 else None
            if through is None and depth < 2:
                through = self._handed_to_function(read, class_node, depth)
            if through is None and depth < 2:
                through = self._kept_by_object(read, class_node)
            if through is None and depth < 2:
                through = self._returned_to_callers(read, class_node, depth)
            if through is None:
                return None
            uses += through
        return uses

    def _partial_apply_uses(self, read: cst.BaseExpression) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """`step = functools.partial(model.apply, method=..., mutable=...)`, then `step(v, x)`:
        each call of `step` runs the entered method. Only keywords that are not the method's
        own arguments may be bound (`method`, `mutable`, `rngs`)."""
        found = self._apply_partial_of(read, binding_arguments=True)
        if found is None:
            return None
        partial, entered, target = found
        scope = self.scope_at(partial)
        if not isinstance(target, cst.Name) or scope.only_binding(target.value) is None:
            return None
        bound = [a for a in partial.args[1:] if a.keyword is None or a.keyword.value not in _PARTIAL_APPLY_KEYWORDS]
        uses = []
        for call_read in self.index.reads_of(target.value, scope):
            call = self.parents.get(call_read)
            if not isinstance(call, cst.Call) or call.func is not call_read:
                return None
            if bound:
                if self.scope_at(call) is not scope:
                    return None  # the bound arguments are read where the partial is made
                # `encode = partial(model.apply, variables, train=True)`, then `encode(x)`: the
                # apply call with the partial's arguments before the call's own
                given = [*partial.args[1:], *call.args]
                positional = [a for a in given if a.keyword is None and a.star != "**"]
                placed = {id(a) for a in positional}
                call = cst.Call(func=partial.args[0].value, args=[*positional, *(a for a in given if id(a) not in placed)])
            uses.append((call, scope if bound else self.scope_at(call), entered, 1))
        return uses

    def _handed_to_function(
        self, read: cst.BaseExpression, class_node: cst.ClassDef | None, depth: int
    ) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """`make_train_step(model)`, `train_step(params, model=model)`: the uses of the
        parameter of a same-file module-level function that a read is passed to, by position
        or by keyword."""
        arg = self.parents.get(read)
        call = self.parents.get(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or arg.star:
            return None
        targets = self._plain_methods_called(call)  # `self.load_variables(model, x)`
        if targets is None:
            function = self.index.resolve_callable(call.func, self.scope_at(call))
            if function is None or function.via != "def" or not isinstance(function.node, cst.FunctionDef):
                return None
            if function.scope.parent is not self.index.module_scope:
                return None
            targets = [function.node]
        uses = []
        for target in targets:
            found = self._parameter_uses(target, call, arg, class_node, depth)
            if found is None:
                return None
            uses += found
        return uses

    def _parameter_uses(
        self, function: cst.FunctionDef, call: cst.Call, arg: cst.Arg, class_node: cst.ClassDef | None, depth: int
    ) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """The uses of the parameter of `function` that an argument of `call` fills."""
        function_scope = self.index.scope_of[function]
        params = [*function.params.posonly_params, *function.params.params]
        if isinstance(self.scope_at(function).node, cst.ClassDef):
            params = params[1:]  # a method called on its object: `self` is bound
        if arg.keyword is not None:
            named = [p for p in (*params, *function.params.kwonly_params) if p.name.value == arg.keyword.value]
            if len(named) != 1 or named[0] in function.params.posonly_params:
                return None
            return self._uses_of_name(named[0].name, function_scope, class_node, depth + 1)
        position = [a for a in call.args].index(arg)
        if any(a.star for a in call.args[: position + 1]) or position >= len(params):
            return None
        return self._uses_of_name(params[position].name, function_scope, class_node, depth + 1)

    def _plain_methods_called(self, call: cst.Call) -> list[cst.FunctionDef] | None:
        """The methods of plain classes a call `self.<m>(...)` or `obj.<m>(...)` may run: for
        `self` in a method of class S, S's own (or inherited) `m` and every override in S's
        subclasses (a template method's `self.load_variables(model, x)`); for an object of one
        known class, its `m`. None when the receiver is not such an object."""
        func = call.func
        if not isinstance(func, cst.Attribute):
            return None
        scope = self.scope_at(call)
        name = func.attr.value
        own = self.flax.self_class(func.value, scope) if isinstance(func.value, cst.Name) else None
        classes = [own, *self.index.subclasses(own)] if own is not None else [self.flax.instance_class(func.value, scope)]
        if any(c is None or not self.flax.is_plain(c) for c in classes):
            return None
        methods = []
        for class_node in classes:
            defining = self.index.defining_class(class_node, name)  # type: ignore[arg-type]
            method = self.index.method_of(defining, name) if defining is not None else None
            if method is None or is_staticmethod(method) or is_classmethod(method):
                return None
            if method not in methods:
                methods.append(method)
        return methods

    def _kept_by_object(
        self, read: cst.BaseExpression, class_node: cst.ClassDef | None
    ) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """`ContractJob(model, variables)` keeping the module in `self.encoder`: the uses of
        `self.encoder` in the plain class's methods (`self.encoder.apply(...)`); None when its
        objects keep it elsewhere too, or anything reads that attribute outside the class or
        does something else with it."""
        arg = self.parents.get(read)
        call = self.parents.get(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or arg.star or any(a.star for a in call.args):
            return None
        owner = self.flax.local_class(call.func, self.scope_at(call))
        if owner is None or not self.flax.is_plain(owner):
            return None
        init_owner = self.index.defining_class(owner, "__init__")
        candidates = set(_init_fields(self.index, owner) or []) if init_owner is None else set(
            self.index.self_attribute_values(init_owner, "__init__")
        )
        kept = [a for a in sorted(candidates) if kept_argument(self.index, owner, call, a) is read]
        if len(kept) != 1:
            return None
        partial_uses: list[tuple[cst.Call, Scope, str, int]] = []
        if init_owner is not None:  # what `__init__` does with it besides storing it
            init = self.index.method_of(init_owner, "__init__")
            stored = self.index.self_attribute_values(init_owner, "__init__")[kept[0]]
            if init is None or len(stored) != 1 or not isinstance(stored[0], cst.Name):
                return None
            init_scope = self.index.scope_of[init]
            for other in self.index.reads_of(stored[0].value, init_scope):
                if other is stored[0]:
                    continue
                # `self._apply = functools.partial(model.apply, mutable=[...])`: its calls
                through = self._kept_partial_apply_uses(owner, other)
                if through is None:  # `self.variables = model.init(key, x, method=Encoder.encode)`
                    use = self._use_of(other, init_scope, class_node)
                    if use is None:
                        return None
                    through = [use]
                partial_uses += through
        uses = self._plain_attribute_uses(owner, kept[0], class_node)
        return None if uses is None else uses + partial_uses

    def _apply_partial_of(
        self, read: cst.BaseExpression, binding_arguments: bool = False
    ) -> tuple[cst.Call, str, cst.BaseExpression] | None:
        """For `model` in `<target> = functools.partial(model.apply, method=..., mutable=...)`
        binding only keywords that are not the method's own arguments (or, with
        `binding_arguments`, any argument but a starred one): the partial, the method it
        enters, and the target it is assigned to."""
        attribute = self.parents.get(read)
        arg = self.parents.get(attribute) if isinstance(attribute, cst.Attribute) else None
        partial = self.parents.get(arg) if isinstance(arg, cst.Arg) else None
        if not (
            isinstance(attribute, cst.Attribute)
            and attribute.attr.value == "apply"
            and isinstance(partial, cst.Call)
            and self.index.qualify(partial.func) == PARTIAL
            and partial.args[0] is arg
            and all(
                not a.star if binding_arguments else a.keyword is not None and a.keyword.value in _PARTIAL_APPLY_KEYWORDS
                for a in partial.args[1:]
            )
        ):
            return None
        entered = entered_method(partial)
        assign = self.parents.get(partial)
        if entered is None or not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
            return None
        return partial, entered, assign.targets[0].target

    def _kept_partial_apply_uses(self, owner: cst.ClassDef, read: cst.BaseExpression) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """For `model` in `self._apply = functools.partial(model.apply, mutable=[...])` in a plain
        class's `__init__`: the calls `self._apply(v, x)` in the class's methods, each running the
        entered method; None when the attribute is set again or read any other way."""
        found = self._apply_partial_of(read)
        if found is None:
            return None
        _, entered, target = found
        if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)):
            return None
        if self._stored_attributes().get(target.attr.value, 0) != 1:
            return None
        uses = []
        for attribute_read in self.attribute_reads(target.attr.value):
            if attribute_read is target:
                continue
            call = self.parents.get(attribute_read)
            scope = self.scope_at(attribute_read)
            if not (
                self.encloses(owner, attribute_read)
                and isinstance(attribute_read.value, cst.Name)
                and self.flax.self_class(attribute_read.value, scope) is owner
                and isinstance(call, cst.Call)
                and call.func is attribute_read
            ):
                return None
            uses.append((call, self.scope_at(call), entered, 1))
        return uses

    def _plain_attribute_uses(
        self, owner: cst.ClassDef, attribute_name: str, class_node: cst.ClassDef | None
    ) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """The uses of the module a plain class keeps in `self.<attribute_name>`
        (`self.model.apply(...)` in its methods, or `session.model.init(...)` through an object
        of the class); None when anything else reads that attribute or does something else with
        it."""
        uses = []
        for attribute in self.attribute_reads(attribute_name):
            scope = self.scope_at(attribute)
            own = (
                self.encloses(owner, attribute)
                and isinstance(attribute.value, cst.Name)
                and self.flax.self_class(attribute.value, scope) is owner
            )
            if not own and self.flax.instance_class(attribute.value, scope) is not owner:
                return None
            method = scope.enclosing_method()
            if own and method is not None and self._never_called(method[0]):
                continue  # `stats_step` of a job that only ever runs `getattr(self, "eval_step")`
            if self._field_read(attribute, class_node):
                continue  # `self.net.probes`: runs nothing
            use = self._use_of(attribute, scope, class_node)
            if use is None:
                return None
            uses.append(use)
        return uses

    def _returned_to_callers(
        self, read: cst.BaseExpression, class_node: cst.ClassDef | None, depth: int
    ) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """`return model` or `return model, params` in a same-file module-level function
        (`build(cfg)`): the uses of the name every call of the function binds it to (`model =
        build(cfg)`, or unpacks that element into: `model, params = build(cfg)`); None when a
        call does anything else with the result."""
        element = self.parents.get(read)
        returned = self.parents.get(element) if isinstance(element, cst.Element) else None
        if isinstance(element, cst.Return):
            statement, returned = element, None
        else:
            statement = self.parents.get(returned) if isinstance(returned, (cst.Tuple, cst.List)) else None
            if not isinstance(statement, cst.Return) or any(isinstance(e, cst.StarredElement) for e in returned.elements):
                return None
        function = self.scope_at(statement).node
        if not isinstance(function, cst.FunctionDef):
            return None
        if self.index.scope_of[function].parent is self.index.module_scope:
            sites = self.flax.calls_running(function)
            if not sites:  # a builder never called makes nothing; one handed on is not followed
                return [] if not self.index.reads_of(function.name.value, self.index.module_scope) else None
        else:
            sites = self._plain_method_calls(function)  # `def build_model(self): return Scorer(...)`
            if sites is None:
                return None
        uses = []
        for call, scope in sites:
            assign = self.parents.get(call)
            target = assign.targets[0].target if isinstance(assign, cst.Assign) and len(assign.targets) == 1 else None
            if returned is None:
                name = target
            elif isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == len(returned.elements):
                name = target.elements[list(returned.elements).index(element)].value
            else:
                return None
            if not isinstance(name, cst.Name) or scope.only_binding(name.value) is None:
                return None
            found = self._uses_of_name(name, scope, class_node, depth + 1)
            if found is None:
                return None
            uses += found
        return uses

    def _plain_method_calls(self, method: cst.FunctionDef) -> list[tuple[cst.Call, Scope]] | None:
        """The calls that may run a method of a plain class: `x.<method>(...)` on an object of
        the class, or `self.<method>(...)` in a method of it or of a base it overrides (a
        template method's `self.build_model()`). None when some call of that name is on an
        object of no known class, or the method is read without being called."""
        owner = self.scope_at(method).node
        if not isinstance(owner, cst.ClassDef) or not self.flax.is_plain(owner) or is_staticmethod(method) or is_classmethod(method):
            return None
        name = method.name.value
        sites = []
        for read in self.attribute_reads(name):
            call = self.parents.get(read)
            if not isinstance(call, cst.Call) or call.func is not read:
                return None
            scope = self.scope_at(call)
            receiver = read.value
            own = self.flax.self_class(receiver, scope) if isinstance(receiver, cst.Name) else None
            if own is not None:
                if own is owner or own in self.index.subclasses(owner):
                    if self.index.defining_class(own, name) is owner:
                        sites.append((call, scope))
                elif owner in self.index.subclasses(own):  # `self` may be an object of this class
                    sites.append((call, scope))
                continue
            receiver_class = self.flax.instance_class(receiver, scope)
            if receiver_class is None:
                return None
            if self.index.defining_class(receiver_class, name) is owner:
                sites.append((call, scope))
        return sites

    def _only_cloned_by_init(self, construction: cst.Call) -> list[tuple[cst.Call, Scope, str, int]] | None:
        """For a module handed to a plain class's `__init__` that only copies it
        (`self.model = model.clone(mode="drill")`): no call runs the module itself."""
        arg = self.parents.get(construction)
        call = self.parents.get(arg)
        if not isinstance(call, cst.Call):
            return None
        owner = self.flax.local_class(call.func, self.scope_at(call))
        builder = self.index.defining_class(owner, "__init__") if owner is not None and self.flax.is_plain(owner) else None
        init = self.index.method_of(builder, "__init__") if builder is not None else None
        if init is None:
            return None
        init_scope = self.index.scope_of[init]
        params = [param for param, value in parameters_passed(init, init_scope, call, self.scope_at(call)) if value is construction]
        reads = self.index.reads_of(params[0].name.value, init_scope) if len(params) == 1 else []
        return [] if reads and all(self._cloned(read) for read in reads) else None

    def _cloned(self, read: cst.BaseExpression) -> bool:
        """Whether a read of an instance only copies it (`model.clone(adapt=False)`)."""
        attribute = self.parents.get(read)
        call = self.parents.get(attribute) if isinstance(attribute, cst.Attribute) else None
        return isinstance(call, cst.Call) and call.func is attribute and attribute.attr.value == "clone"  # type: ignore[union-attr]

    def _field_read(self, read: cst.BaseExpression, class_node: cst.ClassDef | None) -> bool:
        """Whether a read of an instance only reads one of its dataclass fields (`encoder.tile`),
        a value, not a call or a store, or asks for its class (`type(model)`)."""
        parent = self.parents.get(read)
        above = self.parents.get(parent) if isinstance(parent, cst.Arg) else None
        if isinstance(above, cst.Call) and len(above.args) == 1 and isinstance(above.func, cst.Name) and above.func.value == "type":
            return self.scope_at(above).lookup("type") is None
        if class_node is None or not isinstance(parent, cst.Attribute) or parent.value is not read:
            return False
        above = self.parents.get(parent)
        if isinstance(above, cst.Call) and above.func is parent or isinstance(above, (cst.AssignTarget, cst.AugAssign, cst.Del)):
            return False
        if isinstance(above, cst.AnnAssign) and above.target is parent:
            return False
        return any(
            isinstance(line, cst.SimpleStatementLine)
            and isinstance(line.body[0], cst.AnnAssign)
            and isinstance(line.body[0].target, cst.Name)
            and line.body[0].target.value == parent.attr.value
            for each in (class_node, *self.index.same_file_bases(class_node))
            for line in each.body.body
        )

    def _use_of(
        self, read: cst.BaseExpression, scope: Scope, class_node: cst.ClassDef | None
    ) -> tuple[cst.Call, Scope, str, int] | None:
        """What one read of an instance of `class_node` (None: a Flax class) does: `m(...)`,
        `m.init/apply(...)`, `m.method(...)` of a method the class defines; None for anything
        else (`m.bind(...)`, `m.tabulate(...)`, `jax.jit(m.apply)`, passing `m` on)."""
        parent = self.parents.get(read)
        if isinstance(parent, cst.Call) and parent.func is read:
            return parent, self.scope_at(parent), "__call__", 0
        if isinstance(parent, cst.Attribute) and parent.value is read:
            call = self.parents.get(parent)
            if not isinstance(call, cst.Call) or call.func is not parent:
                return None
            called = parent.attr.value
            if called in _ENTRY_METHODS:
                entered = entered_method(call) or self._lambda_entry(call, class_node)
                return (call, self.scope_at(call), entered, _ENTRY_METHODS[called]) if entered else None
            if class_node is None or self.index.method_of(class_node, called) is None:
                return None
            return call, self.scope_at(call), called, 0
        return None

    def _lambda_entry(self, call: cst.Call, class_node: cst.ClassDef | None) -> str | None:
        """`model.init(key, x, method=lambda m, x: m.head(m.cell(x, train=False)))`: a lambda
        that only calls the module's submodules runs none of its class's own methods, which
        `LAMBDA_ENTRY` names. None when it calls the module itself or one of its methods, or the
        class is not known."""
        method = keyword_argument(call, "method")
        if class_node is None or not isinstance(method, cst.Lambda) or not method.params.params:
            return None
        module = method.params.params[0].name.value
        for read in self.index.reads_of(module, self.index.scope_of[method]):
            parent = self.parents.get(read)
            if not (isinstance(parent, cst.Attribute) and parent.value is read):
                return None  # `m(x)`, or the module handed on
            if self.index.defining_class(class_node, parent.attr.value) is not None:
                return None  # `m.encode(x)`
        return LAMBDA_ENTRY

    # -- where code runs ---------------------------------------------------------------------

    def scope_at(self, node: cst.CSTNode) -> Scope:
        """The scope a node sits in (its innermost function, lambda or class, or the module)."""
        current = self.parents.get(node)
        while current is not None:
            if isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return self.index.scope_of[current]
            current = self.parents.get(current)
        return self.index.module_scope

    def never_runs(self, node: cst.CSTNode, depth: int = 0) -> bool:
        """Whether `node` sits, within its function, under a branch no run this file shows takes:
        the body of an `if` (or conditional expression, or the right of `and`) whose condition is
        never true, the `else` side of one that is never false, or the code after
        `if cond: return` when `cond` is always true. `jnp.where` is not a branch. Code in a
        Linen method other than `__call__` never runs when every call of the method never does."""
        scope = self.scope_at(node)
        for condition, wanted in self._conditions(node):
            found = self.values(condition, scope)
            if found is not None and all(bool(v) != wanted for v in found):
                return True
        method = scope.node
        owner = scope.parent.node if scope.parent is not None else None
        if depth >= 3 or not isinstance(method, cst.FunctionDef) or not isinstance(owner, cst.ClassDef):
            return False
        if method.name.value in ("__call__", "setup") or not self.flax.is_linen(owner):
            return False
        calls = self.method_calls(owner, method.name.value)
        return bool(calls) and all(self.never_runs(call, depth + 1) for call, _, _ in calls)

    def only_while_initializing(self, node: cst.CSTNode) -> bool:
        """Whether `node` runs only while `init` runs: under `if self.is_initializing():`, or
        in the `else` of `if not self.is_initializing():`."""
        return True in self._initializing_conditions(node)

    def never_while_initializing(self, node: cst.CSTNode) -> bool:
        """Whether `node` never runs while `init` runs: in the `else` of
        `if self.is_initializing():`, after `if module.is_initializing(): return ...`, or under
        `if not self.is_initializing():`."""
        return False in self._initializing_conditions(node)

    def _initializing_conditions(self, node: cst.CSTNode) -> set[bool]:
        """What `<module>.is_initializing()` must be for `node` to run, over the conditions
        around it in its function."""
        needed = set()
        for condition, wanted in self._conditions(node):
            if isinstance(condition, cst.UnaryOperation) and isinstance(condition.operator, cst.Not):
                condition, wanted = condition.expression, not wanted
            if isinstance(condition, cst.Call) and isinstance(condition.func, cst.Attribute):
                if condition.func.attr.value == "is_initializing" and not condition.args:
                    needed.add(wanted)
        return needed

    def dropout_always_deterministic(self, construction: cst.Call, call: cst.Call | None) -> bool:
        """Whether a Linen `nn.Dropout` made by `construction` and run by `call` is
        deterministic in every run: Linen merges the two (`nn.merge_param`): the call's
        `deterministic` when it gives one, otherwise the construction's."""
        return self.always_switched_on(construction, call, "deterministic", 2, 1)

    def always_switched_on(
        self, construction: cst.Call, call: cst.Call | None, switch: str, made_at: int, given_at: int
    ) -> bool:
        """Whether a Linen layer's switch that both its construction (field `made_at`) and its
        call (argument `given_at`) may set, merged as `nn.merge_param` does, is true in every run:
        `deterministic` for `nn.Dropout`, `use_running_average` for `nn.BatchNorm`."""
        made = argument(construction, made_at, switch)
        given = argument(call, given_at, switch) if call is not None else None
        made_values = self.values(made, self.scope_at(construction)) if made is not None else frozenset({None})
        given_values = self.values(given, self.scope_at(call)) if given is not None and call is not None else frozenset({None})
        effective = _merge_param(made_values, given_values)
        return bool(effective) and all(v is not None and bool(v) for v in effective)

    def conditions(self, node: cst.CSTNode) -> list[tuple[cst.BaseExpression, bool]]:
        """The conditions (with the truth each needs) that must hold for `node` to run, within
        its function: the tests of the `if`s around it and of the early returns before it."""
        return self._conditions(node)

    def _conditions(self, node: cst.CSTNode) -> list[tuple[cst.BaseExpression, bool]]:
        """The conditions (with the truth each needs) that must hold for `node` to run."""
        conditions = []
        child, parent = node, self.parents.get(node)
        while parent is not None and not isinstance(child, (cst.FunctionDef, cst.Lambda)):
            if isinstance(parent, cst.If):
                if child is parent.body:
                    conditions.append((parent.test, True))
                elif child is parent.orelse:
                    conditions.append((parent.test, False))
            elif isinstance(parent, cst.IfExp):
                if child is parent.body:
                    conditions.append((parent.test, True))
                elif child is parent.orelse:
                    conditions.append((parent.test, False))
            elif isinstance(parent, cst.BooleanOperation) and child is parent.right:
                conditions.append((parent.left, isinstance(parent.operator, cst.And)))
            elif isinstance(parent, (cst.IndentedBlock, cst.Module)):
                for statement in parent.body:
                    if statement is child:
                        break
                    if isinstance(statement, cst.If) and statement.orelse is None and _leaves(statement.body):
                        conditions.append((statement.test, False))
            child, parent = parent, self.parents.get(parent)
        return [part for condition, wanted in conditions for part in _operands(condition, wanted)]


def _operands(condition: cst.BaseExpression, wanted: bool) -> list[tuple[cst.BaseExpression, bool]]:
    """A condition split into what each part must be: `a and b` true needs both true, `a or b`
    false needs both false; the whole condition is kept too."""
    parts = [(condition, wanted)]
    if isinstance(condition, cst.BooleanOperation) and isinstance(condition.operator, cst.And) == wanted:
        parts += _operands(condition.left, wanted) + _operands(condition.right, wanted)
    return parts


class _Assignments(OwnCodeVisitor):
    """The values assigned to a name in a function's own code, also by unpacking a target."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name
        self.values: list[cst.BaseExpression] = []

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            names = [target.target] if isinstance(target.target, cst.Name) else [
                e.value for e in getattr(target.target, "elements", [])
            ]
            if any(isinstance(n, cst.Name) and n.value == self.name for n in names):
                self.values.append(node.value)


def _positional_arguments(call: cst.Call, scope: Scope) -> list[cst.BaseExpression] | None:
    """A call's positional arguments with each `*name` spread out, for a name bound once to a
    tuple or list display (`graph = (x, senders, receivers)`); None when one is not known or
    a `**mapping` may fill any parameter."""
    found: list[cst.BaseExpression] = []
    for arg in call.args:
        if arg.star == "**":
            return None
        if arg.keyword is not None:
            continue
        if arg.star != "*":
            found.append(arg.value)
            continue
        bound = scope.only_binding(arg.value.value) if isinstance(arg.value, cst.Name) else None
        display = bound[1] if bound is not None and bound[0] is scope else None
        if not isinstance(display, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in display.elements):
            return None
        found += [e.value for e in display.elements]
    return found


def run_flags(flax: FlaxFile) -> RunFlags:
    """The file's flag resolver (made once per file, on first use)."""
    found = flax.index.derived.get(RunFlags)
    if not isinstance(found, RunFlags):
        found = flax.index.derived[RunFlags] = RunFlags(flax)
    return found


def _parsed_options(options: dict[str, cst.Call], arguments: tuple[object, ...]) -> dict[str, object] | None:
    """What `parse_args(arguments)` gives each option, for `--name value`, `--name=value` and
    switches (`store_true`, `store_false`), converted by `type=int` or `float`; None when an
    argument or an option's default is not read here."""
    by_flag = {
        flag: dest
        for dest, call in options.items()
        for arg in call.args
        if arg.keyword is None and isinstance(arg.value, cst.SimpleString) and isinstance(flag := arg.value.evaluated_value, str)
    }
    if any(not flag.startswith("-") for flag in by_flag):
        return None  # a positional argument: not read here
    parsed: dict[str, object] = {}
    for dest, call in options.items():
        action, default = keyword_argument(call, "action"), keyword_argument(call, "default")
        switch = action.evaluated_value if isinstance(action, cst.SimpleString) else None
        if switch in _SWITCH_ACTIONS:
            parsed[dest] = switch == "store_false"
        elif default is None:
            parsed[dest] = None
        else:
            try:
                parsed[dest] = ast.literal_eval(cst.Module([]).code_for_node(default))
            except (ValueError, SyntaxError):
                continue  # not known, unless given
    words = list(arguments)
    while words:
        word = words.pop(0)
        if not isinstance(word, str) or not word.startswith("-"):
            return None
        flag, _, inline = word.partition("=")
        dest = by_flag.get(flag)
        if dest is None:
            return None
        call = options[dest]
        action = keyword_argument(call, "action")
        switch = action.evaluated_value if isinstance(action, cst.SimpleString) else None
        if switch in _SWITCH_ACTIONS:
            parsed[dest] = switch == "store_true"
            continue
        if action is not None or (not inline and not words):
            return None
        value = inline if inline else words.pop(0)
        converter = keyword_argument(call, "type")
        kind = converter.value if isinstance(converter, cst.Name) else "str" if converter is None else None
        if kind not in ("int", "float", "str"):
            return None
        try:
            parsed[dest] = {"int": int, "float": float, "str": str}[kind](value)
        except ValueError:
            return None
    return parsed


def _option_destination(call: cst.Call) -> str | None:
    """Where `argparse` stores an option: its `dest=`, else its first long flag (`--max-hours`
    stores `max_hours`), else its first flag or its positional name."""
    dest = keyword_argument(call, "dest")
    if dest is not None:
        return dest.evaluated_value if isinstance(dest, cst.SimpleString) else None  # type: ignore[return-value]
    flags = [arg.value.evaluated_value for arg in call.args if arg.keyword is None and isinstance(arg.value, cst.SimpleString)]
    if not flags or not all(isinstance(flag, str) for flag in flags):
        return None
    long_flags = [flag for flag in flags if flag.startswith("--")]  # type: ignore[union-attr]
    chosen = long_flags[0] if long_flags else flags[0]
    return chosen.lstrip("-").replace("-", "_")  # type: ignore[union-attr]


def _merge_param(made: Values, given: Values) -> Values:
    """What Linen's `merge_param(name, made, given)` gives: `given` where it is not None, else
    `made` (when both are None or both are set it raises, and nothing after it runs)."""
    if made is None or given is None:
        return None
    merged = {v for v in given if v is not None}
    if None in given:
        merged |= made
    return frozenset(merged)


class _AttributeStores(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: dict[str, int] = {}  # each attribute name, with how many statements store it
        # of those, the stores on `self` in an `__init__`: they set up an object being built
        self.in_init: dict[str, int] = {}
        self.functions: list[cst.FunctionDef] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.functions.append(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.functions.pop()

    def _add(self, name: str) -> None:
        self.names[name] = self.names.get(name, 0) + 1

    def _target(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Attribute):
            self._add(target.attr.value)
            function = self.functions[-1] if self.functions else None
            first = function.params.params[0].name.value if function is not None and function.params.params else None
            if function is not None and function.name.value == "__init__" and isinstance(target.value, cst.Name) and target.value.value == first:
                self.in_init[target.attr.value] = self.in_init.get(target.attr.value, 0) + 1
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._target(element.value)

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._target(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._target(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._target(node.target)

    def visit_Call(self, node: cst.Call) -> None:
        name = node.func.attr.value if isinstance(node.func, cst.Attribute) else getattr(node.func, "value", None)
        if name in ("setattr", "__setattr__") and len(node.args) >= 2:
            attribute = node.args[1].value
            if isinstance(attribute, cst.SimpleString):
                self._add(attribute.value.strip("\"'"))


def _is_string_statement(statement: cst.BaseStatement) -> bool:
    """A docstring: a statement that is only a string."""
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _limited(values: frozenset[object]) -> Values:
    return values if len(values) <= MAX_VALUES else None


DATACLASS_REPLACE = "dataclasses.replace"


def _overrides(call: cst.Call, field: str) -> bool:
    """`module.clone(field=...)` or `module.replace(field=...)`, which make a copy with it set."""
    return (
        isinstance(call.func, cst.Attribute)
        and call.func.attr.value in ("clone", "replace")
        and any(a.star == "**" or (a.keyword is not None and a.keyword.value == field) for a in call.args)
    )


def _leaves(suite: cst.BaseSuite) -> bool:
    """Whether a block ends with `return` or `raise`."""
    statements = suite.body if isinstance(suite, cst.IndentedBlock) else [suite]
    last = statements[-1] if statements else None
    if isinstance(last, cst.SimpleStatementLine):
        return any(isinstance(s, (cst.Return, cst.Raise)) for s in last.body)
    if isinstance(last, cst.SimpleStatementSuite):
        return any(isinstance(s, (cst.Return, cst.Raise)) for s in last.body)
    return False


class _ParentRecorder(SemanticVisitor):
    def __init__(self, flags: RunFlags) -> None:
        self.flags = flags
        self.stack: list[cst.CSTNode] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self.stack:
            self.flags.parents[node] = self.stack[-1]
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            self.flags.attribute_calls.append(node)
        self.stack.append(node)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.stack.pop()


class _MethodReferences(cst.CSTVisitor):
    """Whether code refers to a method of a class (`self.<method>`, or `self` for `__call__`)
    other than as the callee of the given calls."""

    def __init__(self, flags: RunFlags, class_node: cst.ClassDef, method: str, callees: set[cst.CSTNode]) -> None:
        self.flags = flags
        self.class_node = class_node
        self.method = method
        self.callees = callees
        self.other = False

    def _own_self(self, node: cst.BaseExpression) -> bool:
        return isinstance(node, cst.Name) and self.flags.flax.self_class(node, self.flags.scope_at(node)) is self.class_node

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if node.attr.value == self.method and node not in self.callees and self._own_self(node.value):
            self.other = True
        return not self._own_self(node.value)  # `self.x` is no use of `self` itself

    def visit_Name(self, node: cst.Name) -> None:
        if self.method == "__call__" and node not in self.callees and self._own_self(node):
            parent = self.flags.parents.get(node)
            if not isinstance(parent, cst.Param):
                self.other = True


class _OwnCalls(cst.CSTVisitor):
    """The `self(...)` calls in a class's methods: each runs the class's `__call__`."""

    def __init__(self, flags: RunFlags, class_node: cst.ClassDef) -> None:
        self.flags = flags
        self.class_node = class_node
        self.calls: list[tuple[cst.Call, Scope]] = []

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name):
            scope = self.flags.scope_at(node)
            if self.flags.flax.self_class(node.func, scope) is self.class_node:
                self.calls.append((node, scope))


class _SelfAttributeUses(cst.CSTVisitor):
    """The uses of `self.<attribute>` in a class's methods: calls of it (`self.attr(...)`,
    `self.attr.method(...)`), and whether it is used any other way (`escapes`)."""

    def __init__(
        self,
        flags: RunFlags,
        class_node: cst.ClassDef,
        attribute: str,
        assigned: cst.CSTNode | None = None,
        instance_of: cst.ClassDef | None = None,
    ) -> None:
        self.flags = flags
        self.class_node = class_node
        self.attribute = attribute
        self.assigned = assigned
        self.instance_of = instance_of  # the class of the module stored in `self.<attribute>`
        self.calls: list[tuple[cst.Call, Scope]] = []
        self.instance_uses: list[tuple[cst.Call, Scope, str, int]] = []
        self.escapes = False

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node is self.assigned or node.attr.value != self.attribute or not isinstance(node.value, cst.Name):
            return
        scope = self.flags.scope_at(node)
        if self.flags.flax.self_class(node.value, scope) is not self.class_node:
            return
        parent = self.flags.parents.get(node)
        if isinstance(parent, cst.Call) and parent.func is node:
            self.calls.append((parent, scope))
        use = self.flags._use_of(node, scope, self.instance_of)
        if use is None:
            self.escapes = True
        else:
            self.instance_uses.append(use)


class _AttributeReads(cst.CSTVisitor):
    """Every `<x>.<attr>` of a file that is not the target of an assignment, by attribute."""

    def __init__(self) -> None:
        self.reads: dict[str, list[cst.Attribute]] = {}

    def visit_AssignTarget(self, node: cst.AssignTarget) -> bool:
        if isinstance(node.target, cst.Attribute):
            walk(node.target.value, self)
            return False
        return True

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.reads.setdefault(node.attr.value, []).append(node)
