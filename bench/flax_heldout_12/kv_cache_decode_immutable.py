# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 greedy decoding: the raw lax.fori_loop body calls a helper method that writes the 'cache' collection, while apply was not given mutable=['cache']
import jax
import jax.numpy as jnp
import flax.linen as nn


class CachedDecoder(nn.Module):
    vocab: int = 20
    d: int = 16
    max_len: int = 8
    batch: int = 2

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.d)
        self.query = nn.Dense(self.d)
        self.out = nn.Dense(self.vocab)
        self.keys = self.variable("cache", "keys", jnp.zeros, (self.batch, self.max_len, self.d))

    def _attend(self, tok, idx):
        keys = self.keys
        x = self.embed(tok)
        keys.value = keys.value.at[:, idx].set(x)
        att = jax.nn.softmax(jnp.einsum("bd,btd->bt", self.query(x), keys.value), -1)
        return self.out(jnp.einsum("bt,btd->bd", att, keys.value))

    def __call__(self, tok):
        return self._attend(tok, 0)

    def generate(self, tok0):
        def body(i, state):
            tok, toks = state
            tok = jnp.argmax(self._attend(tok, i), -1)
            return tok, toks.at[:, i].set(tok)

        toks = jnp.zeros((tok0.shape[0], self.max_len), jnp.int32)
        return jax.lax.fori_loop(0, self.max_len, body, (tok0, toks))[1]


def main():
    model = CachedDecoder()
    tok0 = jnp.zeros((2,), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), tok0)
    toks = model.apply(variables, tok0, method=CachedDecoder.generate)
    jax.block_until_ready(toks)
    return None
