"""Pytree metadata through other files of the project: a flatten function, a field helper, a
helper that builds an array, or the class a static field is typed as, imported from another
module, are read there; what cannot be followed stays silent."""

from __future__ import annotations

from pathlib import Path

from helpers import file_findings as findings
from scanlint.engine import lint_source
from scanlint.registry import RULES
from helpers import write_tree as write

FLATTENS = """\
def flatten_particles(particles):
    return (particles.positions,), particles.mask


def unflatten_particles(mask, children):
    from .particles import Particles

    return Particles(children[0], mask)
"""

PARTICLES = """\
import jax
import jax.numpy as jnp

from .flattens import flatten_particles, unflatten_particles


class Particles:
    def __init__(self, positions, mask):
        self.positions = positions
        self.mask = mask


jax.tree_util.register_pytree_node(Particles, flatten_particles, unflatten_particles)


def make(n):
    return Particles(jnp.zeros((n, 3)), {mask})
"""


def test_a_flatten_function_of_another_file_is_reported_at_the_registration(tmp_path: Path) -> None:
    write(tmp_path, {"pkg/__init__.py": "", "pkg/flattens.py": FLATTENS})
    write(tmp_path, {"pkg/particles.py": PARTICLES.format(mask="jnp.arange(n) % 2 == 0")})
    assert findings(tmp_path / "pkg" / "particles.py") == []  # a comparison: not followed
    write(tmp_path, {"pkg/particles.py": PARTICLES.format(mask="jnp.ones(n, dtype=bool)")})
    path = tmp_path / "pkg" / "particles.py"
    assert findings(path) == [(13, "SCN301")]
    (finding,) = lint_file(path)
    assert finding.message.startswith(
        "`mask` is in the aux_data that `flatten_particles` (in `flattens.py`) returns for `Particles`"
    )
    assert "`Particles(...)` in `make` passes `mask` one built by `jnp.ones(...)`" in finding.message
    write(tmp_path, {"pkg/particles.py": PARTICLES.format(mask="tuple(range(n))")})
    assert findings(path) == []


def lint_file(path: Path):
    return list(lint_source(str(path), path.read_bytes(), frozenset(rule.code for rule in RULES)).findings)


FIELDS = """\
import dataclasses

from flax import struct


def static_field(**kwargs):
    return dataclasses.field(metadata={"static": True}, **kwargs)


def frozen(**kwargs):
    return struct.field(pytree_node=False, **kwargs)


def maybe_static(static=False, **kwargs):
    return dataclasses.field(metadata={"static": static}, **kwargs)
"""

MASKS = """\
import jax.numpy as jnp
import numpy as np


def causal_mask(n):
    return jnp.tril(jnp.ones((n, n), dtype=bool))


def window_size(n):
    return int(np.sqrt(n))
"""

SPECS = """\
import dataclasses

import jax


@dataclasses.dataclass(frozen=True)
class MaskSpec:
    mask: jax.Array
    name: str


@dataclasses.dataclass(frozen=True)
class NameSpec:
    name: str
"""

MODEL = """\
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
from flax import struct

from .fields import frozen, maybe_static, static_field
from .masks import causal_mask, window_size
from .specs import MaskSpec, NameSpec


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Grid:
    values: jax.Array
    mask: jax.Array = static_field()
    scale: jax.Array = maybe_static()


@struct.dataclass
class Attention:
    weights: Any
    mask: Any = frozen()
    window: Any = frozen()
    spec: MaskSpec = frozen()
    name: NameSpec = frozen()


def build(n):
    return Attention(jnp.ones((n, n)), causal_mask(n), window_size(n), None, NameSpec("a"))
"""


def test_field_helpers_array_helpers_and_field_classes_of_other_files(tmp_path: Path) -> None:
    write(tmp_path, {
        "pkg/__init__.py": "", "pkg/fields.py": FIELDS, "pkg/masks.py": MASKS, "pkg/specs.py": SPECS,
        "pkg/model.py": MODEL,
    })  # fmt: skip
    assert sorted(findings(tmp_path / "pkg" / "model.py")) == [
        (17, "SCN302"),  # Grid.mask: static_field() from fields.py, declared jax.Array
        (24, "SCN302"),  # Attention.mask: frozen() from fields.py, causal_mask from masks.py
        (26, "SCN302"),  # Attention.spec: MaskSpec from specs.py compares an array field
    ]


ONLY_HELPERS = """\
from typing import Any

import jax.numpy as jnp
from flax import struct

from .fields import frozen


@struct.dataclass
class Rotary:
    weights: Any
    frequencies: Any = frozen()


def build(n):
    return Rotary(jnp.ones(n), jnp.arange(n // 2))
"""


def test_a_file_whose_only_static_fields_come_from_a_helper_of_another_file(tmp_path: Path) -> None:
    write(tmp_path, {"pkg/__init__.py": "", "pkg/fields.py": FIELDS, "pkg/rotary.py": ONLY_HELPERS})
    assert findings(tmp_path / "pkg" / "rotary.py") == [(12, "SCN302")]
