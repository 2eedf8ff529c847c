# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body calls model.step, which keeps the keys and values in a plain Python KVStore object the module holds; the next decode call reads them
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, D, MAX_LEN = 10, 8, 6


class KVStore:
    def __init__(self, max_len, dim):
        self.k = jnp.zeros((max_len, dim))
        self.v = jnp.zeros((max_len, dim))


class Decoder(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
        self.qkv = nnx.Linear(D, 3 * D, rngs=rngs)
        self.head = nnx.Linear(D, VOCAB, rngs=rngs)
        self.store = KVStore(MAX_LEN, D)

    def step(self, token, index):
        x = self.embed(token)
        q, k, v = jnp.split(self.qkv(x), 3, -1)
        self.store.k = self.store.k.at[index].set(k)
        self.store.v = self.store.v.at[index].set(v)
        scores = jnp.where(jnp.arange(MAX_LEN) <= index, self.store.k @ q, -1e9)
        return self.head(x + jax.nn.softmax(scores) @ self.store.v)


def generate(model, prompt_token, n_new):
    def body(carry, index):
        token = carry
        nxt = jnp.argmax(model.step(token, index)).astype(jnp.int32)
        return nxt, nxt

    last, toks = jax.lax.scan(body, prompt_token, jnp.arange(n_new))
    final_logits = model.step(last, n_new)
    return jnp.concatenate([toks, jnp.argmax(final_logits, keepdims=True)])


def main():
    model = Decoder(nnx.Rngs(0))
    out = generate(model, jnp.array(1, jnp.int32), MAX_LEN - 2)
    assert out.shape == (MAX_LEN - 1,)
    return None
