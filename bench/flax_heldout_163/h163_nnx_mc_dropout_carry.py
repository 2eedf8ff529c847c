# label: ok
# flax-error: none
# class: 2 the local NNX model, whose Dropout draws from its Rngs, is passed through the scan carry and called on the carried copy
"""Monte-Carlo dropout uncertainty with an NNX MLP.

The model is put in train mode so Dropout stays active, then sampled several
times inside lax.scan to get a predictive mean and spread. The model is the
scan carry, so its rng counter advances from one sample to the next.
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

    def body(m, _):
        return m, m(x)

    model, samples = lax.scan(body, model, None, length=10)
    print("mean", samples.mean(0).ravel(), "std", samples.std(0).ravel())
    return samples
