# label: same-values
# flax-error: none
# class: 1 one key drawn from the module's nnx.Rngs before jax.lax.scan and closed over by the sampling body
"""NNX melody sampler: Gumbel-max sampling of MIDI pitch tokens from a small recurrent LM."""
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB = 32


class MelodyLM(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, dim, rngs=rngs)
        self.cell = nnx.SimpleCell(dim, dim, rngs=rngs)
        self.out = nnx.Linear(dim, VOCAB, rngs=rngs)
        self.rngs = rngs
        self.dim = dim

    def sample(self, start, length: int, temperature: float = 1.0):
        key = self.rngs.sample()

        def body(carry, _):
            h, tok = carry
            h, y = self.cell(h, self.embed(tok))
            g = jax.random.gumbel(key, (tok.shape[0], VOCAB))
            tok = jnp.argmax(self.out(y) / temperature + g, axis=-1)
            return (h, tok), g

        h0 = jnp.zeros((start.shape[0], self.dim))
        _, gumbels = jax.lax.scan(body, (h0, start), None, length=length)
        return gumbels


def main():
    lm = MelodyLM(16, rngs=nnx.Rngs(params=0, sample=1))
    return lm.sample(jnp.zeros((2,), jnp.int32), length=6)
