"""The runtime join confirms the SCN3xx findings whose evidence is where objects are made: an
array passed at the construction, a flatten function of another file (reported at the
registration), a static field declared through a project helper, and a static argument that is
a dict holding an array."""

from __future__ import annotations

import importlib
import sys

import pytest

from scanlint.api import check_paths
from scanlint.runtime import count_compiles
from scanlint.runtime.join import CONFIRMED, Observation, join
from helpers import write_tree

pytestmark = pytest.mark.runtime

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
    return Particles(jnp.zeros((n, 3)), jnp.ones(n, dtype=bool))


@jax.jit
def centre(particles):
    return particles.positions.mean(axis=0)


def run():
    centre(make(4))
    try:
        centre(make(4))
    except ValueError as error:
        return str(error)
    return None
"""

GRID = """\
import dataclasses

import jax
import jax.numpy as jnp


def static_field(**kwargs):
    return dataclasses.field(metadata={"static": True}, **kwargs)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Grid:
    values: jax.Array
    scale: jax.Array = static_field()


@jax.jit
def total(grid):
    return grid.values.sum()


def run():
    return [total(Grid(jnp.ones(3), jnp.float32(s))) for s in (1.0, 2.0, 3.0)]
"""

CONFIG = """\
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def apply(x, config):
    return x * config["scale"]


def run():
    try:
        return apply(jnp.ones(3), {"scale": jnp.ones(3)})
    except ValueError as error:
        return str(error)
"""


@pytest.mark.parametrize(
    ("module_name", "code", "evidence"),
    [
        ("metapkg.particles", "SCN301", "Particles aux_data"),
        ("metapkg.grid", "SCN302", "Grid"),
        ("metapkg.config", "SCN303", "config"),
    ],
)
def test_the_new_forms_are_confirmed_by_a_run(tmp_path, module_name, code, evidence) -> None:
    write_tree(tmp_path, {
        "metapkg/__init__.py": "", "metapkg/flattens.py": FLATTENS, "metapkg/particles.py": PARTICLES,
        "metapkg/grid.py": GRID, "metapkg/config.py": CONFIG,
    })  # fmt: skip
    path = tmp_path / (module_name.replace(".", "/") + ".py")
    static = [f for f in check_paths([path]) if f.code == code]
    assert len(static) == 1, static
    sys.path.insert(0, str(tmp_path))
    try:
        with count_compiles() as counts:
            module = importlib.import_module(module_name)
            module.run()
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "metapkg" or n.startswith("metapkg.")]:
            del sys.modules[name]
    (verdict,) = [v for v in join(static, Observation.collect(counts=counts)) if v.origin == "static"]
    assert verdict.runtime == CONFIRMED, verdict.evidence
    assert evidence in verdict.evidence
