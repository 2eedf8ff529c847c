# label: ok
# flax-error: none
# class: 3 make_rng('sample') is drawn once before the lax.scan and a helper folds in the candidate index passed as xs
"""Best-of-N continuation proposals for a symbolic music token model with top-k sampling."""
from dataclasses import dataclass
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen


@dataclass(frozen=True)
class MusicConfig:
    vocab: int = 48
    width: int = 32
    horizon: int = 8
    top_k: int = 6


def top_k_sample(key, logits, k):
    vals, idx = jax.lax.top_k(logits, k)
    choice = jax.random.categorical(key, vals, axis=-1)
    return jnp.take_along_axis(idx, choice[..., None], axis=-1)[..., 0]


class PhraseDecoder(linen.Module):
    cfg: MusicConfig

    @linen.compact
    def __call__(self, ctx):
        h = linen.gelu(linen.Dense(self.cfg.width)(ctx))
        pos = self.param("pos", linen.initializers.normal(0.02), (self.cfg.horizon, self.cfg.width))
        return linen.Dense(self.cfg.vocab)(h[None, :] + pos)


class MusicLM(linen.Module):
    cfg: MusicConfig

    def setup(self):
        self.embed = linen.Embed(self.cfg.vocab, self.cfg.width)
        self.decoder = PhraseDecoder(self.cfg)

    def __call__(self, prompt):
        return self.decoder(self.embed(prompt).mean(axis=0))

    def _draw(self, key, logits):
        return top_k_sample(key, logits, self.cfg.top_k)

    def _candidate(self, key, ctx):
        return self._draw(key, self.decoder(ctx))

    def propose(self, prompt, n_candidates):
        ctx = self.embed(prompt).mean(axis=0)
        base = self.make_rng("sample")

        def body(carry, i):
            return carry, self._candidate(jax.random.fold_in(base, i), ctx)

        _, cands = jax.lax.scan(body, None, jnp.arange(n_candidates))
        return cands


@partial(jax.jit, static_argnums=(0, 3))
def propose_phrases(model, variables, prompt, n, key):
    return model.apply(variables, prompt, n, method=MusicLM.propose, rngs={"sample": key})


def main():
    cfg = MusicConfig()
    model = MusicLM(cfg)
    prompt = jnp.array([3, 11, 7, 19, 3, 11], dtype=jnp.int32)
    variables = model.init(jax.random.key(0), prompt)
    cands = propose_phrases(model, variables, prompt, 5, jax.random.key(42))
    return cands
