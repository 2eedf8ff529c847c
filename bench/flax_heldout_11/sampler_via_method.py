# label: ok
# flax-error: none
# class: 3 sampling idiom: init goes through __call__, apply(method=sample) scans over the built cell
import jax
import jax.numpy as jnp
import flax.linen as nn


class CharRNN(nn.Module):
    vocab: int = 7
    hid: int = 12

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hid)
        self.cell = nn.LSTMCell(self.hid)
        self.head = nn.Dense(self.vocab)

    def __call__(self, toks):
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), (toks.shape[0], self.hid))
        for t in range(toks.shape[1]):
            carry, h = self.cell(carry, self.embed(toks[:, t]))
        return self.head(h)

    def sample(self, first, key, n=8):
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), (first.shape[0], self.hid))
        keys = jax.random.split(key, n)

        def body(state, k):
            carry, tok = state
            carry, h = self.cell(carry, self.embed(tok))
            tok = jax.random.categorical(k, self.head(h))
            return (carry, tok), tok

        _, toks = jax.lax.scan(body, (carry, first), keys)
        return toks


def main():
    model = CharRNN()
    toks = jnp.zeros((2, 5), jnp.int32)
    params = model.init(jax.random.PRNGKey(0), toks)
    out = model.apply(params, toks[:, 0], jax.random.PRNGKey(3), method=CharRNN.sample)
    print(out.T)
    return None
