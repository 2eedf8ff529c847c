# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the NNX model (with an nnx.Dropout and its Rngs) is a local of main() closed over by the scan body
"""MC-dropout with an NNX regressor: keep dropout on and draw several predictions with a raw
jax.lax.scan to estimate predictive uncertainty."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def main():
    model = Regressor(nnx.Rngs(params=0, dropout=1))
    model.train()  # keep dropout active at prediction time
    x = jnp.linspace(-2, 2, 5)[:, None]

    def sample(carry, _):
        return carry, model(x)

    _, samples = jax.lax.scan(sample, None, None, length=8)
    print("predictive std", samples.std(0).ravel())
    return samples
