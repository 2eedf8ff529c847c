"""Joining static findings with what the runtime saw: each static finding becomes `confirmed`
(the failure or mismatch was seen at that body, class or call), `refuted` (the code ran there and
was fine), or `not-reached`. Runtime findings (SCN9xx) that repeat a confirmed static finding are
dropped; the rest are reported as runtime-only.

This module works on the JSON form of the observation (what the child process writes), so the
`scanlint trace` parent never imports JAX.

Locating: a loop rule's finding lies inside the body (its return statement or the offending call),
so it is matched to the innermost observed body whose source span contains its line. SCN301/302
are matched to the pytree class or its flatten function; SCN303 to the line of the jitted call.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from scanlint.findings import Finding, Fix, Severity
from scanlint.runtime.codes import (
    FLAX_RNG_DRAWN_ONCE,
    FLAX_VARIABLE_IN_BODY,
    RUNTIME_BODY_NOT_PAIR,
    RUNTIME_CARRY_MISMATCH,
    UNEXPECTED_RECOMPILE,
    WEAK_TYPE_CARRY_RECOMPILE,
)

CONFIRMED = "confirmed"
REFUTED = "refuted"
NOT_REACHED = "not-reached"

# Errors that mean Flax or JAX state escaped or was touched across a trace boundary.
STATE_ERRORS = {
    "UnexpectedTracerError",
    "ModifyScopeVariableError",
    "TraceContextError",
    "JaxTransformError",
    "ScopeParamShapeError",
    "ConcretizationTypeError",
}
_LOOP_PRIMITIVE = {"SCN205": "fori_loop", "SCN206": "while_loop"}
# Runtime findings that repeat what a confirmed static finding of these codes already says.
_RUNTIME_REPEATS = {"SCN905": ("SCN103",), "SCN906": ("SCN101", "SCN102", "SCN104")}


@dataclass
class Observation:
    """What a target run produced, in JSON form: loop records (`LoopRecord.to_json()`), jitted
    functions (`FunctionCompiles.to_json()`) and the user files the target imported."""

    loops: list[dict[str, Any]]
    functions: list[dict[str, Any]]
    files: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"loops": self.loops, "functions": self.functions, "files": self.files}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Observation:
        return cls(list(data.get("loops", [])), list(data.get("functions", [])), list(data.get("files", [])))

    @classmethod
    def collect(cls, seen: Any = None, counts: Any = None, files: list[str] | None = None) -> Observation:
        """From an in-process `observe_scans()` / `count_compiles()` pair."""
        loops = [r.to_json() for r in seen.records] if seen is not None else []
        functions = [f.to_json() for f in counts.functions] if counts is not None else []
        return cls(loops, functions, list(files or []))

    def runtime_findings(self) -> list[Finding]:
        """SCN901-904 from the records (rebuilt from JSON, so JAX is not needed)."""
        found: list[Finding] = []
        for loop in self.loops:
            found.extend(findings_for_loop(loop))
        for function in self.functions:
            found.extend(findings_for_function(function))
        return sorted(set(found))


@dataclass(frozen=True)
class Verdict:
    finding: Finding
    runtime: str  # confirmed, refuted, not-reached
    evidence: str
    origin: str = "static"  # or "runtime" for SCN9xx findings no static rule made

    def to_json(self) -> dict[str, Any]:
        return {**self.finding.to_json(), "runtime": self.runtime, "evidence": self.evidence, "origin": self.origin}


def _same_file(a: str, b: str) -> bool:
    return os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b))


def _contains(location: dict[str, Any] | None, path: str, line: int) -> bool:
    if not location:
        return False
    end = location.get("end_line") or location["line"]
    return location["line"] <= line <= end and _same_file(location["path"], path)


def _where(location: dict[str, Any]) -> str:
    return f"{_display(location['path'])}:{location['line']}"


def _display(path: str) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative


def _innermost_loops(finding: Finding, loops: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if finding.code == "SCN208":
        return _cond_loops(finding, loops)
    wanted = _LOOP_PRIMITIVE.get(finding.code)
    holding = [
        loop for loop in loops
        if _contains(loop["body"], finding.path, finding.line) and (wanted is None or loop["primitive"] == wanted)
    ]  # fmt: skip
    if not holding:
        return []
    span = min((loop["body"].get("end_line") or loop["body"]["line"]) - loop["body"]["line"] for loop in holding)
    return [loop for loop in holding if (loop["body"].get("end_line") or loop["body"]["line"]) - loop["body"]["line"] == span]


def _cond_loops(finding: Finding, loops: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A `cond_fun` is not observed itself: its finding joins the while_loops of its file whose
    trace failed on the cond, when there is exactly one, or else the file's while_loops."""
    same_file = [
        loop for loop in loops
        if loop["primitive"] == "while_loop" and _same_file(loop["call_site"]["path"], finding.path)
    ]  # fmt: skip
    failed = [loop for loop in same_file if "cond_fun" in (loop.get("error") or "")]
    return failed if len(failed) == 1 else same_file


def _loop_evidence(code: str, loop: dict[str, Any]) -> str | None:
    """Why `loop` confirms a finding of rule `code`, or None when it does not."""
    site = _where(loop["call_site"])
    error_type = loop.get("error_type")
    changes = loop.get("changes", [])
    if code in ("SCN101", "SCN102", "SCN104"):
        if loop.get("flax_params_created"):
            return f"Flax parameters created while the body was traced: {', '.join(loop['flax_params_created'])} ({site})"
        if error_type in STATE_ERRORS:
            return f"the body raised {error_type} ({site})"
    elif code == "SCN103":
        if loop.get("flax_rngs_drawn"):
            return f"make_rng({', '.join(map(repr, loop['flax_rngs_drawn']))}) drawn once at trace time for every step ({site})"
    elif code == "SCN105":
        if error_type in STATE_ERRORS:
            return f"the body raised {error_type} ({site})"
    elif code in ("SCN201", "SCN202"):
        if loop.get("returns_pair") is False:
            return f"the body returned {loop.get('carry_out')}, not a (carry, out) pair ({site})"
    elif code == "SCN203":
        drift = [c for c in [*changes, *loop.get("promoted", [])] if c["kind"] == "dtype"]
        if drift:
            return "; ".join(f"{c['path']}: {c['before']} -> {c['after']}" for c in drift) + f" ({site})"
    elif code == "SCN204":
        drift = [c for c in changes if c["kind"] == "shape"]
        if drift:
            return "; ".join(f"{c['path']}: {c['before']} -> {c['after']}" for c in drift) + f" ({site})"
    elif code == "SCN208":
        if "cond_fun must return a boolean scalar" in (loop.get("error") or ""):
            return f"JAX raised: {loop['error'].splitlines()[0]} ({site})"
    elif code in ("SCN205", "SCN206", "SCN207"):
        drift = [c for c in changes if c["kind"] == "structure"]
        if drift:
            return "; ".join(f"{c['path']}: {c['before']} -> {c['after']}" for c in drift) + f" ({site})"
    return None


def _judge_loop_finding(finding: Finding, loops: list[dict[str, Any]]) -> tuple[str, str, list[dict[str, Any]]]:
    holding = _innermost_loops(finding, loops)
    if not holding:
        return NOT_REACHED, "no observed loop body contains this line", []
    confirming = [(loop, why) for loop in holding if (why := _loop_evidence(finding.code, loop))]
    if confirming:
        return CONFIRMED, confirming[0][1], [loop for loop, _ in confirming]
    traced = [loop for loop in holding if loop.get("ok") is not None]
    if not traced:
        return NOT_REACHED, "the body was not traced while observed", []
    first = traced[0]
    summary = f"{first.get('carry_in')} -> {first.get('carry_out')}" if first.get("carry_out") else "traced"
    return REFUTED, f"the body ran without this problem: carry {summary} ({_where(first['call_site'])})", []


def _judge_metadata_finding(finding: Finding, functions: list[dict[str, Any]]) -> tuple[str, str, list[dict[str, Any]]]:
    def located(entry: dict[str, Any]) -> bool:
        return (
            _contains(entry.get("type_location"), finding.path, finding.line)
            or _contains(entry.get("flatten_location"), finding.path, finding.line)
            or registered_here(entry)
        )

    def registered_here(entry: dict[str, Any]) -> bool:
        """A flatten function of another file is reported at this file's registration of the
        type, a line no runtime location spans: matched by the type's file and the name the
        finding gives it."""
        type_location, flatten_location = entry.get("type_location"), entry.get("flatten_location")
        if type_location is None or flatten_location is None or "type" not in entry:
            return False
        name = str(entry["type"]).rsplit(".", 1)[-1]
        return (
            _same_file(type_location["path"], finding.path)
            and not _same_file(flatten_location["path"], finding.path)
            and f"returns for `{name}`" in finding.message
        )

    confirming = [
        (function, array) for function in functions for array in function.get("metadata_arrays", []) if located(array)
    ]
    if confirming:
        function, array = confirming[0]
        compiled = f"; {function['function']} compiled {function['compiles']} times" if function["compiles"] > 1 else ""
        return (
            CONFIRMED,
            f"{array['type']} {array['field']} held {array['value']} in a call of {function['function']}{compiled}",
            [function for function, _ in confirming],
        )
    if any(located(info) for function in functions for info in function.get("pytree_types", [])):
        return REFUTED, "instances reached jitted functions with no array in their metadata", []
    return NOT_REACHED, "no instance of this pytree class reached a jitted function", []


def _judge_static_arg_finding(finding: Finding, functions: list[dict[str, Any]]) -> tuple[str, str, list[dict[str, Any]]]:
    for function in functions:
        for static in function.get("static_arrays", []):
            if _contains(static.get("call_site"), finding.path, finding.line):
                return CONFIRMED, f"static argument {static['argument']} was {static['value']}", [function]
    for function in functions:
        # The annotation form: the finding is on the jitted function's definition.
        definition = {"path": function["path"], "line": function["line"], "end_line": function.get("end_line")}
        for static in function.get("static_arrays", []):
            if _contains(definition, finding.path, finding.line):
                where = _where(static["call_site"]) if static.get("call_site") else "a call"
                return CONFIRMED, f"static argument {static['argument']} was {static['value']} ({where})", [function]
    for function in functions:
        if any(_contains(site, finding.path, finding.line) for site in function.get("call_sites", [])):
            return REFUTED, f"{function['function']} was called here with hashable static arguments", []
    return NOT_REACHED, "no jitted call from this line was observed", []


def join(static: list[Finding], observation: Observation) -> list[Verdict]:
    """Verdicts for every static finding, then the runtime-only findings, in file order."""
    verdicts: list[Verdict] = []
    confirmed_bodies: set[tuple[str, int]] = set()
    confirmed_functions: set[tuple[str, int]] = set()
    confirmed_codes: set[tuple[str, tuple[str, int]]] = set()
    for finding in static:
        family = finding.code[:4]
        if family in ("SCN1", "SCN2"):
            runtime, evidence, used = _judge_loop_finding(finding, observation.loops)
            confirmed_bodies.update((loop["body"]["path"], loop["body"]["line"]) for loop in used)
            confirmed_codes.update((finding.code, (loop["body"]["path"], loop["body"]["line"])) for loop in used)
        elif finding.code in ("SCN301", "SCN302"):
            runtime, evidence, used = _judge_metadata_finding(finding, observation.functions)
            confirmed_functions.update((f["path"], f["line"]) for f in used)
        elif finding.code == "SCN303":
            runtime, evidence, used = _judge_static_arg_finding(finding, observation.functions)
            confirmed_functions.update((f["path"], f["line"]) for f in used)
        else:
            runtime, evidence = NOT_REACHED, "the runtime does not check this rule"
        verdicts.append(Verdict(finding, runtime, evidence))
    runtime: set[Finding] = set()
    for loop in observation.loops:
        body = (loop["body"]["path"], loop["body"]["line"])
        for finding in findings_for_loop(loop):
            if finding.code in ("SCN901", "SCN902") and body in confirmed_bodies:
                continue
            repeats = _RUNTIME_REPEATS.get(finding.code)
            if repeats and any((code, body) in confirmed_codes for code in repeats):
                continue
            runtime.add(finding)
    for function in observation.functions:
        for finding in findings_for_function(function):
            if (finding.path, finding.line) not in confirmed_functions:
                runtime.add(finding)
    verdicts.extend(Verdict(finding, CONFIRMED, "seen at runtime", origin="runtime") for finding in sorted(runtime))
    return sorted(verdicts, key=lambda v: (v.finding.path, v.finding.line, v.finding.column, v.finding.code))


# --- runtime findings from JSON records --------------------------------------------------------


def findings_for_loop(loop: dict[str, Any]) -> list[Finding]:
    """SCN901-903 for one loop record (JSON form). Library call sites give none."""
    if loop.get("library"):
        return []
    body, site = loop["body"], loop["call_site"]
    loop_body = f"{loop['primitive']} body {body['name']}"
    found = []
    if loop.get("returns_pair") is False:
        summary = f"{loop_body} did not return a (carry, out) pair"
        found.append(_make(
            RUNTIME_BODY_NOT_PAIR, body, f"{summary}; it returned {loop.get('carry_out')}",
            summary=summary, help="Return `carry, None` when there is no per-step output.",
        ))  # fmt: skip
    elif loop.get("changes"):
        changes = [f"{c['path']}: {c['before']} -> {c['after']}" for c in loop["changes"]]
        found.append(_make(
            RUNTIME_CARRY_MISMATCH, body, f"{loop_body} changes its carry: {'; '.join(changes)}",
            summary=_first_of(f"{loop_body} changes its carry", changes),
            help="Return the carry with the structure, shapes and dtypes it entered with.",
        ))  # fmt: skip
    for draw in loop.get("flax_rng_draws", []):
        # A warning: the body may fold the key with the step, which the runtime does not follow.
        advice = "Use nn.scan with split_rngs, or pass keys in xs"
        found.append(_make(FLAX_RNG_DRAWN_ONCE, draw["site"], (
            f"make_rng({draw['name']!r}) drawn while the {loop_body} was traced "
            f"(called at {_where(site)}): the key is drawn once for all steps, so unless it is folded with the "
            f"step (fold_in(key, t)) every step gets the same randomness. {advice}"
        ), Severity.WARNING,
            summary=f"make_rng({draw['name']!r}) drawn once for all steps of the {loop_body}",
            help=f"{advice}.",
        ))  # fmt: skip
    if loop.get("flax_params_created"):
        advice = "Create them outside the loop, or use nn.scan"
        found.append(_make(FLAX_VARIABLE_IN_BODY, body, (
            f"Flax variables created while the {loop_body} was traced: "
            f"{', '.join(loop['flax_params_created'])}; they hold the loop's tracers (apply fails with "
            f"UnexpectedTracerError). {advice}"
        ),
            summary=_first_of(f"Flax variables created while the {loop_body} was traced", loop["flax_params_created"]),
            help=f"{advice}.",
        ))  # fmt: skip
    if loop.get("weak_to_strong") and loop.get("ok"):
        changes = [f"{c['path']}: {c['before']} -> {c['after']}" for c in loop["weak_to_strong"]]
        advice = "Give the init a dtype (e.g. jnp.zeros((), jnp.float32) instead of 0.0)"
        found.append(_make(
            WEAK_TYPE_CARRY_RECOMPILE, site,
            f"weakly typed carry init becomes strongly typed: {'; '.join(changes)}; a jitted caller that feeds "
            f"this carry back in compiles twice. {advice}",
            Severity.WARNING,
            summary=_first_of("weakly typed carry init becomes strongly typed", changes),
            help=f"{advice}.",
        ))  # fmt: skip
    return found


def _first_of(what: str, items: list[str]) -> str:
    """A one-line summary naming the first item only: `what: item (and 2 more)`."""
    more = f" (and {len(items) - 1} more)" if len(items) > 1 else ""
    return f"{what}: {items[0]}{more}"


def findings_for_function(function: dict[str, Any]) -> list[Finding]:
    """SCN904 for one jitted function's record (JSON form)."""
    if not function.get("unexpected"):
        return []
    # A wrapper made anew in a loop gives one reason per wrapper: say it once, with the count.
    reasons: dict[str, int] = {}
    for reason in function["unexpected"]:
        key = re.sub(r" \(wrapper \d+\)", "", reason)
        reasons[key] = reasons.get(key, 0) + 1
    listing = [reason if times == 1 else f"{reason} ({times} times)" for reason, times in reasons.items()]
    message = (
        f"jitted function {function['function']} compiled {function['compiles']} times; recompiled for inputs of "
        f"the same structure, shapes and dtypes: {'; '.join(listing)}"
    )
    where = {"path": function["path"], "line": function["line"], "column": 1}
    summary = _first_of(f"jitted function {function['function']} compiled {function['compiles']} times", listing)
    return [_make(UNEXPECTED_RECOMPILE, where, message, summary=summary)]


def _make(
    code: Any,
    where: dict[str, Any],
    message: str,
    severity: Severity = Severity.ERROR,
    fix: Fix | None = None,
    *,
    summary: str = "",
    help: str | None = None,
) -> Finding:
    line, column = where["line"], where.get("column") or 1
    return Finding(
        where["path"], line, column, line, column, code.code, code.name, message, severity, fix, summary, help
    )
