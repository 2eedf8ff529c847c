# label: same-values
# flax-error: none
# class: 1 CharRNN.sample scans its own cell and calls self.make_rng('sample') in the body
"""Character RNN language model with a sampling method that uses a raw lax.scan.
The body asks the module for a fresh key with make_rng every step, as in the
'make_rng inside jax.lax.scan returns the same key' reports."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB = 12


class CharRNN(nn.Module):
    hidden: int = 32

    def setup(self):
        self.embed = nn.Embed(VOCAB, self.hidden)
        self.cell = nn.SimpleCell(features=self.hidden)
        self.head = nn.Dense(VOCAB)

    def __call__(self, h, token):
        h, out = self.cell(h, self.embed(token))
        return h, self.head(out)

    def sample(self, h, token, length):
        def step(carry, _):
            h, tok = carry
            h, logits = self(h, tok)
            key = self.make_rng("sample")
            u = jax.random.uniform(key, (VOCAB,), minval=1e-6, maxval=1.0)
            gumbel = -jnp.log(-jnp.log(u))
            tok = jnp.argmax(logits + gumbel).astype(jnp.int32)
            return (h, tok), (tok, u)

        _, (tokens, draws) = lax.scan(step, (h, token), None, length=length)
        return tokens, draws


def main():
    model = CharRNN()
    h0 = jnp.zeros((32,))
    tok0 = jnp.array(1, dtype=jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), h0, tok0)
    tokens, draws = model.apply(
        variables, h0, tok0, 16, method=CharRNN.sample,
        rngs={"sample": jax.random.PRNGKey(42)},
    )
    print(tokens)
    return draws
