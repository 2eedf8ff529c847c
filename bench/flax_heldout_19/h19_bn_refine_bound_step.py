# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/bn" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the bound method self._refine_step (BatchNorm in train mode) is the lax.scan body, reached through apply(method=)
"""Iterative refiner: `__call__` is the single forward pass used for init, `refine` scans it.

Modelled on danijar/ninjax#13 (a ResNet with BatchNorm run through a wrapper's apply) and the
BatchNorm guide discussion google/flax#2536: a second method runs the train-mode block
repeatedly through `jax.lax.scan`, called with `apply(..., method=...)`.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Refiner(nn.Module):
    width: int = 4

    def setup(self):
        self.dense = nn.Dense(self.width)
        self.bn = nn.BatchNorm(use_running_average=False, momentum=0.8)

    def __call__(self, x):
        return self.bn(self.dense(x))

    def _refine_step(self, h, _):
        return self.bn(jnp.tanh(self.dense(h))), None

    def refine(self, x, steps: int):
        h, _ = jax.lax.scan(self._refine_step, x, None, length=steps)
        return h


def main():
    x = jax.random.normal(jax.random.key(5), (8, 4))
    model = Refiner()
    variables = model.init(jax.random.key(0), x)
    y = model.apply(variables, x, 3, method=Refiner.refine)
    y.block_until_ready()
    return None
