# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a model.bind() module is captured by functools.partial and wrapped in jax.checkpoint; the fori_loop body calls the wrapper
"""Iterative refinement with a bound Linen module, the step rematerialised with jax.checkpoint.

Modelled on notebook-style code that binds variables once (model.bind) and then calls the bound
module from a raw fori_loop to refine a prediction a fixed number of times.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Refiner(nn.Module):
    features: int = 6

    @nn.compact
    def __call__(self, y, x, train: bool = True):
        h = nn.Dense(24)(jnp.concatenate([y, x], axis=-1))
        h = nn.BatchNorm(use_running_average=not train)(h)
        return y + 0.1 * nn.Dense(self.features)(nn.tanh(h))


def refine_step(refiner, x, i, y):
    return refiner(y, x)


def main():
    model = Refiner()
    x = jax.random.normal(jax.random.key(0), (4, 6))
    y0 = jnp.zeros((4, 6))
    variables = model.init(jax.random.key(1), y0, x)
    refiner = model.bind(variables)
    step = jax.checkpoint(functools.partial(refine_step, refiner, x))
    y = lax.fori_loop(0, 5, step, y0)
    print(y.mean())
    return None


if __name__ == "__main__":
    main()
