# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/attn" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 generate method's lax.while_loop body calls self(...), whose attention layer writes its KV cache variables
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB = 16
MAX_LEN = 8


class CachedSelfAttention(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, x):
        q = nn.Dense(self.features, name="query")(x)
        k = nn.Dense(self.features, name="key")(x)
        v = nn.Dense(self.features, name="value")(x)
        cached_k = self.variable("cache", "cached_key", jnp.zeros, (MAX_LEN, self.features))
        cached_v = self.variable("cache", "cached_value", jnp.zeros, (MAX_LEN, self.features))
        index = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
        i = index.value
        cached_k.value = cached_k.value.at[i].set(k)
        cached_v.value = cached_v.value.at[i].set(v)
        index.value = i + 1
        scores = jnp.where(jnp.arange(MAX_LEN) <= i, cached_k.value @ q, -1e9)
        return jax.nn.softmax(scores / jnp.sqrt(self.features)) @ cached_v.value


class TinyLM(nn.Module):
    def setup(self):
        self.embed = nn.Embed(VOCAB, 16)
        self.attn = CachedSelfAttention()
        self.out = nn.Dense(VOCAB)

    def __call__(self, token):
        return self.out(self.attn(self.embed(token)))

    def generate(self, first_token, steps):
        def cond(state):
            return state[0] < steps

        def body(state):
            i, token, tokens = state
            next_token = jnp.argmax(self(token)).astype(jnp.int32)
            return i + 1, next_token, tokens.at[i].set(next_token)

        init = (0, first_token, jnp.zeros((steps,), jnp.int32))
        return lax.while_loop(cond, body, init)[2]


def main():
    model = TinyLM()
    token = jnp.array(3, jnp.int32)
    variables = model.init(jax.random.key(0), token)
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])
    tokens = model.apply({"params": variables["params"], "cache": cache}, token, 5,
                         method=TinyLM.generate)
    return None
