# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 helper method self.read sows into 'intermediates' inside the raw scan body; the sown maps are used after apply
"""Recurrent memory block that sows its attention weights for visualisation at every step."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class MemoryReader(nn.Module):
    slots: int = 4
    dim: int = 8

    def setup(self):
        self.memory = self.param("memory", nn.initializers.normal(0.5), (self.slots, self.dim))
        self.query = nn.Dense(self.dim)

    def read(self, h):
        w = jax.nn.softmax(self.query(h) @ self.memory.T)
        self.sow("intermediates", "attn", w)
        return w @ self.memory

    def __call__(self, xs):
        h0 = self.read(xs[0])

        def body(h, x):
            r = self.read(h + x)
            return jnp.tanh(r + h), r

        return lax.scan(body, h0, xs)[1]


def attention_entropy(state):
    maps = jnp.stack(jax.tree.leaves(state["intermediates"]))
    return -(maps * jnp.log(maps + 1e-9)).sum(-1).mean()


def main():
    model = MemoryReader()
    xs = jax.random.normal(jax.random.key(0), (6, 8))
    params = model.init(jax.random.key(1), xs)
    reads, state = model.apply(params, xs, mutable=["intermediates"])
    ent = float(attention_entropy(state))
    return None
