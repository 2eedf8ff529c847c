# label: ok
# flax-error: none
# class: 1 outside NNX Linear/LayerNorm only read (no state change) inside a raw scan body
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class ResidualStep(nnx.Module):
    def __init__(self, d, rngs):
        self.norm = nnx.LayerNorm(d, rngs=rngs)
        self.ff = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return x + self.ff(self.norm(x))


def main():
    step = ResidualStep(8, nnx.Rngs(0))
    scan(lambda x, _: (step(x), None), jnp.ones((2, 8)), None, length=6)
    return None
