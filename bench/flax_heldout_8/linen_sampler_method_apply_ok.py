# label: ok
# flax-error: none
# class: 3 init goes through __call__; a separate sample method run under apply(method=...) uses a bound-method scan body calling the built submodules
import jax
import jax.numpy as jnp
import flax.linen as nn


class CharLM(nn.Module):
    vocab: int = 20
    dim: int = 8

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.cell = nn.GRUCell(self.dim)
        self.out = nn.Dense(self.vocab)

    def __call__(self, tokens):
        h = jnp.zeros((tokens.shape[0], self.dim))
        for t in range(tokens.shape[1]):
            h, y = self.cell(h, self.embed(tokens[:, t]))
        return self.out(y)

    def _greedy_step(self, carry, _):
        h, tok = carry
        h, y = self.cell(h, self.embed(tok))
        nxt = jnp.argmax(self.out(y), axis=-1)
        return (h, nxt), nxt

    def sample(self, start, length):
        h0 = jnp.zeros((start.shape[0], self.dim))
        _, toks = jax.lax.scan(self._greedy_step, (h0, start), None, length=length)
        return toks.T


def main():
    lm = CharLM()
    variables = lm.init(jax.random.key(0), jnp.zeros((2, 3), jnp.int32))
    toks = lm.apply(variables, jnp.array([1, 2]), 9, method=CharLM.sample)
    print(toks)
    return None
