# label: ok
# jax-error: none
# class: 5 project-local static() wrapper of dataclasses.field(metadata={"static": True}) holds a name and a tuple of axes
import dataclasses

import jax
import jax.numpy as jnp


def static(default=dataclasses.MISSING):
    return dataclasses.field(default=default, metadata={"static": True})


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class LayerNormParams:
    gamma: jax.Array
    beta: jax.Array
    name: str = static("ln")
    axes: tuple = static((-1,))


@jax.jit
def layer_norm(params, x):
    mean = jnp.mean(x, axis=params.axes, keepdims=True)
    var = jnp.var(x, axis=params.axes, keepdims=True)
    return params.gamma * (x - mean) / jnp.sqrt(var + 1e-5) + params.beta


def main():
    x = jnp.arange(12.0).reshape(3, 4)
    for _ in range(3):
        layer_norm(LayerNormParams(jnp.ones(4), jnp.zeros(4)), x)
