# label: ok
# flax-error: none
# class: 1 CharRNN.sample scans its own cell; the make_rng key is folded with the step index scanned over as xs
"""Character RNN language model, twin of h107_rnn_lm_sample: the key from make_rng is
folded with the step number the scan runs over (xs), so each step draws new noise."""
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
        base = self.make_rng("sample")

        def step(carry, t):
            h, tok = carry
            h, logits = self(h, tok)
            key = jax.random.fold_in(base, t)
            u = jax.random.uniform(key, (VOCAB,), minval=1e-6, maxval=1.0)
            gumbel = -jnp.log(-jnp.log(u))
            tok = jnp.argmax(logits + gumbel).astype(jnp.int32)
            return (h, tok), (tok, u)

        _, (tokens, draws) = lax.scan(step, (h, token), jnp.arange(length))
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
