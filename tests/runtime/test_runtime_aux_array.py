"""A pytree whose aux_data is itself an array (not inside a tuple or dict): every compile counted
and explained, `assert_compiles_once` working, and the static SCN301 finding confirmed."""

from __future__ import annotations

import importlib.util
import sys

import jax.numpy as jnp
import numpy as np
import pytest
from runtime_helpers import JaxCompileEvents

from scanlint.api import check_paths
from scanlint.runtime import RecompileError, assert_compiles_once, count_compiles
from scanlint.runtime.join import CONFIRMED, Observation, join

pytestmark = pytest.mark.runtime

AUX_IS_AN_ARRAY = '''
import jax
import numpy as np


class Scaled:
    def __init__(self, w: jax.Array, scale: np.ndarray):
        self.w = w
        self.scale = scale


def flatten(scaled):
    return (scaled.w,), scaled.scale


def unflatten(scale, children):
    return Scaled(children[0], scale)


jax.tree_util.register_pytree_node(Scaled, flatten, unflatten)


@jax.jit
def apply(scaled):
    return scaled.w * 2


def run():
    w = jax.numpy.ones(3)
    return [apply(Scaled(w, np.array([s]))) for s in (1.0, 2.0, 2.0, 3.0)]
'''


@pytest.fixture
def aux_module(tmp_path):
    path = tmp_path / "aux_is_an_array.py"
    path.write_text(AUX_IS_AN_ARRAY)

    def load():
        spec = importlib.util.spec_from_file_location(f"aux_is_an_array_{id(path)}", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        return module

    return path, load


def test_array_aux_data_is_counted_explained_and_joined_with_scn301(aux_module) -> None:
    path, load = aux_module
    with count_compiles() as counts, JaxCompileEvents() as events:
        module = load()
        module.run()
    stats = counts.function(module.apply)
    assert events.count("apply") == stats.compiles == 3
    assert stats.reasons[1:] == [
        "scaled (Scaled aux_data): np array float64[1] [1.] -> np array float64[1] [2.]",
        "scaled (Scaled aux_data): np array float64[1] [2.] -> np array float64[1] [3.]",
    ]
    assert len(stats.unexpected) == 2  # same shapes and dtypes: only the array metadata moved
    (array,) = stats.metadata_arrays
    assert array.field == "aux_data" and array.flatten_location.name == "flatten"

    static = [f for f in check_paths([path]) if f.code == "SCN301"]
    assert static, "the static rule flags the flatten function"
    (verdict,) = [v for v in join(static, Observation.collect(counts=counts)) if v.origin == "static"]
    assert verdict.runtime == CONFIRMED and "Scaled aux_data" in verdict.evidence


def test_assert_compiles_once_handles_array_aux_data(aux_module) -> None:
    _, load = aux_module
    module = load()
    one_element = module.Scaled(jnp.ones(3), np.array([1.0]))
    assert_compiles_once(module.apply, (one_element,))  # equal copies hit the cache
    several = module.Scaled(jnp.ones(3), np.array([1.0, 2.0]))
    with pytest.raises(RecompileError, match="arrays cannot be passed as metadata"):
        assert_compiles_once(load().apply, (several,))
