# label: ok
# jax-error: none
# class: 4 equinox module with a static output shape tuple and a static final activation
from typing import Callable, Tuple

import equinox as eqx
import jax
import jax.numpy as jnp


class Head(eqx.Module):
    weight: jax.Array
    out_shape: Tuple[int, ...] = eqx.field(static=True)
    final_activation: Callable = eqx.field(static=True, default=jax.nn.sigmoid)

    def __call__(self, x):
        return self.final_activation(self.weight @ x).reshape(self.out_shape)


@eqx.filter_jit
def predict(head, x):
    return head(x)


def main():
    for seed in range(3):
        head = Head(jax.random.normal(jax.random.PRNGKey(seed), (6, 3)), out_shape=(2, 3))
        predict(head, jnp.ones(3))
