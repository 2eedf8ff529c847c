# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Reader.read scans over self.block, whose Attention submodule sows its weights into 'intermediates'
"""Iterative attention reader (pointer-network style): a query repeatedly attends over a
memory with a raw lax.scan in a module method. The inner attention layer records its
weights with self.sow('intermediates', ...) and the caller asks for them with
mutable=['intermediates'] to plot them."""
import jax
import jax.numpy as jnp
import flax.linen as nn

D = 16


class Attention(nn.Module):
    @nn.compact
    def __call__(self, query, memory):
        q = nn.Dense(D, name="q")(query)
        k = nn.Dense(D, name="k")(memory)
        weights = jax.nn.softmax(k @ q / jnp.sqrt(D))
        self.sow("intermediates", "weights", weights)
        return weights @ memory


class Block(nn.Module):
    def setup(self):
        self.attn = Attention()
        self.mlp = nn.Dense(D)

    def __call__(self, h, memory):
        return h + self.mlp(self.attn(h, memory))


class Reader(nn.Module):
    def setup(self):
        self.block = Block()

    def __call__(self, h, memory):
        return self.block(h, memory)

    def read(self, h0, memory, hops):
        def hop(h, _):
            return self.block(h, memory), None

        h, _ = jax.lax.scan(hop, h0, None, length=hops)
        return h


def main():
    reader = Reader()
    memory = jax.random.normal(jax.random.PRNGKey(0), (7, D))
    h0 = jnp.ones((D,))
    variables = reader.init(jax.random.PRNGKey(1), h0, memory)
    h, inter = reader.apply(variables, h0, memory, 4, method=Reader.read, mutable=["intermediates"])
    weights = inter["intermediates"]["block"]["attn"]["weights"]
    print(jnp.stack(weights).sum(-1))
    return None
