# label: same-values
# flax-error: none
# class: 5 the scan body is functools.partial(_expand, model, prefix, key) made by make_expander, which draws the Gumbel key from model.rngs once when the expander is built

import functools

import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, WIDTH, BEAMS = 9, 8, 3


class PrefixScorer(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, WIDTH, rngs=rngs)
        self.mix = nnx.Linear(WIDTH, WIDTH, rngs=rngs)
        self.out = nnx.Linear(WIDTH, VOCAB, rngs=rngs)
        self.rngs = rngs

    def __call__(self, prefix):
        h = jnp.tanh(self.mix(self.embed(prefix).mean(axis=0)))
        return jax.nn.log_softmax(self.out(h))


def _expand(model, prefix, key, carry, _, temperature=1.0):
    logp = model(prefix) / temperature
    perturbed = logp + jax.random.gumbel(key, logp.shape)
    scores, tokens = jax.lax.top_k(perturbed, BEAMS)
    return carry, (scores, tokens)


def make_expander(model, prefix, temperature=1.0):
    key = model.rngs.gumbel()
    return functools.partial(_expand, model, prefix, key, temperature=temperature)


def stochastic_expansions(model, prefix, num_samples):
    expand = make_expander(model, prefix)
    _, (scores, tokens) = jax.lax.scan(expand, None, None, length=num_samples)
    return scores, tokens


def main():
    model = PrefixScorer(rngs=nnx.Rngs(params=0, gumbel=1))
    prefix = jnp.array([0, 4, 2], jnp.int32)
    return stochastic_expansions(model, prefix, num_samples=5)
