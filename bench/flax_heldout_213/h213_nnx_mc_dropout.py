# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an NNX model with Dropout held in a local of main is closed over and called in the scan body
"""MC dropout uncertainty for an NNX regressor, the T stochastic passes written as a raw scan.

The model is kept in train mode so Dropout stays active, and the scan body simply calls
the closed-over model for every pass."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

N_SAMPLES = 10


class Regressor(nnx.Module):
    def __init__(self, din, hidden, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def main():
    model = Regressor(1, 32, rngs=nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-3.0, 3.0, 20)[:, None]
    model.train()

    def one_pass(carry, _):
        return carry, model(x)[:, 0]

    _, preds = scan(one_pass, None, None, length=N_SAMPLES)
    print("epistemic std", preds.std(axis=0).mean())
    return preds
