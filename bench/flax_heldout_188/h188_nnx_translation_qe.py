# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_mc_scorer returns a jax.checkpoint-wrapped closure over the model in train mode; the scan body calls it and Dropout draws from the model's nnx.Rngs stream
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
    def score_once(pair):
        return model(pair)

    return score_once


def mc_confidence(model, pair, samples: int):
    scorer = make_mc_scorer(model)

    def draw(carry, _):
        return carry, scorer(pair)

    _, draws = scan(draw, None, None, length=samples)
    return draws


def main():
    model = QualityEstimator(dim=20, rngs=nnx.Rngs(params=0, dropout=1))
    pair = jnp.ones((3, 20))
    return mc_confidence(model, pair, samples=8)
