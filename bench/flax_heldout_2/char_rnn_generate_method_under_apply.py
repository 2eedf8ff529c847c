# label: ok
# flax-error: none
# class: 3 char-RNN initialised via __call__, greedy generate method scans over setup submodules under apply
import jax
import jax.numpy as jnp
from flax import linen as nn


class CharRNN(nn.Module):
    vocab: int = 20
    hidden: int = 32

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.LSTMCell(self.hidden)
        self.head = nn.Dense(self.vocab)

    def __call__(self, tokens):
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), (tokens.shape[0], self.hidden))
        outs = []
        for t in range(tokens.shape[1]):
            carry, h = self.cell(carry, self.embed(tokens[:, t]))
            outs.append(self.head(h))
        return jnp.stack(outs, axis=1)

    def generate(self, first_token, length: int):
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), (first_token.shape[0], self.hidden))

        def body(state, _):
            carry, tok = state
            carry, h = self.cell(carry, self.embed(tok))
            tok = jnp.argmax(self.head(h), axis=-1)
            return (carry, tok), tok

        _, toks = jax.lax.scan(body, (carry, first_token), None, length=length)
        return toks


def main():
    tokens = jnp.zeros((2, 4), jnp.int32)
    model = CharRNN()
    params = model.init(jax.random.PRNGKey(0), tokens)
    model.apply(params, tokens[:, 0], 6, method=CharRNN.generate)
    return None
