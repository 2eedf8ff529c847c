# label: ok
# flax-error: none
# class: 3 a BatchServer's InferenceEngine splits the decoder (with KVCache(nnx.Variable) slots) and carries its state through the raw jax.lax.scan, merging inside the body and updating after
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
        graphdef, state = nnx.split(self.model)

        def body(carry, _):
            tok, state = carry
            model = nnx.merge(graphdef, state)
            logits = model(tok)
            nxt = jnp.argmax(logits[:, -1], -1)[:, None]
            return (nxt, nnx.state(model)), nxt[:, 0]

        (_, state), out = jax.lax.scan(body, (tok, state), None, length=steps)
        nnx.update(self.model, state)
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
