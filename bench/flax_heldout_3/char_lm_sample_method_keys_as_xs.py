# label: ok
# flax-error: none
# class: 5 char-level LM: init via teacher-forced __call__, sample method (apply only) with keys as xs
"""Shape from flax examples' sampling idiom: parameters come from __call__, and a separate
`sample` method loops with jax.lax.scan over already-built submodules, one key per step in xs."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class CharLM(nn.Module):
    vocab: int = 10
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.LSTMCell(self.hidden)
        self.head = nn.Dense(self.vocab)

    def __call__(self, tokens):
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), (tokens.shape[0], self.hidden))
        outs = []
        for t in range(tokens.shape[1]):
            carry, y = self.cell(carry, self.embed(tokens[:, t]))
            outs.append(self.head(y))
        return jnp.stack(outs, 1)

    def sample(self, first, keys, temperature=1.0):
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), (first.shape[0], self.hidden))

        def step(state, key):
            carry, tok = state
            carry, y = self.cell(carry, self.embed(tok))
            tok = jax.random.categorical(key, self.head(y) / temperature)
            return (carry, tok), tok

        _, toks = jax.lax.scan(step, (carry, first), keys)
        return toks


def main():
    model = CharLM()
    tokens = jnp.ones((4, 6), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), tokens)
    keys = jax.random.split(jax.random.PRNGKey(7), 12)
    toks = model.apply(variables, tokens[:, 0], keys, method=CharLM.sample)
    return toks
