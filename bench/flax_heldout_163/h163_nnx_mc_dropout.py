# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the scan body calls `model`, a local NNX module whose Dropout draws from the Rngs it was built with
"""Monte-Carlo dropout uncertainty with an NNX MLP.

The model is put in train mode so Dropout stays active, then sampled several
times inside lax.scan to get a predictive mean and spread. The scan body
closes over the model.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MLP(nnx.Module):
    def __init__(self, din, dhidden, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def main():
    model = MLP(1, 32, rngs=nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-3.0, 3.0, 16)[:, None]
    model.train()

    def body(carry, _):
        return carry, model(x)

    _, samples = lax.scan(body, None, None, length=10)
    print("mean", samples.mean(0).ravel(), "std", samples.std(0).ravel())
    return samples
