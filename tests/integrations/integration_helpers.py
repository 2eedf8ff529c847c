"""Shared by the integration tests: sample files, and findings parsed from each tool's output."""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"

# `path:line:col: CODE message`, the text format of `scanlint check`, the pytest items and flake8.
FINDING_LINE = re.compile(r"^(?P<path>\S+?\.pyi?):(?P<line>\d+):(?P<column>\d+): (?P<code>SCN\d{3}) ", re.MULTILINE)

GOOD_SOURCE = textwrap.dedent(
    """\
    import jax.numpy as jnp
    from jax import lax


    def total(xs):
        def step(carry, x):
            return carry + x, None

        return lax.scan(step, jnp.zeros(()), xs)
    """
)

# SCN201 at line 7, column 16.
BAD_SOURCE = textwrap.dedent(
    """\
    import jax.numpy as jnp
    from jax import lax


    def total(xs):
        def step(carry, x):
            return carry + x

        return lax.scan(step, jnp.zeros(()), xs)
    """
)

SUPPRESSED_SOURCE = BAD_SOURCE.replace("return carry + x\n", "return carry + x  # noqa: SCN201\n")


# What a Git repository of scanlint needs to be installed by pip or used as a pre-commit hook repo.
SCANLINT_REPOSITORY_FILES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "scanlint")
GIT_IDENTITY = ("-c", "user.name=scanlint tests", "-c", "user.email=tests@scanlint.invalid")


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *GIT_IDENTITY, *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def commit_everything(repo: Path) -> None:
    git("init", "--quiet", cwd=repo)
    git("add", "--all", cwd=repo)
    git("commit", "--quiet", "--no-verify", "-m", "files", cwd=repo)


def make_scanlint_repository(repo: Path) -> str:
    """A Git repository at `repo` holding this checkout's package files (uncommitted changes
    included), as a clone of scanlint would; returns its commit SHA."""
    repo.mkdir(parents=True, exist_ok=True)
    for name in SCANLINT_REPOSITORY_FILES:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, repo / name)
    commit_everything(repo)
    return git("rev-parse", "HEAD", cwd=repo).strip()


def scan_notebook(bad: bool = True) -> str:
    """A notebook made with nbformat: a markdown cell, a cell with magics and a shell line, then
    cell 3 with BAD_SOURCE's scan body (SCN201 at line 3, column 12, with a safe fix: the scan's
    output is discarded) or with GOOD_SOURCE's, and an output that a fix must keep. The cell ids
    are fixed, so the same call gives the same text."""
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output, writes

    body = "return carry + x" if bad else "return carry + x, None"
    made = new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}})
    made.cells = [
        new_markdown_cell("# Totals", id="title"),
        new_code_cell("%load_ext autoreload\n!pip install --quiet jax\nimport jax.numpy as jnp\nfrom jax import lax", id="setup"),
        new_code_cell(
            f"def step(carry, x):\n    carry = carry * 2\n    {body}\n\ntotal, _ = lax.scan(step, jnp.zeros(()), jnp.arange(3.0))\ntotal",
            id="scan",
            execution_count=2,
            outputs=[new_output("execute_result", data={"text/plain": "Array(3., dtype=float32)"}, execution_count=2)],
        ),
    ]
    return writes(made)


def findings_in_text(text: str) -> set[tuple[str, int, str]]:
    return {(m["path"], int(m["line"]), m["code"]) for m in FINDING_LINE.finditer(text)}


# Everything the pytest plugin imports lazily, in its own modules and through the runtime package.
PLUGIN_MODULES = (
    "jax",
    "flax.linen",
    "scanlint.api",
    "scanlint.reporters",
    "scanlint.suppress",
    "scanlint.runtime.compiles",
    "scanlint.runtime.flax_hooks",
    "scanlint.runtime.join",
    "scanlint.runtime.locations",
    "scanlint.runtime.loops",
    "scanlint.runtime.patching",
)


def import_what_the_plugin_imports() -> None:
    """Import, in this process, what the plugin imports lazily, before any in-process pytester run.

    An in-process run drops the modules it imported when it ends. Had one of them been first
    imported inside a run, later runs would mix two imports of the same module (JAX cannot even be
    imported twice), and a package keeps pointing at the dropped submodule. Linting a snippet and
    the fixtures with every rule imports LibCST, the rules and what they import lazily."""
    from scanlint.engine import lint_source
    from scanlint.registry import RULES

    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    for name in PLUGIN_MODULES:
        importlib.import_module(name)
    codes = frozenset(rule.code for rule in RULES)
    lint_source("warm_up.py", BAD_SOURCE.encode(), codes)
    for path in sorted(FIXTURES.glob("*.py")):
        lint_source(path.name, path.read_bytes(), codes)
