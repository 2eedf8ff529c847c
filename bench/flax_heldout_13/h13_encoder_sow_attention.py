# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,5,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.sow of attention weights inside a lax.scan body over repeated layers, collected by apply(mutable=['intermediates'])
import jax
import jax.numpy as jnp
import flax.linen as nn


class SharedLayer(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, x):
        q = nn.Dense(self.dim, name="q")(x)
        k = nn.Dense(self.dim, name="k")(x)
        w = jax.nn.softmax(q @ jnp.swapaxes(k, -1, -2))
        return nn.LayerNorm(name="ln")(x + w @ x), w


class UniversalEncoder(nn.Module):
    dim: int = 8
    depth: int = 4

    @nn.compact
    def __call__(self, x):
        layer = SharedLayer(self.dim, name="layer")
        x, _ = layer(x)

        def body(h, _):
            h, w = layer(h)
            self.sow("intermediates", "attention", w)
            return h, None

        x, _ = jax.lax.scan(body, x, None, length=self.depth - 1)
        return x


def attention_entropy(intermediates):
    ws = jnp.stack(jax.tree.leaves(intermediates))
    return -jnp.sum(ws * jnp.log(ws + 1e-9), -1).mean()


def main():
    model = UniversalEncoder()
    x = jax.random.normal(jax.random.key(1), (2, 5, 8))
    variables = model.init(jax.random.key(0), x)
    _, state = model.apply(variables, x, mutable=["intermediates"])
    float(attention_entropy(state["intermediates"]))
    return None
