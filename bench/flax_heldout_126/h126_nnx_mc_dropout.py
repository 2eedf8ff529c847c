# label: same-values
# flax-error: none
# class: 2 the local model goes into the scan body, which calls model(x, rngs=nnx.Rngs(dropout=0)) built afresh on every step
"""Monte Carlo dropout with an NNX regressor.

Calling the model inside a raw scan with its own Rngs complained about trace levels, so
the sampling loop builds a fresh nnx.Rngs for the dropout stream on each step and passes
it to the call.
"""
import jax
import jax.numpy as jnp
from flax import nnx

NUM_SAMPLES = 8


class DropoutMLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(1, 64, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.fc2 = nnx.Linear(64, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        h = nnx.relu(self.fc1(x))
        return self.fc2(self.drop(h, rngs=rngs))


def main():
    model = DropoutMLP(nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-3.0, 3.0, 12)[:, None]

    def body(carry, _):
        return carry, model(x, rngs=nnx.Rngs(dropout=0))

    _, samples = jax.lax.scan(body, None, None, length=NUM_SAMPLES)
    print("mean predictive std", samples.std(0).mean())
    return samples
