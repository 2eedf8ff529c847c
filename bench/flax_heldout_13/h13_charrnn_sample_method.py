# label: ok
# flax-error: none
# class: 3 setup submodules built by __call__ at init and scanned over in a sample method run only by apply(method=...), keys split outside and passed as xs
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB = 20
HIDDEN = 16


class CharRNN(nn.Module):
    vocab: int = VOCAB
    hidden: int = HIDDEN

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(self.vocab)

    def __call__(self, tokens):
        carry = jnp.zeros((tokens.shape[0], self.hidden))
        outs = []
        for t in range(tokens.shape[1]):
            carry, y = self.cell(carry, self.embed(tokens[:, t]))
            outs.append(self.head(y))
        return jnp.stack(outs, axis=1)

    def sample(self, first, keys, temperature=1.0):
        def step(state, key):
            carry, tok = state
            carry, y = self.cell(carry, self.embed(tok))
            nxt = jax.random.categorical(key, self.head(y) / temperature)
            return (carry, nxt), nxt

        carry = jnp.zeros((first.shape[0], self.hidden))
        _, toks = jax.lax.scan(step, (carry, first), keys)
        return toks


def main():
    model = CharRNN()
    variables = model.init(jax.random.key(0), jnp.zeros((4, 7), jnp.int32))
    variables = jax.tree.map(lambda a: a + 0, variables)
    keys = jax.random.split(jax.random.key(42), 10)
    toks = model.apply(variables, jnp.zeros((4,), jnp.int32), keys, 2.0, method=CharRNN.sample)
    return toks
