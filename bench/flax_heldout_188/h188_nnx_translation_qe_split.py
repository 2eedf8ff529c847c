# label: ok
# flax-error: none
# class: 5 make_mc_scorer returns a jax.checkpoint-wrapped closure over the model in train mode; keys split before the loop enter the scan as xs and go to Dropout explicitly
"""Machine-translation quality estimation: the QE model scores a source/target segment pair
several times with dropout on, and the spread is the confidence shown to post-editors."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class QualityEstimator(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.score = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, pair, rngs=None):
        h = self.drop(nnx.relu(self.proj(pair)), rngs=rngs)
        return nnx.sigmoid(self.score(h))[..., 0]


def make_mc_scorer(model: QualityEstimator):
    model.train()

    @jax.checkpoint
    def score_once(pair, key):
        return model(pair, rngs=key)

    return score_once


def mc_confidence(model, pair, samples: int, key):
    scorer = make_mc_scorer(model)
    keys = jax.random.split(key, samples)

    def draw(carry, sample_key):
        return carry, scorer(pair, sample_key)

    _, draws = scan(draw, None, keys)
    return draws


def main():
    model = QualityEstimator(dim=20, rngs=nnx.Rngs(params=0, dropout=1))
    pair = jnp.ones((3, 20))
    return mc_confidence(model, pair, samples=8, key=jax.random.key(77))
