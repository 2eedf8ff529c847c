"""SCN104 (linen-submodule-first-called-in-scan-body): Linen submodule first called inside a raw lax.scan (or fori_loop, while_loop) body.

The class docstring says what the rule flags and why; its page is `rules/SCN104.md`.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from scanlint.analysis.flax_model import (
    BodyCode,
    FlaxFile,
    flax_file,
    project_calls,
    raw_scan_bodies,
)
from scanlint.analysis.linen_apply import handed_over
from scanlint.analysis.resolver import Scope
from scanlint.analysis.submodules import (
    Submodule,
    called_before_scan,
    first_called_in_body,
    init_skips_loop,
    lifting_call,
    submodule_called,
    submodule_method_called,
    submodule_named,
    submodule_passed,
)
from scanlint.analysis.walk import walk
from scanlint.rules.base import FileContext, Report, Rule
from scanlint.rules.flax.reporting import in_loop, init_path_note


def _submodules_through_self_call(flax: FlaxFile, code: BodyCode, call: cst.Call, scope: Scope) -> list[str]:
    """`self(...)` in the body of a method `init` runs: the setup submodules `__call__` calls
    that the scanning method has not called before the scan."""
    if not isinstance(call.func, cst.Name):
        return []
    class_node = flax.linen_self(call.func, scope)
    holder = code.loop.scope.enclosing_method()
    if class_node is None or holder is None or holder[0].name.value == "__call__":
        return []
    if flax.init_path(class_node, holder[0].name.value) is None:
        return []  # only `apply` runs it: `init` went through `__call__` and built them
    call_method = flax.index.method_of(class_node, "__call__")
    if call_method is None or flax.index.method_of(class_node, "setup") is None:
        return []
    setup_scope = flax.index.scope_of[flax.index.method_of(class_node, "setup")]  # type: ignore[index]
    submodules = {
        attr
        for attr, values in flax.self_attribute_values(class_node, "setup").items()
        if values and all(isinstance(v, cst.Call) and flax.linen_module_class(v.func, setup_scope) for v in values)
    }
    self_name = flax.index.self_name(flax.index.scope_of[call_method])
    if self_name is None:
        return []
    first: list[str] = []
    for attr in sorted(submodules):
        finder = _AttributeCallIn(self_name, attr)
        walk(call_method.body, finder)
        label = f"{flax.index.self_name(code.loop.scope)}.{attr}"
        if finder.found and not called_before_scan(flax, code, Submodule(label, None)):
            first.append(label)
    return first


class _AttributeCallIn(cst.CSTVisitor):
    def __init__(self, self_name: str, attr: str) -> None:
        self.self_name = self_name
        self.attr = attr
        self.found = False

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func.value if isinstance(node.func, cst.Subscript) else node.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            if func.value.value == self.self_name and func.attr.value == self.attr:
                self.found = True


class LinenSubmoduleFirstCalledInScanBody(Rule):
    """A Linen submodule whose first call happens inside the body of a raw `jax.lax.scan`.

    Flags a call in the body of a submodule built outside it (an attribute assigned in `setup`, or
    a module constructed earlier in the same compact method) when the method holding the scan has
    not called it before the scan. Linen creates a submodule's parameters on its first call, here
    while the scan traces the body: `init` succeeds but returns leaked tracers, and `apply` raises
    `UnexpectedTracerError`. Calling it once outside the scan first (for instance on the first
    element, to build the initial carry) creates the parameters outside the trace and makes the
    later calls in the body safe, so that case is not flagged. Neither is a method that `init`
    never runs (not `__call__`, not reached from it through `self.method(...)`, not given to
    `init(..., method=...)` in the file): under `apply` a submodule some method `init` runs
    calls has its parameters already, the sampling and generation idiom, and one no such
    method calls has none to leak. A method of the submodule's own class (`self.decoder.refine(z)`)
    counts as a call of it, in the body and on the way `init` goes, also taken as a bound
    method or a `functools.partial` of one and handed to a loop wrapper (`odeint(partial(
    self.field.dynamics, scale=0.5), y0)`; calling that name before the loop is an earlier
    call). Submodules reach the
    body also through `functools.partial` (`partial(step, cell)`, `partial(step, module=self)`,
    `partial(Class.method, self)`), factories (`make_step(self.cell)`, `self.make_step()`, or
    one element of the tuple a factory returns, `step, bound = make_step(...)`), a step rebound
    to its own wrapped self (`step = jax.checkpoint(step)`),
    the branch functions `nn.cond`, `lax.cond` or `lax.switch` run in the body (also a branch
    list bound to a name), a `for layer in self.layers`
    loop in the body (a `for` loop over them before the scan is an earlier call), module-level
    loop wrappers that call what they are given in their loop body, or pass it to a helper that
    calls it (`odeint(self.field, y0, ts)`, `integrate = make_euler(n)` for a wrapper a factory
    returns; a call of it in the wrapper outside its loop is an earlier call), and functions of other
    project files that call what they are handed; those are reported where the submodule is
    handed over; so are submodules picked by a literal key from a local dict or list of them
    (`parts["dec"](z)`), and those a branch lambda captures from a comprehension
    (`lax.switch(i, [lambda z, l=l: l(z) for l in self.layers], h)`). A submodule made by
    a lifted transform (`nn.checkpoint(Block)()`, `nn.remat`, `nn.jit`, `nn.vmap`) writes its
    variables back after every call, so calling it in a body that `init` runs leaks them even
    after an earlier call: it is flagged unless the scan runs only under `apply`. A same-file
    submodule that surely creates no variable (only JAX operations, or only an `nn.Dropout`)
    has nothing to leak and is not flagged. A submodule another submodule's `setup` makes
    (`self.plant.pump`) is flagged when nothing but the body runs it: no method of the parent's
    class but `setup` uses it, and the scanning class spells it nowhere outside the body.
    """

    CODE = "SCN104"
    BAD = """\
import flax.linen as nn
import jax
import jax.numpy as jnp

class CellRNN(nn.Module):
    hidden: int

    def setup(self):
        self.cell = nn.Dense(self.hidden)

    def __call__(self, xs):
        def step(carry, x):
            h = jnp.tanh(self.cell(carry) + x)
            return h, h

        return jax.lax.scan(step, jnp.zeros(self.hidden), xs)
"""
    GOOD = """\
import flax.linen as nn
import jax
import jax.numpy as jnp

class CellRNN(nn.Module):
    hidden: int

    def setup(self):
        self.cell = nn.Dense(self.hidden)

    def __call__(self, xs):
        first = jnp.tanh(self.cell(xs[0]))

        def step(carry, x):
            h = jnp.tanh(self.cell(carry) + x)
            return h, h

        return jax.lax.scan(step, first, xs[1:])
"""

    def check(self, context: FileContext) -> Iterator[Report]:
        for flax, code in raw_scan_bodies(context.index):
            if init_skips_loop(flax, code):
                continue
            reported: set[str] = set()  # submodules named by a report on `self(...)`
            for call, scope in code.calls:
                through_call = _submodules_through_self_call(flax, code, call, scope)
                reported.update(through_call)
                if through_call:
                    advice = (
                        "Run `init` through `__call__` (the default) so every submodule exists before "
                        "the loop, or lift the loop with `nn.scan`."
                    )
                    yield in_loop(code, Report(
                        call,
                        f"`{context.module.code_for_node(call.func)}(...)` inside a raw lax.scan body "
                        f"runs `__call__`, which calls {', '.join(f'`{s}`' for s in through_call)} "
                        f"for the first time{init_path_note(flax, code, always=True)}: their "
                        "parameters are created while the scan traces the body, so `init` succeeds "
                        f"but returns leaked tracers and `apply` raises `UnexpectedTracerError`. {advice}",
                        summary=_first_calls_summary(context.module.code_for_node(call.func), through_call),
                        help=advice,
                    ))
                    continue
                through_method = submodule_method_called(flax, code, call, scope)
                submodule = (
                    submodule_called(flax, code, call, scope)
                    or submodule_passed(flax, code, call, scope)
                    or (through_method[0] if through_method is not None else None)
                )
                if submodule is not None and submodule.label not in reported and first_called_in_body(flax, code, submodule):
                    node = handed_over(code, call, scope)
                    if node is not call:  # called in the wrapper: reported where this file hands it over
                        reported.add(submodule.label)
                        by = f" (by `{code.wrapper}`)"
                        yield in_loop(code, _first_call_report(flax, code, submodule, node, by))
                        continue
                    yield in_loop(code, _first_call_report(flax, code, submodule, call))
        flax = flax_file(context.index)
        for project_call in project_calls(flax):
            function = project_call.function
            for parameter, value in project_call.filled:
                handed: list[cst.BaseExpression] = []
                if parameter in function.called:
                    handed.append(value)
                if flax.linen_self(value, project_call.scope) is not None:
                    handed += [cst.Attribute(value, cst.Name(a)) for a in function.attributes_called.get(parameter, [])]
                for node in handed:
                    submodule = submodule_named(flax, project_call.code, node, project_call.scope)
                    if submodule is not None and first_called_in_body(flax, project_call.code, submodule):
                        by = f" (by `{function.name}`, in `{function.file}`)"
                        yield in_loop(project_call.code, _first_call_report(flax, project_call.code, submodule, value, by))
                        break


def _first_call_report(
    flax: FlaxFile, code: BodyCode, submodule: Submodule, node: cst.CSTNode, by: str = ""
) -> Report:
    where = init_path_note(flax, code)
    lifting = lifting_call(flax, submodule)
    if lifting is not None:
        transform = flax.index.module.code_for_node(lifting.func)
        summary = (
            f"Linen submodule `{submodule.label}` (a `{transform}` module) is called inside a raw "
            f"lax.scan body that `init` runs{by}"
        )
        advice = "Lift the loop with `nn.scan`, or call the submodule outside the loop only."
        return Report(
            node,
            f"{summary}{where}: a lifted module writes its variables back after each call, so "
            "even after an earlier call `init` returns its parameters as leaked tracers and "
            f"`apply` raises `UnexpectedTracerError`. {advice}",
            summary=summary,
            help=advice,
        )
    summary = f"Linen submodule `{submodule.label}` is first called inside a raw lax.scan body{by}"
    advice = (
        "Call it once outside the scan before the loop (for "
        "instance to build the initial carry) so its parameters exist, or lift the "
        "loop with `nn.scan`."
    )
    return Report(
        node,
        f"{summary}{where}: its parameters are created while the scan traces the body, so "
        "`init` succeeds but returns leaked tracers and `apply` raises "
        f"`UnexpectedTracerError`. {advice}",
        summary=summary,
        help=advice,
    )


def _first_calls_summary(called: str, submodules: list[str]) -> str:
    more = f" and {len(submodules) - 1} more" if len(submodules) > 1 else ""
    return f"`{called}(...)` inside a raw lax.scan body makes the first call of `{submodules[0]}`{more}"
