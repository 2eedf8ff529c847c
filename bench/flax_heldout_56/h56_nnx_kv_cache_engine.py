# label: trace-context
# flax-error: TraceContextError: Cannot mutate KVCache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a BatchServer's InferenceEngine drives a decoder whose attention keeps KVCache(nnx.Variable) slots; the raw jax.lax.scan decode body writes the outer cache variables
import jax
import jax.numpy as jnp
from flax import nnx


class KVCache(nnx.Variable):
    pass


class CachedSelfAttention(nnx.Module):
    def __init__(self, dim, max_len, batch, *, rngs):
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.k_cache = KVCache(jnp.zeros((batch, max_len, dim)))
        self.v_cache = KVCache(jnp.zeros((batch, max_len, dim)))
        self.index = KVCache(jnp.array(0, jnp.int32))

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index.value
        self.k_cache.value = jax.lax.dynamic_update_slice(self.k_cache.value, k, (0, i, 0))
        self.v_cache.value = jax.lax.dynamic_update_slice(self.v_cache.value, v, (0, i, 0))
        self.index.value = i + 1
        w = jax.nn.softmax(q @ self.k_cache.value.swapaxes(-1, -2), axis=-1)
        return w @ self.v_cache.value


class Decoder(nnx.Module):
    def __init__(self, vocab, dim, max_len, batch, *, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.attn = CachedSelfAttention(dim, max_len, batch, rngs=rngs)
        self.lm_head = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tok):
        h = self.embed(tok)
        return self.lm_head(h + self.attn(h))


class InferenceEngine:
    def __init__(self, model):
        self.model = model

    def generate(self, tok, steps):
        def body(tok, _):
            logits = self.model(tok)
            nxt = jnp.argmax(logits[:, -1], -1)[:, None]
            return nxt, nxt[:, 0]

        _, out = jax.lax.scan(body, tok, None, length=steps)
        return out


class BatchServer:
    def __init__(self, engine: InferenceEngine, max_new_tokens=4):
        self.engine = engine
        self.max_new_tokens = max_new_tokens

    def serve(self, requests):
        return self.engine.generate(requests, self.max_new_tokens)


def main():
    model = Decoder(16, 8, 8, 2, rngs=nnx.Rngs(0))
    server = BatchServer(InferenceEngine(model))
    server.serve(jnp.zeros((2, 1), jnp.int32))
    return None
