# label: ok
# jax-error: none
# class: 3 static parameter annotated jax.Array but every caller passes tuple(np.asarray(...).tolist())
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnames="axes")
def reduce_over(x: jax.Array, axes: jax.Array) -> jax.Array:
    return jnp.sum(x, axis=axes)


def main():
    axes = np.asarray([0, 2])
    for step in range(3):
        reduce_over(jnp.ones((2, 3, 4)) * step, axes=tuple(axes.tolist()))
