"""Rule pages, generated from the rule classes: `scanlint explain CODE` and the `rules/` catalog."""

from __future__ import annotations

import inspect

from scanlint.findings import FixSafety
from scanlint.registry import RULES, RuleInfo
from scanlint.runtime.codes import RUNTIME_CODES, RuntimeCode

_FIX_SAFETY_TEXT = {
    FixSafety.NONE: "No automatic fix: the right change depends on intent. The message names the fix.",
    FixSafety.SAFE: "Safe: `scanlint check --fix` applies it.",
    FixSafety.UNSAFE: "Unsafe: applied only with `--fix --unsafe-fixes`; review the change.",
    FixSafety.SOMETIMES: (
        "Safe only where the code shows the change keeps what a working program does (the"
        " conditions are above); unsafe otherwise, applied only with `--fix --unsafe-fixes`."
    ),
}


def rule_page(info: RuleInfo) -> str:
    rule = info.load()
    description = inspect.cleandoc(rule.__doc__ or "")
    default = "on" if info.enabled_by_default else "off (enable with `select`)"
    return (
        f"# {info.code} `{info.name}`\n\n"
        f"{info.summary}.\n\n"
        f"## What it does\n\n{description}\n\n"
        f"## Example\n\n```python\n{rule.BAD}```\n\n"
        f"## Use instead\n\n```python\n{rule.GOOD}```\n\n"
        f"## Fix safety\n\n{_FIX_SAFETY_TEXT[info.fix_safety]}\n\n"
        f"Enabled by default: {default}. Suppress one line with `# noqa: {info.code}`.\n"
    )


def runtime_page(code: RuntimeCode) -> str:
    kind = "an advisory warning" if code.severity == "warning" else "an error"
    return (
        f"# {code.code} `{code.name}`\n\n"
        f"{code.summary[0].upper()}{code.summary[1:]}.\n\n"
        "Reported by `scanlint trace` and `pytest --scanlint-trace` while your code runs (needs\n"
        "`scanlint[runtime]`), never by `scanlint check`.\n\n"
        f"## What it does\n\n{code.description}\n\n"
        f"## Severity\n\nThis is {kind}. Suppress one line with `# noqa: {code.code}` on the reported line.\n"
    )


def index_page() -> str:
    rows = "\n".join(
        f"| [{r.code}]({r.code}.md) | `{r.name}` | {r.summary} | {r.fix_safety.value} |" for r in RULES
    )
    runtime_rows = "\n".join(f"| [{c.code}]({c.code}.md) | `{c.name}` | {c.summary} | {c.severity} |" for c in RUNTIME_CODES)
    return (
        "# scanlint rules\n\n"
        "Generated from the rule classes (`python -m scanlint.docs`); a test fails when a page is stale.\n\n"
        "| code | name | what it flags | fix |\n|---|---|---|---|\n"
        f"{rows}\n\n"
        "## Runtime codes\n\n"
        "Reported by `scanlint trace` and `pytest --scanlint-trace` while the code runs.\n\n"
        "| code | name | what it reports | severity |\n|---|---|---|---|\n"
        f"{runtime_rows}\n"
    )


def expected_pages() -> dict[str, str]:
    pages = {f"{info.code}.md": rule_page(info) for info in RULES}
    pages |= {f"{code.code}.md": runtime_page(code) for code in RUNTIME_CODES}
    pages["README.md"] = index_page()
    return pages


def main() -> None:
    """Write the pages into `rules/` (run from the repository root)."""
    from pathlib import Path

    directory = Path("rules")
    directory.mkdir(exist_ok=True)
    for name, text in expected_pages().items():
        (directory / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
