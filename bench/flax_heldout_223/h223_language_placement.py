# label: same-values
# flax-error: none
# class: 5 a functools.partial(model.apply, variables, rngs=...) kept on the placement service is called in the scan body
"""Language school placement: Monte Carlo dropout over the placement-test scorer."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

CEFR_LEVELS = ("A1", "A2", "B1", "B2", "C1", "C2")


class PlacementScorer(nn.Module):
    hidden: int = 24

    @nn.compact
    def __call__(self, answers, deterministic: bool = True):
        h = nn.gelu(nn.Dense(self.hidden)(answers))
        h = nn.Dropout(rate=0.3)(h, deterministic=deterministic)
        return nn.Dense(len(CEFR_LEVELS))(h)


class PlacementService:
    """Holds a ready-to-call scorer so request handlers never touch variables."""

    def __init__(self, seed: int = 0, n_items: int = 12):
        model = PlacementScorer()
        init_key, self.mc_key = jax.random.split(jax.random.key(seed))
        variables = model.init(init_key, jnp.zeros((1, n_items)))
        self._score = functools.partial(
            model.apply, variables, deterministic=False, rngs={"dropout": self.mc_key}
        )

    def uncertainty(self, answers, passes: int = 5):
        def one_pass(total, _):
            probs = jax.nn.softmax(self._score(answers), axis=-1)
            return total + probs, probs

        total, per_pass = lax.scan(one_pass, jnp.zeros((answers.shape[0], len(CEFR_LEVELS))), None, length=passes)
        return total / passes, per_pass


def main():
    service = PlacementService()
    answers = jax.random.bernoulli(jax.random.key(3), 0.6, (4, 12)).astype(jnp.float32)
    mean_probs, per_pass = service.uncertainty(answers)
    return per_pass
