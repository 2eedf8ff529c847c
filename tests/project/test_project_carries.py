"""Carry types through other files of the project: a body, a helper or a carry class imported
from another module is evaluated there; what cannot be followed stays silent."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import file_findings as findings
from helpers import write_tree as write


STEPS = """\
import jax.numpy as jnp


def drifting_step(count, x):
    return count + jnp.where(x > 0, 0.5, 0.0), None


def counting_step(count, x):
    return count + jnp.where(x > 0, 1, 0), None


def running_mean(total, x):
    return jnp.mean(total + x, axis=0), None


def make_step(scale):
    return lambda count, x: (count + scale * x, None)
"""

STATE = """\
from typing import NamedTuple

import jax


class Counter(NamedTuple):
    hits: jax.Array
    seen: jax.Array
"""




def model(import_line: str, call: str) -> str:
    return f"""\
import jax
import jax.numpy as jnp
{import_line}


def run():
    xs = jnp.linspace(-1.0, 1.0, 8)
    return {call}
"""


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        pytest.param(
            {"pkg/__init__.py": "", "pkg/steps.py": STEPS,
             "pkg/model.py": model("from .steps import drifting_step", "jax.lax.scan(drifting_step, jnp.int32(0), xs)")},
            [(8, "SCN203")],
            id="a body imported relatively, reported on the body given to scan",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/steps.py": STEPS,
             "pkg/model.py": model("from pkg import steps", "jax.lax.scan(steps.drifting_step, jnp.int32(0), xs)")},
            [(8, "SCN203")],
            id="a body read as a module attribute",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/steps.py": STEPS,
             "pkg/model.py": model("from .steps import counting_step", "jax.lax.scan(counting_step, jnp.int32(0), xs)")},
            [],
            id="negative: the imported body keeps the int type",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/steps.py": STEPS,
             "pkg/model.py": model("from .steps import running_mean",
                                   "jax.lax.scan(lambda c, x: running_mean(c, x), jnp.zeros((2, 3)), xs)")},
            [(8, "SCN204")],
            id="a helper called from a lambda body",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/state.py": STATE,
             "pkg/model.py": model("from .state import Counter",
                                   "jax.lax.scan(lambda c, x: (c._replace(hits=c.hits + x), None), "
                                   "Counter(jnp.int32(0), jnp.int32(0)), xs)")},
            [(8, "SCN203")],
            id="a carry class defined in another file",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/steps.py": STEPS,
             "pkg/model.py": model("from .steps import make_step", "jax.lax.scan(make_step(0.5), jnp.int32(0), xs)")},
            [(8, "SCN203")],
            id="a lambda body built by a factory in another file",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/steps.py": "def drifting_step(\n",
             "pkg/model.py": model("from .steps import drifting_step", "jax.lax.scan(drifting_step, jnp.int32(0), xs)")},
            [],
            id="negative: the other file does not parse",
        ),
    ],
)
def test_carries_through_other_project_files(tmp_path: Path, files: dict[str, str], expected: list) -> None:
    write(tmp_path, files)
    assert findings(tmp_path / "pkg" / "model.py") == expected


@pytest.mark.runtime
def test_the_cross_file_drift_is_what_jax_raises(tmp_path: Path) -> None:
    pytest.importorskip("jax")
    write(tmp_path, {"carrypkg/__init__.py": "", "carrypkg/steps.py": STEPS,
                     "carrypkg/model.py": model("from .steps import drifting_step", "jax.lax.scan(drifting_step, jnp.int32(0), xs)")})
    assert findings(tmp_path / "carrypkg" / "model.py") == [(8, "SCN203")]
    result = subprocess.run(
        [sys.executable, "-c", "from carrypkg.model import run; run()"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )
    assert "carry input and carry output must have equal types" in result.stderr
