# label: ok
# flax-error: none
# class: 2 an UncertaintyEstimator pulls one key from its nnx.Rngs 'dropout' stream, splits it per sample and feeds the keys as xs, passing each as rngs= to the model
import jax
import jax.numpy as jnp
from flax import nnx


class DropoutNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        return self.dropout(nnx.relu(self.hidden(x)), rngs=rngs)


class UncertaintyEstimator:
    def __init__(self, model, rngs: nnx.Rngs, num_samples=6):
        self.model = model
        self.rngs = rngs
        self.num_samples = num_samples

    def samples(self, x):
        self.model.train()
        keys = jax.random.split(self.rngs.dropout(), self.num_samples)

        def draw(carry, key):
            return carry, self.model(x, rngs=key)

        _, ys = jax.lax.scan(draw, None, keys)
        return ys


def main():
    model = DropoutNet(nnx.Rngs(0))
    estimator = UncertaintyEstimator(model, nnx.Rngs(dropout=7))
    return estimator.samples(jnp.ones((2, 3)))
