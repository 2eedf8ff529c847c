# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "history" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a decode method run via apply(..., method=...) writes the 'cache' collection inside its raw scan; cache not passed as mutable
import jax
import jax.numpy as jnp
import flax.linen as nn


class TinyDecoder(nn.Module):
    vocab: int = 11
    width: int = 8
    max_len: int = 5

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.width)
        self.out = nn.Dense(self.vocab)
        self.history = self.variable("cache", "history", jnp.zeros, (self.max_len, self.width))

    def __call__(self, tokens):
        return self.out(self.embed(tokens))

    def greedy_decode(self, first_token):
        def step(carry, pos):
            tok = carry
            h = self.embed(tok)
            self.history.value = self.history.value.at[pos].set(h)
            nxt = jnp.argmax(self.out(h + self.history.value.mean(0)))
            return nxt, nxt

        _, toks = jax.lax.scan(step, first_token, jnp.arange(self.max_len))
        return toks


def main():
    dec = TinyDecoder()
    variables = dec.init(jax.random.PRNGKey(0), jnp.array([1, 2]))
    toks = dec.apply(variables, jnp.array(1), method=dec.greedy_decode)
    toks.block_until_ready()
    return None
