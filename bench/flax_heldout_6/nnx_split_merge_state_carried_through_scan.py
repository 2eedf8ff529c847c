# label: ok
# flax-error: none
# class: 3 nnx.split before a raw lax.scan, the state carried and re-split each step after the BatchNorm model runs, nnx.update afterwards
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.fc(x)))


def calibrate(model, batches):
    graphdef, state = nnx.split(model)

    def step(state, x):
        m = nnx.merge(graphdef, state)
        y = m(x)
        _, state = nnx.split(m)
        return state, y.mean()

    state, means = jax.lax.scan(step, state, batches)
    nnx.update(model, state)
    return means


def main():
    model = Net(nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (5, 6, 4)) + 2.0
    before = model.bn.mean.value
    calibrate(model, batches)
    assert not jnp.allclose(before, model.bn.mean.value)
    return None
