# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/remat(CheckpointCachedBlock_0)" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 greedy_decode calls model.apply on a nn.remat-wrapped block whose key cache is written, with no mutable collections, inside the while_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

MAX_LEN = 6
HIDDEN = 16
VOCAB = 24


class CachedBlock(nn.Module):
    @nn.compact
    def __call__(self, h):
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        keys = self.variable("cache", "keys", jnp.zeros, (MAX_LEN,) + h.shape)
        k = nn.Dense(HIDDEN)(h)
        keys.value = keys.value.at[index.value].set(k)
        index.value = index.value + 1
        att = jnp.einsum("bd,tbd->bt", h, keys.value)
        return h + jnp.einsum("bt,tbd->bd", jax.nn.softmax(att, -1), keys.value)


RematBlock = nn.remat(CachedBlock)


class SummaryDecoder(nn.Module):
    @nn.compact
    def __call__(self, tok):
        h = nn.Embed(VOCAB, HIDDEN)(tok)
        h = RematBlock()(h)
        return nn.Dense(VOCAB)(h)


def greedy_decode(model, variables, first_tok, min_len=2):
    def cond(carry):
        i, tok, out = carry
        return (i < MAX_LEN) & ~((i >= min_len) & jnp.all(tok == 0))

    def body(carry):
        i, tok, out = carry
        logits = model.apply(variables, tok)
        tok = jnp.argmax(logits, -1)
        return i + 1, tok, out.at[i].set(tok)

    out = jnp.zeros((MAX_LEN,) + first_tok.shape, jnp.int32)
    return lax.while_loop(cond, body, (0, first_tok, out))[2]


def main():
    model = SummaryDecoder()
    first = jnp.ones((2,), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), first)
    greedy_decode(model, variables, first)
    return None
