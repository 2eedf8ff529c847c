"""The `scanlint trace` report: JSON with stable keys, and the readable text form.

JSON keys: `target`, `status` (outcome, exit_code, error, traceback, stdout_tail, stderr_tail),
`scans` (each with `call_site`, `body`, `carry_in`, `carry_out`, `ok`, `error`, and details),
`compiles` (each with `function`, `path`, `line`, `calls`, `traces`, `compiles`, `compile_seconds`,
`wrappers`, `jit_site`, `reasons`),
`findings` (each finding's fields plus `runtime`: confirmed|refuted|not-reached, `evidence` and
`origin`: static|runtime), `static_error` (why static findings are missing, or null) and `summary`.
"""

from __future__ import annotations

import os
from typing import Any

from scanlint.findings import Finding
from scanlint.reporters import read_lines, render_finding
from scanlint.runtime.join import CONFIRMED, Observation, Verdict


def _display(path: str) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative


def _site(location: dict[str, Any]) -> dict[str, Any]:
    return {
        "path": _display(location["path"]),
        "line": location["line"],
        "column": location.get("column", 1),
        "function": location.get("name", ""),
    }


def _body(location: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": location.get("name", ""),
        "path": _display(location["path"]),
        "line": location["line"],
        "end_line": location.get("end_line"),
    }


def build(
    target: str, status: dict[str, Any], observation: Observation, verdicts: list[Verdict], static_error: str | None
) -> dict[str, Any]:
    scans = [
        {
            "primitive": loop["primitive"],
            "call_site": _site(loop["call_site"]),
            "body": _body(loop["body"]),
            "carry_in": loop["carry_in"],
            "carry_out": loop["carry_out"],
            "xs": loop.get("xs"),
            "ok": loop["ok"],
            "error": loop["error"],
            "changes": [f"{c['path']}: {c['before']} -> {c['after']}" for c in loop.get("changes", [])],
            "weak_to_strong": [f"{c['path']}: {c['before']} -> {c['after']}" for c in loop.get("weak_to_strong", [])],
            "library": loop["library"],
            "calls": loop["calls"],
            "traces": loop["traces"],
        }
        for loop in observation.loops
    ]
    compiles = [
        {
            "function": function["function"],
            "path": _display(function["path"]),
            "line": function["line"],
            "calls": function["calls"],
            "traces": function["traces"],
            "compiles": function["compiles"],
            "compile_seconds": function.get("compile_seconds", 0.0),
            "wrappers": function.get("wrappers", 1),
            "jit_site": {"path": _display(function["jit_path"]), "line": function["jit_line"]} if function.get("jit_path") else None,
            "reasons": function["reasons"],
            "errors": function.get("errors", []),
        }
        for function in observation.functions
    ]
    findings = [verdict.to_json() | {"path": _display(verdict.finding.path)} for verdict in verdicts]
    # Confirmed errors and advisory warnings are counted apart: only errors make the exit status 1.
    confirmed = [f for f in findings if f["runtime"] == CONFIRMED]
    errors = [f for f in confirmed if f["severity"] == "error"]
    summary = {
        "confirmed": len(errors),
        "refuted": sum(1 for f in findings if f["runtime"] == "refuted"),
        "not-reached": sum(1 for f in findings if f["runtime"] == "not-reached"),
        "warnings": len(confirmed) - len(errors),
        "runtime_only": sum(1 for f in errors if f["origin"] == "runtime"),
        "scans": len(scans),
        "scans_failed": sum(1 for s in scans if s["ok"] is False),
        "jitted_functions": len(compiles),
        "compiles": sum(c["compiles"] for c in compiles),
    }
    return {
        "target": target,
        "status": status,
        "scans": scans,
        "compiles": compiles,
        "findings": findings,
        "static_error": static_error,
        "summary": summary,
    }


def has_problems(report: dict[str, Any]) -> bool:
    """A confirmed static finding or a runtime-only error: what makes `scanlint trace` exit 1.
    Warnings (a weakly typed init that could cost a recompile, SCN903) are reported only."""
    return any(f["runtime"] == CONFIRMED and f["severity"] == "error" for f in report["findings"])


def render_text(report: dict[str, Any]) -> str:
    lines: list[str] = []
    status = report["status"]
    lines.append(f"scanlint trace {report['target']}: {_outcome_text(status)}")
    if status.get("traceback"):
        lines.append("  " + "\n  ".join(status["traceback"].splitlines()[-12:]))
    elif status.get("stderr_tail") and status["outcome"] not in ("ok",):
        lines.append("  stderr (last lines):")
        lines.append("  " + "\n  ".join(status["stderr_tail"].splitlines()[-12:]))

    observed_nothing = not (report["scans"] or report["compiles"] or report["findings"] or report["static_error"])
    if status["outcome"] != "ok" and observed_nothing:  # empty sections would only repeat "none"
        return "\n".join(lines) + "\n"

    user_scans = [s for s in report["scans"] if not s["library"]]
    library_scans = len(report["scans"]) - len(user_scans)
    lines.append("")
    lines.append(f"Loops ({len(user_scans)} call sites in your code, {library_scans} inside libraries):")
    for scan in user_scans:
        site, body = scan["call_site"], scan["body"]
        verdict = {True: "ok", False: "FAILED", None: "not traced"}[scan["ok"]]
        lines.append(
            f"  {site['path']}:{site['line']}:{site['column']} {scan['primitive']} body {body['name']} "
            f"(line {body['line']}): carry {scan['carry_in']} -> {scan['carry_out'] or '?'}  [{verdict}]"
        )
        for change in scan["changes"]:
            lines.append(f"      changed: {change}")
        for change in scan["weak_to_strong"]:
            lines.append(f"      weak -> strong: {change}")
        if scan["error"]:
            lines.append(f"      error: {scan['error'].splitlines()[0][:160]}")
    if not user_scans:
        lines.append("  none")

    lines.append("")
    lines.append(f"Jitted functions ({len(report['compiles'])}):")
    for function in report["compiles"]:
        details = [f"{function['calls']} calls", f"{function['traces']} traces", f"{function['compiles']} compiles"]
        if function["compile_seconds"]:
            details.append(f"{function['compile_seconds']:.2f} s tracing and compiling")
        site = function["jit_site"]
        if function["wrappers"] > 1 and site:
            details.append(f"{function['wrappers']} jax.jit wrappers made at {site['path']}:{site['line']}")
        elif site and (site["path"], site["line"]) != (function["path"], function["line"]):
            details.append(f"jitted at {site['path']}:{site['line']}")
        lines.append(f"  {function['path']}:{function['line']} {function['function']}: {', '.join(details)}")
        for number, reason in enumerate(function["reasons"], start=1):
            lines.append(f"      compile {number}: {reason}")
        for error in function["errors"][:3]:
            lines.append(f"      error: {error.splitlines()[0][:160]}")
    if not report["compiles"]:
        lines.append("  none")

    lines.append("")
    lines.append("Findings:")
    if report["static_error"]:
        lines.append(f"  (static findings unavailable: {report['static_error']})")
    blocks = []
    for finding in report["findings"]:
        label = "runtime-only" if finding["origin"] == "runtime" else finding["runtime"]
        if finding["runtime"] == CONFIRMED and finding["severity"] != "error":
            label += f" {finding['severity']}"
        note = ("runtime", f"{label} - {finding['evidence']}")
        blocks.append(render_finding(Finding.from_json(finding), read_lines(finding["path"]), notes=[note]).rstrip("\n"))
    lines.append("\n\n".join(blocks) if blocks else "  none")
    summary = report["summary"]
    lines.append("")
    lines.append(
        f"{summary['confirmed']} confirmed ({summary['runtime_only']} runtime-only), {summary['refuted']} refuted, "
        f"{summary['not-reached']} not reached, {summary['warnings']} advisory "
        f"{'warning' if summary['warnings'] == 1 else 'warnings'}; {summary['scans']} loop records, "
        f"{summary['compiles']} compiles"
    )
    return "\n".join(lines) + "\n"


def _outcome_text(status: dict[str, Any]) -> str:
    outcome = status["outcome"]
    if outcome == "ok":
        return "ran to completion"
    if outcome == "exit":
        return f"exited with status {status['exit_code']}"
    if outcome == "tests-failed":
        return f"tests failed (pytest exit status {status['exit_code']})"
    if outcome == "timeout":
        return f"timed out ({status.get('error')})"
    if outcome == "crashed":
        return f"crashed ({status.get('error')})"
    if outcome == "not-run":
        return f"could not start: {status.get('error')}"
    if outcome == "setup-error":
        return f"could not observe the target: {status.get('error')}"
    if outcome == "error":
        return f"raised {status.get('error')}"
    return f"{outcome}: {status.get('error')}"
