# label: ok
# flax-error: none
# class: 2 the model is a local of mc_predict; its state is split before the scan and carried, the body merges it, runs the stochastic pass and returns the advanced state
"""Monte Carlo dropout predictions of an NNX regressor with a raw lax.scan over samples.

Twin of h227_nnx_mc_clone: the model's state (including the dropout Rngs) travels in the scan
carry; the body merges it, runs the forward pass and returns the state with the advanced Rngs
count, so every sample gets a new mask.
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
    graphdef, state = nnx.split(model)

    def sample(state, _):
        m = nnx.merge(graphdef, state)
        y = m(x)[:, 0]
        return nnx.state(m), y

    state, preds = scan(sample, state, None, length=num_samples)
    nnx.update(model, state)
    return preds


def main():
    model = Regressor(3, rngs=nnx.Rngs(params=0, dropout=1))
    x = jax.random.normal(jax.random.key(2), (5, 3))
    return mc_predict(model, x, num_samples=8)
