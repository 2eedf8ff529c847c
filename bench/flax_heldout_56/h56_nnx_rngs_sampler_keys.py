# label: ok
# flax-error: none
# class: 2 a TokenSampler pulls one key from the stored nnx.Rngs 'sample' stream outside the loop, splits it per step and feeds the keys as xs of a raw scan
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class LMHead(nnx.Module):
    def __init__(self, vocab, dim, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tok):
        return self.out(self.embed(tok))


class TokenSampler:
    def __init__(self, model, rngs: nnx.Rngs, temperature=1.0):
        self.model = model
        self.rngs = rngs
        self.temperature = temperature

    def _step(self, tok, key):
        logits = self.model(tok) / self.temperature
        gumbel = jax.random.gumbel(key, logits.shape)
        nxt = jnp.argmax(logits + gumbel, axis=-1)
        return nxt, gumbel

    def sample(self, prompt, steps):
        keys = jax.random.split(self.rngs.sample(), steps)
        _, gumbels = scan(self._step, prompt, keys)
        return gumbels


def main():
    rngs = nnx.Rngs(params=0, sample=1)
    model = LMHead(12, 8, rngs)
    sampler = TokenSampler(model, rngs)
    return sampler.sample(jnp.zeros((2,), jnp.int32), 5)
