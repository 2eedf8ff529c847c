# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a TokenSampler stores the model's nnx.Rngs and pulls self.rngs.sample() inside the body of a raw scan over decode steps
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

    def _step(self, tok, _):
        logits = self.model(tok) / self.temperature
        gumbel = jax.random.gumbel(self.rngs.sample(), logits.shape)
        nxt = jnp.argmax(logits + gumbel, axis=-1)
        return nxt, gumbel

    def sample(self, prompt, steps):
        _, gumbels = scan(self._step, prompt, None, length=steps)
        return gumbels


def main():
    rngs = nnx.Rngs(params=0, sample=1)
    model = LMHead(12, 8, rngs)
    sampler = TokenSampler(model, rngs)
    return sampler.sample(jnp.zeros((2,), jnp.int32), 5)
