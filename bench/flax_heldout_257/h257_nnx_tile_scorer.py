# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body in QualityScoringService.score_pass calls self.model, the scorer held by the service, whose dropout is in training mode
"""Scores the usability of each tile in an acquisition pass (haze, saturation, striping)."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class TileQualityScorer(nnx.Module):
    def __init__(self, bands: int, hidden: int, *, rngs: nnx.Rngs):
        self.stem = nnx.Linear(bands, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(hidden, 3, rngs=rngs)

    def __call__(self, pixels):
        h = nnx.gelu(self.stem(pixels)).mean(axis=0)
        return jax.nn.sigmoid(self.head(self.drop(h)))


class QualityScoringService:
    def __init__(self, model: TileQualityScorer, threshold: float = 0.5):
        self.model = model
        self.threshold = threshold

    def score_pass(self, tiles):
        def score(n_usable, tile):
            haze, saturation, striping = self.model(tile)
            usable = (jnp.maximum(haze, jnp.maximum(saturation, striping)) < self.threshold)
            return n_usable + usable.astype(jnp.int32), jnp.stack([haze, saturation, striping])

        n_usable, scores = lax.scan(score, jnp.zeros((), jnp.int32), tiles)
        return n_usable, scores


def main():
    tiles = jax.random.uniform(jax.random.key(0), (4, 16, 5))
    scorer = TileQualityScorer(5, 8, rngs=nnx.Rngs(0, dropout=1))
    service = QualityScoringService(scorer)
    n_usable, scores = service.score_pass(tiles)
    jax.block_until_ready((n_usable, scores))
