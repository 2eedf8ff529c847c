# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 setup decoder whose attention creates its KV cache lazily; generate scans the decode step during init
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, D, MAX_LEN = 16, 8, 6


class CachedSelfAttention(nn.Module):
    features: int
    max_len: int

    @nn.compact
    def __call__(self, x):
        # x: [batch, 1, features], one token at a time (decode mode)
        qkv = nn.DenseGeneral((3, self.features), name="qkv")(x)
        q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
        b = x.shape[0]
        cached_key = self.variable("cache", "cached_key", jnp.zeros, (b, self.max_len, self.features))
        cached_value = self.variable("cache", "cached_value", jnp.zeros, (b, self.max_len, self.features))
        cache_index = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
        i = cache_index.value
        keys = jax.lax.dynamic_update_slice(cached_key.value, k, (0, i, 0))
        values = jax.lax.dynamic_update_slice(cached_value.value, v, (0, i, 0))
        cached_key.value, cached_value.value = keys, values
        cache_index.value = i + 1
        mask = jnp.arange(self.max_len) <= i
        logits = jnp.einsum("bqd,bkd->bqk", q, keys) / jnp.sqrt(self.features)
        logits = jnp.where(mask[None, None], logits, -1e9)
        out = jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(logits), values)
        return nn.Dense(self.features, name="out")(out)


class Decoder(nn.Module):
    def setup(self):
        self.embed = nn.Embed(VOCAB, D)
        self.attn = CachedSelfAttention(D, MAX_LEN)
        self.head = nn.Dense(VOCAB)

    def __call__(self, first_token):
        def step(token, _):
            h = self.embed(token)[:, None, :]
            h = self.attn(h)
            logits = self.head(h[:, 0])
            nxt = jnp.argmax(logits, -1)
            return nxt, nxt

        _, tokens = jax.lax.scan(step, first_token, None, length=MAX_LEN)
        return tokens.T


def main():
    model = Decoder()
    start = jnp.array([1, 3], jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), start)
    tokens, mutated = model.apply(variables, start, mutable=["cache"])
    tokens2, _ = model.apply({"params": variables["params"], **mutated}, tokens[:, -1])
    print(tokens, tokens2)
    return None
