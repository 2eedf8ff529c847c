# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 MC-dropout uncertainty: an NNX regressor whose Dropout holds its own Rngs is called in an inline jax.lax.fori_loop body that collects predictions
"""Monte-Carlo dropout (Gal & Ghahramani) with NNX: the Dropout layer is built with its own
rngs, the model stays in train mode so dropout is active, and the T stochastic forward
passes are collected with jax.lax.fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(3, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=nnx.Rngs(dropout=17))
        self.fc2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))


def main():
    model = Regressor(rngs=nnx.Rngs(0))
    x = jnp.ones((5, 3))
    num_samples = 4
    preds = jnp.zeros((num_samples, 5, 1))

    def body(i, preds):
        return preds.at[i].set(model(x))

    preds = jax.lax.fori_loop(0, num_samples, body, preds)
    return preds
