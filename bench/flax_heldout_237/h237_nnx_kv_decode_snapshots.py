# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the decoder state travels in the while_loop carry of a loop built by make_decode_loop, whose closure also keeps each merged decoder in a snapshots list used after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class KVCacheAttention(nnx.Module):
    def __init__(self, dim, max_len, *, rngs: nnx.Rngs):
        self.wq = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.wk = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.wv = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.keys = nnx.Cache(jnp.zeros((max_len, dim)))
        self.values = nnx.Cache(jnp.zeros((max_len, dim)))
        self.pos = nnx.Cache(jnp.zeros((), jnp.int32))

    def __call__(self, x):
        pos = self.pos.value
        self.keys.value = self.keys.value.at[pos].set(self.wk(x))
        self.values.value = self.values.value.at[pos].set(self.wv(x))
        self.pos.value = pos + 1
        scores = self.keys.value @ self.wq(x) / jnp.sqrt(x.shape[-1])
        scores = jnp.where(jnp.arange(scores.shape[0]) <= pos, scores, -jnp.inf)
        return jax.nn.softmax(scores) @ self.values.value


class TinyLM(nnx.Module):
    def __init__(self, vocab=12, dim=8, max_len=10, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.attn = KVCacheAttention(dim, max_len, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def next_token(self, token):
        h = self.embed(token)
        h = h + self.attn(h)
        return jnp.argmax(self.out(h))


def make_decode_loop(graphdef, num_tokens, snapshots):
    def cond(carry):
        i, _, _, _ = carry
        return i < num_tokens

    def body(carry):
        i, token, state, out = carry
        lm = nnx.merge(graphdef, state)
        token = lm.next_token(token)
        snapshots.append(lm)
        return i + 1, token, nnx.state(lm), out.at[i].set(token)

    def run(token, state):
        init = (0, token, state, jnp.zeros((num_tokens,), jnp.int32))
        _, token, state, out = jax.lax.while_loop(cond, body, init)
        return token, state, out

    return run


def main():
    lm = TinyLM(rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(lm)
    snapshots = []
    decode = make_decode_loop(graphdef, 4, snapshots)
    token, state, out = decode(jnp.array(1, jnp.int32), state)
    resumed = snapshots[-1]
    extra = resumed.next_token(token)
    jax.block_until_ready((out, extra))
    return None
