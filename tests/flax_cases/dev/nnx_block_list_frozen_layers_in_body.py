# label: ok
# flax-error: none
# class: 5 nnx.List of same-file blocks given a deterministic Dropout and a running-average BatchNorm, looped over in a raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, features, norm, drop, rngs: nnx.Rngs):
        self.linear = nnx.Linear(features, features, rngs=rngs)
        self.norm = norm
        self.drop = drop

    def __call__(self, x):
        return x + self.drop(self.norm(self.linear(x)))


class Refiner(nnx.Module):
    def __init__(self, features, depth, rngs: nnx.Rngs):
        self.blocks = nnx.List([
            Block(
                features,
                norm=nnx.BatchNorm(features, use_running_average=True, rngs=rngs),
                drop=nnx.Dropout(0.2, deterministic=True, rngs=rngs),
                rngs=rngs,
            )
            for _ in range(depth)
        ])

    def __call__(self, h, steps):
        def step(h, _):
            for block in self.blocks:
                h = block(h)
            return h, None

        return jax.lax.scan(step, h, None, length=steps)[0]


def main():
    Refiner(4, 2, rngs=nnx.Rngs(0))(jnp.ones((3, 4)), 3)
