# label: same-values
# flax-error: none
# class: 1 the sampler's own rollout() calls self.make_rng('sample') inside its raw jax.lax.scan body
"""Search autocomplete backend: diverse completions are drawn with the Gumbel-max trick; the
sampler module rolls out a few suggestion slots and perturbs each slot's logits."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    vocab: int = 48
    slots: int = 6
    temperature: float = 0.8


class SuggestionSampler(nn.Module):
    config: SamplerConfig

    @nn.compact
    def __call__(self, prefix_vec):
        return nn.Dense(self.config.vocab, name='head')(prefix_vec)

    def rollout(self, prefix_vec):
        logits = self(prefix_vec) / self.config.temperature

        def slot(carry, _):
            noise = jax.random.gumbel(self.make_rng('sample'), logits.shape)
            return carry, noise

        _, noise = jax.lax.scan(slot, None, None, length=self.config.slots)
        return noise


class SuggestionService:
    def __init__(self, config=SamplerConfig()):
        self.model = SuggestionSampler(config)
        self.variables = self.model.init(jax.random.key(0), jnp.zeros((32,)))

    def perturbations(self, prefix_vec, request_key):
        return self.model.apply(self.variables, prefix_vec, method=SuggestionSampler.rollout,
                                rngs={'sample': request_key})


def main():
    service = SuggestionService()
    return service.perturbations(jnp.ones((32,)), jax.random.key(42))
