"""The project index: rules see classes defined in other files of the project, through relative
and absolute imports, re-exports and module attributes; what they cannot follow stays silent."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import file_findings as findings
from helpers import write_tree as write


CELL = """\
import flax.linen as nn


class Cell(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, carry, x):
        new = nn.tanh(nn.Dense(self.features)(x) + carry)
        return new, new
"""

PLAIN_CELL = """\
class Cell:
    def __init__(self, features=4):
        self.features = features

    def __call__(self, carry, x):
        return carry + x, x
"""


def model_source(import_line: str, constructor: str) -> str:
    return f"""\
import flax.linen as nn
import jax
import jax.numpy as jnp
{import_line}


class Model(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(carry, x):
            return {constructor}(carry, x)

        _, ys = jax.lax.scan(step, jnp.zeros((4,)), xs)
        return ys
"""




CONSTRUCTED_IN_BODY = [(11, "SCN101")]


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        pytest.param(
            {"pkg/__init__.py": "", "pkg/cells.py": CELL, "pkg/model.py": model_source("from .cells import Cell", "Cell()")},
            CONSTRUCTED_IN_BODY,
            id="relative import",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/cells.py": CELL, "pkg/model.py": model_source("from pkg.cells import Cell", "Cell()")},
            CONSTRUCTED_IN_BODY,
            id="absolute import from the package root",
        ),
        pytest.param(
            {
                "pkg/__init__.py": "from .cells import Cell\n",
                "pkg/cells.py": CELL,
                "pkg/model.py": model_source("from pkg import Cell", "Cell()"),
            },
            CONSTRUCTED_IN_BODY,
            id="re-exported by the package",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/cells.py": CELL, "pkg/model.py": model_source("from . import cells", "cells.Cell()")},
            CONSTRUCTED_IN_BODY,
            id="module attribute",
        ),
        pytest.param(
            {
                "pkg/__init__.py": "",
                "pkg/layers/__init__.py": "",
                "pkg/layers/cells.py": CELL,
                "pkg/model.py": model_source("from .layers.cells import Cell as RecurrentCell", "RecurrentCell()"),
            },
            CONSTRUCTED_IN_BODY,
            id="subpackage, aliased",
        ),
        pytest.param(
            {
                "pkg/__init__.py": "",
                "pkg/base.py": "import flax.linen as nn\n\n\nclass Base(nn.Module):\n    pass\n",
                "pkg/cells.py": "from .base import Base\n" + CELL.replace("class Cell(nn.Module)", "class Cell(Base)"),
                "pkg/model.py": model_source("from .cells import Cell", "Cell()"),
            },
            CONSTRUCTED_IN_BODY,
            id="a Linen module through a project base class",
        ),
        pytest.param(
            {"cells.py": CELL, "model.py": model_source("from cells import Cell", "Cell()")},
            CONSTRUCTED_IN_BODY,
            id="scripts side by side",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/cells.py": PLAIN_CELL, "pkg/model.py": model_source("from .cells import Cell", "Cell()")},
            [],
            id="negative: a plain class of the same name",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/model.py": model_source("from .cells import Cell", "Cell()")},
            [],
            id="negative: the imported file is missing",
        ),
        pytest.param(
            {
                "pkg/__init__.py": "",
                "pkg/cells.py": CELL,
                "pkg/cells/__init__.py": PLAIN_CELL,
                "pkg/model.py": model_source("from .cells import Cell", "Cell()"),
            },
            [],
            id="negative: a package and a module of one name, where Python imports the package",
        ),
        pytest.param(
            {"ns/cells.py": CELL, "ns/model.py": model_source("from ns.cells import Cell", "Cell()")},
            CONSTRUCTED_IN_BODY,
            id="namespace package",
        ),
        pytest.param(
            {
                "pkg/__init__.py": "",
                "pkg/a.py": "from .b import Cell\n",
                "pkg/b.py": "from .a import Cell\n",
                "pkg/model.py": model_source("from .a import Cell", "Cell()"),
            },
            [],
            id="negative: an import cycle",
        ),
        pytest.param(
            {"pkg/__init__.py": "", "pkg/cells.py": "class Cell(\n", "pkg/model.py": model_source("from .cells import Cell", "Cell()")},
            [],
            id="negative: the imported file does not parse",
        ),
        pytest.param(
            {
                "pkg/__init__.py": "",
                "pkg/cells.py": CELL,
                "pkg/model.py": model_source("from .cells import Cell", "Cell()").replace(
                    "        def step(carry, x):", "        Cell = make_cell\n\n        def step(carry, x):"
                ).replace("import jax.numpy as jnp\n", "import jax.numpy as jnp\nfrom .factory import make_cell\n"),
            },
            [],
            id="negative: the name is rebound locally",
        ),
    ],
)
def test_classes_from_other_project_files(tmp_path: Path, files: dict[str, str], expected: list) -> None:
    write(tmp_path, files)
    model = next(tmp_path.rglob("model.py"))
    assert findings(model) == expected


def test_editing_an_imported_file_invalidates_the_cached_result(tmp_path: Path) -> None:
    write(tmp_path, {"pkg/__init__.py": "", "pkg/cells.py": CELL, "pkg/model.py": model_source("from .cells import Cell", "Cell()")})
    command = [sys.executable, "-m", "scanlint", "check", "pkg"]
    first = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True)
    assert first.returncode == 1 and "pkg/model.py:11:" in first.stdout
    (tmp_path / "pkg" / "cells.py").write_text(PLAIN_CELL, encoding="utf-8")
    second = subprocess.run([*command[:-1], "pkg/model.py"], cwd=tmp_path, capture_output=True, text=True)
    assert second.returncode == 0, second.stdout


@pytest.mark.runtime
def test_the_cross_file_finding_is_what_flax_does(tmp_path: Path) -> None:
    """Constructed inside the raw scan body, the other file's cell leaks tracers: apply fails."""
    jax = pytest.importorskip("jax")
    pytest.importorskip("flax")
    write(tmp_path, {"xpkg/__init__.py": "", "xpkg/cells.py": CELL, "xpkg/model.py": model_source("from .cells import Cell", "Cell()")})
    assert findings(tmp_path / "xpkg" / "model.py") == CONSTRUCTED_IN_BODY
    sys.path.insert(0, str(tmp_path))
    try:
        from xpkg.model import Model  # type: ignore[import-not-found]

        xs = jax.numpy.ones((3, 4))
        variables = Model().init(jax.random.PRNGKey(0), xs)
        with pytest.raises(jax.errors.UnexpectedTracerError):
            Model().apply(variables, xs)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == "xpkg" or m.startswith("xpkg.")]:
            del sys.modules[name]
