# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a trainer wraps its step in jax.checkpoint and runs it in a raw fori_loop; the step calls the model held by a wrapper, in train mode, so BatchNorm assigns its stats
"""Memory-saving warmup: recompute activations of each step with jax.checkpoint."""
import jax
import jax.numpy as jnp
from flax import nnx


class Backbone(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.lin(x)))


class ModelWrapper:
    def __init__(self, module):
        self.module = module

    def forward(self, x):
        return self.module(x)


class WarmupTrainer:
    def __init__(self, wrapper, steps=4):
        self.wrapper = wrapper
        self.steps = steps

    def warmup(self, batch):
        self.wrapper.module.train()

        @jax.checkpoint
        def step(x):
            return x + 0.01 * self.wrapper.forward(x).mean()

        return jax.lax.fori_loop(0, self.steps, lambda i, x: step(x), batch)


def main():
    WarmupTrainer(ModelWrapper(Backbone(nnx.Rngs(0)))).warmup(jnp.ones((6, 4)))
    return None
