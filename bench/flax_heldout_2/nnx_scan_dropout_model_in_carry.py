# label: ok
# flax-error: none
# class: 3 nnx.scan with the Dropout-holding model as Carry; per-step dropout outputs returned
import jax.numpy as jnp
from flax import nnx


class DropCell(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.drop(x)


def main():
    cell = DropCell(nnx.Rngs(dropout=3))

    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))
    def run(cell, x):
        return cell, cell(x)

    _, ys = run(cell, jnp.ones((6, 8)))
    return ys
