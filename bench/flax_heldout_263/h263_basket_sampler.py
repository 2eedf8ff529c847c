# label: same-values
# flax-error: none
# class: 4 the while_loop body reaches self.policy.explorer.gumbel, whose make_rng("explore") runs inside the body
"""Basket completion: draw several exploratory rankings of the catalogue for the same shopper."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class ExplorationNoise(nn.Module):
    scale: float = 0.5

    def gumbel(self, shape):
        return self.scale * jax.random.gumbel(self.make_rng("explore"), shape)


class SamplingPolicy(nn.Module):
    temperature: float = 1.0

    def setup(self):
        self.explorer = ExplorationNoise()

    def perturb(self, scores):
        return scores / self.temperature + self.explorer.gumbel(scores.shape)


class BasketSampler(nn.Module):
    num_items: int
    rounds: int = 4

    def setup(self):
        self.scorer = nn.Dense(self.num_items)
        self.policy = SamplingPolicy()

    def __call__(self, shopper):
        scores = self.scorer(shopper)

        def keep_going(state):
            return state[0] < self.rounds

        def draw(state):
            i, draws = state
            return i + 1, draws.at[i].set(self.policy.perturb(scores))

        _, draws = while_loop(keep_going, draw, (0, jnp.zeros((self.rounds, self.num_items))))
        return draws


@dataclasses.dataclass
class SamplerJob:
    sampler: BasketSampler
    seed: int = 0

    def keys(self, purpose):
        return dict(zip(purpose, jax.random.split(jax.random.key(self.seed), len(purpose))))

    def run(self, shopper):
        variables = self.sampler.init(self.keys(("params", "explore")), shopper)
        return self.sampler.apply(variables, shopper, rngs=self.keys(("explore",)))


def main():
    shopper = jnp.array([0.2, 0.9, -0.4])
    return SamplerJob(BasketSampler(num_items=6)).run(shopper)
