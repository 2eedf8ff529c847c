# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local `model` (with Dropout holding its own Rngs) is closed over by the scan body and called there
"""MC dropout with an NNX model: dropout stays on and T stochastic forward passes are stacked
with lax.scan to get a predictive mean and variance. Returns the T predictions."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class DropoutMLP(nnx.Module):
    def __init__(self, din, dhidden, rate, rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def main():
    model = DropoutMLP(1, 64, 0.3, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    x = jnp.linspace(-3, 3, 20)[:, None]

    def body(carry, _):
        return carry, model(x)

    _, preds = lax.scan(body, None, None, length=10)
    print("mean", preds.mean(), "var", preds.var(0).mean())
    return preds
