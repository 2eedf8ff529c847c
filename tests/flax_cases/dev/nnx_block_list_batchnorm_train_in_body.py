# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 nnx.List of same-file blocks each given a training-mode nnx.BatchNorm, looped over in a raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, features, norm, rngs: nnx.Rngs):
        self.linear = nnx.Linear(features, features, rngs=rngs)
        self.norm = norm

    def __call__(self, x):
        return x + self.norm(self.linear(x))


class Refiner(nnx.Module):
    def __init__(self, features, depth, rngs: nnx.Rngs):
        self.blocks = nnx.List([
            Block(features, norm=nnx.BatchNorm(features, rngs=rngs), rngs=rngs) for _ in range(depth)
        ])

    def __call__(self, h, steps):
        def step(h, _):
            for block in self.blocks:
                h = block(h)
            return h, None

        return jax.lax.scan(step, h, None, length=steps)[0]


def main():
    Refiner(4, 2, rngs=nnx.Rngs(0))(jnp.ones((3, 4)), 3)
