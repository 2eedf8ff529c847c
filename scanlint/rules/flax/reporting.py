"""The wording SCN1xx reports share: the loop a finding sits in, and the init path that runs it.
"""

from __future__ import annotations

import re

import libcst as cst

from scanlint.analysis.flax_model import BodyCode, FlaxFile
from scanlint.analysis.resolver import Scope
from scanlint.rules.base import Report


def in_loop(code: BodyCode, report: Report) -> Report:
    """A report worded for the loop the body belongs to. The pitfalls are the same in the body
    of a `fori_loop` or `while_loop` (each traces its body once); the words say which loop it
    is and which lifted loop replaces it, and no fix is offered there (fixes are proven on scans)."""
    kind = code.loop.kind
    if kind == "scan":
        return report
    lifted = {"fori_loop": ("`nn.scan`", "`nnx.fori_loop`"), "while_loop": ("`nn.while_loop`", "`nnx.while_loop`")}[kind]

    def reworded(text: str | None) -> str | None:
        if text is None:
            return None
        for scan_words, loop_words in (
            ("raw lax.scan body", f"raw lax.{kind} body"),
            ("while the scan traces", "while the loop traces"),
            ("as soon as the scan traces", "as soon as the loop traces"),
            ("tracers of the scan", "tracers of the loop"),
            ("tracer of the scan", "tracer of the loop"),
            ("`nn.scan`", lifted[0]),
            ("`nnx.scan`", lifted[1]),
            ("the scan's per-step output and sow the stacked result", "part of the loop value and sow it"),
            ("the scan's outputs (`ys`)", "part of the loop value"),
            ("the scan's output", "part of the loop value"),
            ("after the scan", "after the loop"),
            ("outside the scan before the loop", "before the loop"),
            ("outside the scan", "outside the loop"),
        ):
            text = text.replace(scan_words, loop_words)
        # Per-step keys: `xs` is the scan's; a fori_loop picks them by its index, a while_loop
        # carries a key and splits it.
        per_step = r"pass (the )?per-step keys as `xs` \(`(jax\.random\.split\([^`]*\))`\)"
        if kind == "fori_loop":
            return re.sub(per_step, r"pick per-step keys by the loop index (`\2[i]`)", text)
        text = re.sub(per_step + ", or carry the key and split it each step", "or carry the key in the loop value and split it each step", text)
        return re.sub(r"Split the key (outside the loop )?and " + per_step, "Draw a key before the loop, carry it in the loop value and split it each step", text)

    return Report(report.node, reworded(report.message) or "", None, reworded(report.summary), reworded(report.help))


def init_path_note(flax: FlaxFile, code: BodyCode, always: bool = False) -> str:
    """` (init runs `__call__` -> `encode` -> this scan)` when `init` reaches the scan through
    more than `__call__` itself (or at all, with `always`); empty otherwise."""
    holder = code.loop.scope.enclosing_method()
    wrapper = f" (the scan in `{code.wrapper}`, which {_caller_name(code.loop.scope)} calls)" if code.wrapper else ""
    if holder is None:
        return wrapper
    path = flax.init_path(holder[1], holder[0].name.value)
    if not path or (path == ["__call__"] and not always):
        return wrapper
    scan = f"`{code.wrapper}` -> its scan" if code.wrapper else "this scan"
    return f" (`init` runs {' -> '.join(f'`{m}`' for m in path)} -> {scan})"


def _caller_name(scope: Scope) -> str:
    """How a message names the function a call sits in: `NeuralODE.__call__`, `train`."""
    method = scope.enclosing_method()
    if method is not None:
        return f"`{method[1].name.value}.{method[0].name.value}`"
    node = scope.node
    return f"`{node.name.value}`" if isinstance(node, cst.FunctionDef) else "the module's top level"


def short_code(module: cst.Module, node: cst.CSTNode, limit: int = 32) -> str:
    """A callee's code for a one-line summary: `nnx.vmap(...)` for a long or multi-line call."""
    text = module.code_for_node(node)
    if len(text) <= limit and "\n" not in text:
        return text
    if isinstance(node, cst.Call):
        return f"{short_code(module, node.func, limit)}(...)"
    return text.splitlines()[0][:limit] + "..."
