# label: ok
# flax-error: none
# class: 2 the local model goes into the scan body, which calls model(x, rngs=nnx.Rngs(dropout=fold_in(key, i))) with the sample index folded in
"""Monte Carlo dropout with an NNX regressor.

The sampling loop scans over the sample index and builds an nnx.Rngs for the dropout
stream from a base key with the index folded in, passing it to the call.
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
    key = jax.random.key(0)

    def body(carry, i):
        return carry, model(x, rngs=nnx.Rngs(dropout=jax.random.fold_in(key, i)))

    _, samples = jax.lax.scan(body, None, jnp.arange(NUM_SAMPLES))
    print("mean predictive std", samples.std(0).mean())
    return samples
