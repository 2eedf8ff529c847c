# label: same-values
# flax-error: none
# class: 3 one key is drawn from nnx.Rngs before the loop and reused by every scan step
"""Token-by-token text generation with temperature (NNX): sampling key drawn once, outside lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

VOCAB = 24


class CharRNN(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(VOCAB, 16, rngs=rngs)
        self.cell = nnx.Linear(32, 16, rngs=rngs)
        self.out = nnx.Linear(16, VOCAB, rngs=rngs)

    def __call__(self, tok, h):
        h = jnp.tanh(self.cell(jnp.concatenate([self.embed(tok), h], -1)))
        return self.out(h), h


def main():
    model = CharRNN(nnx.Rngs(params=0))
    rngs = nnx.Rngs(sample=5)
    temperature = 0.7
    key = rngs.sample()

    def step(carry, _):
        tok, h = carry
        logits, h = model(tok, h)
        u = jax.random.uniform(key, logits.shape, minval=1e-6, maxval=1.0)
        gumbel = -jnp.log(-jnp.log(u))
        tok = jnp.argmax(logits / temperature + gumbel, -1)
        return (tok, h), gumbel

    _, noise = scan(step, (jnp.array([2, 3]), jnp.zeros((2, 16))), None, length=12)
    return noise
