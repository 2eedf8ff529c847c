# label: ok
# flax-error: none
# class: 2 the raw scan body calls the _gumbel_step helper with a per-step key split from one draw of the sampler's nnx.Rngs 'sample' stream, fed as xs
"""Temperature sampling with the Gumbel-max trick for an NNX language model; returns the per-step noise."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class SamplingConfig:
    vocab: int = 7
    dim: int = 8
    steps: int = 5
    temperature: float = 0.8


class BigramLM(nnx.Module):
    def __init__(self, cfg: SamplingConfig, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(cfg.vocab, cfg.dim, rngs=rngs)
        self.proj = nnx.Linear(cfg.dim, cfg.vocab, rngs=rngs)

    def __call__(self, token):
        return self.proj(nnx.gelu(self.embed(token)))


class TokenSampler:
    def __init__(self, model: BigramLM, cfg: SamplingConfig, seed: int = 0):
        self.model = model
        self.cfg = cfg
        self.rngs = nnx.Rngs(sample=seed)

    def _gumbel_step(self, token, key):
        logits = self.model(token) / self.cfg.temperature
        g = jax.random.gumbel(key, logits.shape)
        return jnp.argmax(logits + g, axis=-1), g

    def sample(self, first_token):
        self.model.eval()
        keys = jax.random.split(self.rngs.sample(), self.cfg.steps)

        def body(token, key):
            nxt, noise = self._gumbel_step(token, key)
            return nxt, noise

        _, noise = scan(body, first_token, keys)
        return noise


def main():
    cfg = SamplingConfig()
    model = BigramLM(cfg, rngs=nnx.Rngs(params=0))
    sampler = TokenSampler(model, cfg, seed=1)
    return sampler.sample(jnp.array([0, 3]))
