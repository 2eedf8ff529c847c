# label: ok
# flax-error: none
# class: 5 sampler.rngs, built once by sampler.rng_factory (a functools.partial over the configured seed), is split and its state threaded through the scan carry
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
        self.rngs = self.rng_factory()

    def _perturbed(self, logits, rngs):
        gumbel = jax.random.gumbel(rngs.sample(), logits.shape)
        return logits / self.config.temperature + gumbel

    def sample(self, shopper):
        logits = self.model(shopper)
        graphdef, rng_state = nnx.split(self.rngs)

        def draw(rng_state, _):
            rngs = nnx.merge(graphdef, rng_state)
            out = self._perturbed(logits, rngs)
            return nnx.state(rngs), out

        rng_state, perturbed = scan(draw, rng_state, None, length=self.config.draws)
        nnx.update(self.rngs, rng_state)
        return perturbed


def main():
    model = AffinityModel(features=3, items=5, rngs=nnx.Rngs(0))
    sampler = ShortlistSampler(model, SamplerConfig())
    return sampler.sample(jnp.array([0.6, -0.2, 1.1]))
