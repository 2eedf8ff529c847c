# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'metadata_case.RBFKernel'>, RBFKernel(lengthscale=Array([1., 1.], dtype=float32), variance=1.0). The error was:
# class: 3 frozen dataclass kernel jits its __call__ with static_argnums=0 while holding an array lengthscale
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class RBFKernel:
    lengthscale: jax.Array
    variance: float = 1.0

    @partial(jax.jit, static_argnums=0)
    def __call__(self, x, y):
        sq = jnp.sum(((x[:, None] - y[None]) / self.lengthscale) ** 2, axis=-1)
        return self.variance * jnp.exp(-0.5 * sq)


def main():
    kernel = RBFKernel(lengthscale=jnp.ones(2))
    x = jnp.ones((3, 2))
    for _ in range(3):
        kernel(x, x)
