# label: ok
# flax-error: none
# class: 5 the model state from nnx.split is carried through the raw scan and merged in the body
"""The fix: split once, carry the state through the scan so the BatchStat updates come out of
the loop, then nnx.update the original model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Net(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(4, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.bn(self.linear(x))))


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    calib = jax.random.normal(jax.random.key(2), (5, 16, 4)) * 3.0 + 1.0
    graphdef, state = nnx.split(model)

    def calibrate(state, x):
        m = nnx.merge(graphdef, state)
        m(x)
        _, state = nnx.split(m)
        return state, None

    state, _ = scan(calibrate, state, calib)
    nnx.update(model, state)
    model.eval()
    model.bn.mean.value.block_until_ready()
    return None
