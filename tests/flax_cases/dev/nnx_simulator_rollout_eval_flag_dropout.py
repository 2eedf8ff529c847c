# label: ok
# flax-error: none
# class: 4 a simulator object's rollout passes deterministic=not train down through a list of blocks to a Dropout holding its own streams; every caller runs it with train=False
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(4, 4, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, x, deterministic):
        return self.drop(nnx.gelu(self.linear(x)), deterministic=deterministic)


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.blocks = nnx.List([Block(rngs), Block(rngs)])

    def __call__(self, x, deterministic=True):
        for block in self.blocks:
            x = block(x, deterministic)
        return nnx.softmax(x)


class Simulator:
    def __init__(self, model):
        self.model = model

    def rollout(self, occupancy, train=False):
        def body(i, occ):
            return 0.7 * occ + 0.3 * self.model(occ, deterministic=not train)

        return jax.lax.fori_loop(0, 5, body, occupancy)


def main():
    sim = Simulator(Model(nnx.Rngs(params=0, dropout=1)))
    float(sim.rollout(jnp.full((4,), 0.25), train=False).sum())
    return None
