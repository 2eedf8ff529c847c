# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "h" in "/cell" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the while_loop body in Decoder.generate calls `self.cell`, a cached GRU cell that writes its hidden state to the 'cache' collection (not mutable at apply)
"""Greedy autoregressive decoding with a GRU cell that caches its hidden state."""
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB = 5
HIDDEN = 6
EOS = 0


class CachedGRU(nn.Module):
    hidden: int = HIDDEN

    @nn.compact
    def __call__(self, x):
        h = self.variable("cache", "h", lambda: jnp.zeros((x.shape[0], self.hidden)))
        new_h, y = nn.GRUCell(self.hidden, name="gru")(h.value, x)
        h.value = new_h
        return y


class Decoder(nn.Module):
    max_len: int = 6

    def setup(self):
        self.embed = nn.Embed(VOCAB, HIDDEN)
        self.cell = CachedGRU()
        self.logits = nn.Dense(VOCAB)

    def __call__(self, tokens):
        return self.logits(self.cell(self.embed(tokens)))

    def generate(self, first):
        out = jnp.zeros((first.shape[0], self.max_len), jnp.int32).at[:, 0].set(first)

        def cond(state):
            i, tok, _ = state
            return (i < self.max_len) & jnp.any(tok != EOS)

        def body(state):
            i, tok, out = state
            nxt = jnp.argmax(self.logits(self.cell(self.embed(tok))), axis=-1)
            return i + 1, nxt, out.at[:, i].set(nxt)

        _, _, out = jax.lax.while_loop(cond, body, (1, first, out))
        return out


def main():
    first = jnp.array([1, 3])
    decoder = Decoder()
    variables = decoder.init(jax.random.key(0), first)
    params = {"params": variables["params"], "cache": variables["cache"]}
    tokens = decoder.apply(params, first, method=Decoder.generate)
    jax.block_until_ready(tokens)
    return None
