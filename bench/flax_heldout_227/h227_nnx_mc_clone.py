# label: same-values
# flax-error: none
# class: 2 the model is a local of mc_predict closed over by the scan body, which clones it with nnx.clone at every step before the stochastic forward pass
"""Monte Carlo dropout predictions of an NNX regressor with a raw lax.scan over samples.

Modelled on the workaround users post after hitting TraceContextError: "clone the model inside
scan so the Rngs can be mutated". Every step clones the same outer module, whose dropout Rngs
count never advances, so every sample uses the same dropout mask.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Regressor(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def mc_predict(model, x, num_samples):
    def sample(carry, _):
        m = nnx.clone(model)
        return carry, m(x)[:, 0]

    _, preds = scan(sample, None, None, length=num_samples)
    return preds


def main():
    model = Regressor(3, rngs=nnx.Rngs(params=0, dropout=1))
    x = jax.random.normal(jax.random.key(2), (5, 3))
    return mc_predict(model, x, num_samples=8)
