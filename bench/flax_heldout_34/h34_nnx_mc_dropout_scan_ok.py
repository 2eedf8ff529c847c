# label: ok
# flax-error: none
# class: 1 an NNX regressor holding nnx.Dropout(rngs=...) is nnx.split after model.train(); its state is the raw lax.scan carry and the body merges, calls it inline and returns nnx.state
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class DropoutRegressor(nnx.Module):
    def __init__(self, din, dhidden, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))


def main():
    model = DropoutRegressor(3, 32, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    x = jnp.linspace(0.0, 1.0, 12).reshape(4, 3)
    graphdef, state = nnx.split(model)

    def sample(state, _):
        m = nnx.merge(graphdef, state)
        y = m(x)
        return nnx.state(m), y

    state, preds = lax.scan(sample, state, None, length=6)
    nnx.update(model, state)
    return preds
