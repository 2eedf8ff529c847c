# label: same-values
# flax-error: none
# class: 5 the scan body builds its own nnx.Rngs through sampler.rng_factory (a functools.partial over the configured seed)
"""Product recommendation: sample several diversified shortlists for one shopper with Plackett-Luce noise."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx

scan = jax.lax.scan


class AffinityModel(nnx.Module):
    def __init__(self, features: int, items: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, items, rngs=rngs)

    def __call__(self, shopper):
        return nnx.log_softmax(self.proj(shopper))


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    draws: int = 4
    sample_seed: int = 8
    temperature: float = 0.5


class ShortlistSampler:
    def __init__(self, model: AffinityModel, config: SamplerConfig):
        self.model = model
        self.config = config
        self.rng_factory = functools.partial(nnx.Rngs, sample=config.sample_seed)

    def _perturbed(self, logits, rngs):
        gumbel = jax.random.gumbel(rngs.sample(), logits.shape)
        return logits / self.config.temperature + gumbel

    def sample(self, shopper):
        logits = self.model(shopper)

        def draw(_, __):
            rngs = self.rng_factory()
            return None, self._perturbed(logits, rngs)

        _, perturbed = scan(draw, None, None, length=self.config.draws)
        return perturbed


def main():
    model = AffinityModel(features=3, items=5, rngs=nnx.Rngs(0))
    sampler = ShortlistSampler(model, SamplerConfig())
    return sampler.sample(jnp.array([0.6, -0.2, 1.1]))
