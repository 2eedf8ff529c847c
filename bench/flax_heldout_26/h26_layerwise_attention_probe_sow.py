# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow into 'intermediates' inside the raw lax.scan body over stacked layer weights, with intermediates mutable
# modelled on: flax.linen.Module.sow docs, "Stores a value in a collection" (ott-jax API reference page)
"""Weight-stacked attention layers iterated with lax.scan; attention maps are probed."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StackedAttention(nn.Module):
    depth: int = 3
    dim: int = 8

    @nn.compact
    def __call__(self, x):
        init = nn.initializers.normal(0.1)
        wq = self.param("wq", init, (self.depth, self.dim, self.dim))
        wk = self.param("wk", init, (self.depth, self.dim, self.dim))
        wv = self.param("wv", init, (self.depth, self.dim, self.dim))

        def layer(h, w):
            q, k, v = h @ w[0], h @ w[1], h @ w[2]
            att = jax.nn.softmax(q @ k.T / jnp.sqrt(self.dim), axis=-1)
            self.sow("intermediates", "attention", att)
            return h + att @ v, None

        h, _ = jax.lax.scan(layer, x, (wq, wk, wv))
        return h


def main():
    x = jax.random.normal(jax.random.key(0), (5, 8))
    model = StackedAttention()
    variables = model.init(jax.random.key(1), x)
    out, state = model.apply(variables, x, mutable=["intermediates"])
    maps = state["intermediates"]["attention"]
    entropy = [-(m * jnp.log(m + 1e-9)).sum(-1).mean() for m in maps]
    jax.block_until_ready(entropy)
    return None
