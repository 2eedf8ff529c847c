# label: ok
# flax-error: none
# class: 3 the scorer object's model and variables attributes are read inside the lax.fori_loop body of its own method, applied in evaluation mode
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen

lax = jax.lax


NOTES = ("bergamot", "jasmine", "iris", "vetiver", "ambergris")


@dataclasses.dataclass
class BlendBatch:
    ratios: jnp.ndarray
    rounds: int


class AccordNet(linen.Module):
    width: int = 12

    @linen.compact
    def __call__(self, ratios, train: bool = True):
        h = linen.Dense(self.width)(ratios)
        h = linen.BatchNorm(use_running_average=not train)(h)
        h = linen.gelu(h)
        return linen.Dense(1)(h).squeeze(-1)


class AccordScorer:
    def __init__(self, seed: int = 5):
        self.model = AccordNet()
        dummy = jnp.ones((2, len(NOTES)))
        self.variables = self.model.init(jax.random.PRNGKey(seed), dummy)

    def _score(self, ratios):
        return self.model.apply(self.variables, ratios, train=False)

    def score_rounds(self, batch: BlendBatch):
        def round_body(i, running):
            return running + self._score(batch.ratios).mean()

        return lax.fori_loop(0, batch.rounds, round_body, jnp.float32(0.0))


def normalised_blends():
    raw = jnp.array(
        [
            [3.0, 1.0, 0.5, 0.2, 0.1],
            [1.0, 2.5, 1.5, 0.4, 0.2],
            [0.5, 0.5, 3.0, 1.0, 0.3],
            [0.2, 1.0, 0.8, 2.8, 0.9],
        ]
    )
    return raw / raw.sum(axis=-1, keepdims=True)


def main():
    scorer = AccordScorer()
    batch = BlendBatch(normalised_blends(), rounds=3)
    total = scorer.score_rounds(batch)
    jax.block_until_ready(total)
    return None
