# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a Propagator holds model.bind(variables); its fori_loop body calls the bound module's method, which runs a training BatchNorm
"""Message rounds run by a propagator object that holds a bound Linen module."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Net(nn.Module):
    def setup(self):
        self.dense = nn.Dense(4)
        self.norm = nn.BatchNorm(use_running_average=False)

    def round(self, h):
        return self.norm(self.dense(h))

    def __call__(self, h):
        return self.round(h)


class Propagator:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def run(self, h):
        return jax.lax.fori_loop(0, 3, lambda i, h: self.bound.round(h), h)


def main():
    model = Net()
    variables = model.init(jax.random.key(0), jnp.ones((2, 4)))
    Propagator(model, variables).run(jnp.ones((2, 4)))
    return None
