# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an NNX regressor holding nnx.Dropout(rngs=...) is called inline in a raw lax.scan body after model.train()
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

    def sample(carry, _):
        return carry, model(x)

    _, preds = lax.scan(sample, None, None, length=6)
    return preds
