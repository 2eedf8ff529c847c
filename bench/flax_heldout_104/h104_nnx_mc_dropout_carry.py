# label: ok
# flax-error: none
# class: 2 the local `model` is split before the scan; its state (dropout RngCount included) is the scan carry and is merged in the body
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
    graphdef, state = nnx.split(model)

    def body(state, _):
        m = nnx.merge(graphdef, state)
        y = m(x)
        return nnx.state(m), y

    state, preds = lax.scan(body, state, None, length=10)
    nnx.update(model, state)
    print("mean", preds.mean(), "var", preds.var(0).mean())
    return preds
