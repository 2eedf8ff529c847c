# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the body calls self.encoder.mixer, which sows its attention weights into 'intermediates' while the scan is traced
"""Recurrent memory model whose attention weights are collected with sow for plotting.

Modelled on "how do I get intermediates out of a module run inside lax.scan": the mixer sows
its attention map on every step and the top-level apply asks for mutable=['intermediates'].
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Mixer(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, memory, query):
        q = nn.Dense(self.dim, name="q")(query)
        scores = memory @ q / jnp.sqrt(self.dim)
        attn = jax.nn.softmax(scores)
        self.sow("intermediates", "attn", attn)
        return attn @ memory


class Encoder(nn.Module):
    dim: int

    def setup(self):
        self.mixer = Mixer(self.dim)
        self.update = nn.Dense(self.dim)

    def __call__(self, memory, query):
        read = self.mixer(memory, query)
        return jnp.tanh(self.update(jnp.concatenate([read, query])))


class Reader(nn.Module):
    dim: int = 8

    def setup(self):
        self.encoder = Encoder(self.dim)

    def read_once(self, memory, query):
        return self.encoder(memory, query)

    def __call__(self, memory, queries):
        def body(state, q):
            r = self.encoder.mixer(memory, q + state)
            state = jnp.tanh(self.encoder.update(jnp.concatenate([r, q])))
            return state, state

        _, states = scan(body, jnp.zeros(self.dim), queries)
        return states


def main():
    model = Reader()
    memory = jax.random.normal(jax.random.key(0), (5, 8))
    queries = jax.random.normal(jax.random.key(1), (4, 8))
    variables = model.init(jax.random.key(2), memory, queries[0], method=Reader.read_once)
    states, inter = model.apply({"params": variables["params"]}, memory, queries,
                                mutable=["intermediates"])
    attn = jnp.stack(inter["intermediates"]["encoder"]["mixer"]["attn"])
    print(states.shape, attn.sum(-1))
    return None
