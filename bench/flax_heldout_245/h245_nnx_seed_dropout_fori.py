# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the fori_loop body calls the auditor's self.model, whose Dropout draws from the model's nnx.Rngs
"""Purity audit of seed samples: the purity scorer is run several times with dropout active on
the image features of one sample, and the spread of the scores decides whether a lot is re-tested."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop

IMAGE_FEATURES = 6
PASSES = 5


class PurityScorer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, rate: float = 0.3):
        self.features = nnx.Linear(IMAGE_FEATURES, 12, rngs=rngs)
        self.dropout = nnx.Dropout(rate, rngs=rngs)
        self.purity = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, image_features):
        h = self.dropout(nnx.relu(self.features(image_features)))
        return nnx.sigmoid(self.purity(h))[..., 0]


class PurityAuditor:
    def __init__(self, model: PurityScorer, passes: int = PASSES):
        self.model = model
        self.passes = passes

    def scores(self, image_features):
        def one_pass(i, scores):
            return scores.at[i].set(self.model(image_features))

        return fori_loop(0, self.passes, one_pass, jnp.zeros((self.passes,)))


def sample_image(accession: int):
    return jax.random.uniform(jax.random.key(accession), (IMAGE_FEATURES,))


def main():
    model = PurityScorer(nnx.Rngs(params=0, dropout=1))
    model.train()
    return PurityAuditor(model).scores(sample_image(9021))
