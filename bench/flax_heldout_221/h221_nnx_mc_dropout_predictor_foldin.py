# label: ok
# flax-error: none
# class: 3 the scan body calls self.model with the Predictor's stored key folded with the sample index
"""MC-dropout predictive uncertainty for an NNX classifier, samples from lax.scan.

Twin of h221_nnx_mc_dropout_predictor: the sample index is folded into the
Predictor's key before it reaches Dropout, so every sample has its own mask.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 64, rngs=rngs)
        self.drop = nnx.Dropout(0.5)
        self.l2 = nnx.Linear(64, 3, rngs=rngs)

    def __call__(self, x, rngs=None):
        h = self.drop(nnx.relu(self.l1(x)), rngs=rngs)
        return jax.nn.softmax(self.l2(h))


class Predictor:
    def __init__(self, model, seed):
        self.model = model
        self.key = jax.random.key(seed)

    def sample(self, x, n=8):
        def body(carry, i):
            probs = self.model(x, rngs=jax.random.fold_in(self.key, i))
            return carry, probs

        _, probs = jax.lax.scan(body, None, jnp.arange(n))
        return probs


def main():
    model = Classifier(nnx.Rngs(0))
    predictor = Predictor(model, seed=1)
    x = jnp.linspace(-1.0, 1.0, 8).reshape(2, 4)
    probs = predictor.sample(x)
    return probs
