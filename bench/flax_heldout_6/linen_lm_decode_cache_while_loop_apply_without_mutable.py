# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 an lm1b-style greedy decoder whose cache is written in a lax.while_loop body; whether it fails depends on the later apply call, which forgets mutable=["cache"]
import jax
import jax.numpy as jnp
import flax.linen as nn


class CachedDecoder(nn.Module):
    vocab: int = 13
    dim: int = 8
    max_len: int = 6

    @nn.compact
    def __call__(self, tok, decode=False):
        embed = nn.Embed(self.vocab, self.dim)
        h = embed(tok)
        keys = self.variable("cache", "keys", jnp.zeros, (self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if decode:
            i = index.value
            keys.value = keys.value.at[i].set(h)
            index.value = i + 1
            h = jnp.sum(keys.value, axis=0) / (i + 1)
        return embed.attend(h)


def greedy_decode(model, variables, bos, max_len):
    def cond(state):
        i, _, _ = state
        return i < max_len

    def body(state):
        i, tok, out = state
        logits = model.apply(variables, tok, decode=True)
        nxt = jnp.argmax(logits).astype(jnp.int32)
        return i + 1, nxt, out.at[i].set(nxt)

    return jax.lax.while_loop(cond, body, (0, bos, jnp.zeros((max_len,), jnp.int32)))[2]


def main():
    model = CachedDecoder()
    bos = jnp.array(1, jnp.int32)
    variables = model.init(jax.random.key(0), bos)
    toks = greedy_decode(model, variables, bos, 6)
    toks.block_until_ready()
    return None
