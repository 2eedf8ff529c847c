# label: ok
# flax-error: none
# class: 4 Sampler.sample splits self.lm and carries its state through the scan; the body merges, draws from lm.rngs.sample() and returns nnx.state(lm)
"""NNX character RNN sampling, twin of h107_nnx_lm_sample_merge: the split state travels in
the scan carry and the body returns the advanced state, so each step's Rngs counter moves
on; the final state is written back to the model."""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, H = 10, 24


class CharRNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, H, rngs=rngs)
        self.wh = nnx.Linear(H, H, rngs=rngs)
        self.head = nnx.Linear(H, VOCAB, rngs=rngs)
        self.rngs = rngs

    def __call__(self, h, tok):
        h = jnp.tanh(self.wh(h) + self.embed(tok))
        return h, self.head(h)


class Sampler:
    def __init__(self, lm):
        self.lm = lm

    def sample(self, tok, length):
        graphdef, state = nnx.split(self.lm)

        def body(carry, _):
            h, tok, state = carry
            lm = nnx.merge(graphdef, state)
            h, logits = lm(h, tok)
            g = jax.random.gumbel(lm.rngs.sample(), (VOCAB,))
            tok = jnp.argmax(logits + g).astype(jnp.int32)
            return (h, tok, nnx.state(lm)), g

        (_, _, state), gs = jax.lax.scan(body, (jnp.zeros((H,)), tok, state), None, length=length)
        nnx.update(self.lm, state)
        return gs


def main():
    lm = CharRNN(nnx.Rngs(params=0, sample=1))
    return Sampler(lm).sample(jnp.array(0, jnp.int32), 12)
