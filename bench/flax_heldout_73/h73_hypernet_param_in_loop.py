# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 bound method self.layer_step is the raw scan body; it calls the @nn.compact method self.layer_weights, which creates the layer-embedding param and the head Dense lazily inside the loop
"""Hypernetwork (Ha et al. 2016): a shared head generates the weight matrix of every layer of
a deep target MLP from a learned per-layer embedding; the target net is run with a scan over
layers."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class HyperMLP(nn.Module):
    width: int = 16
    n_layers: int = 6
    emb_dim: int = 8

    @nn.compact
    def layer_weights(self, i):
        emb = self.param('layer_emb', nn.initializers.normal(1.0), (self.n_layers, self.emb_dim))
        head = nn.Dense(self.width * self.width, name='head')
        w = head(emb[i]).reshape(self.width, self.width)
        return w / jnp.sqrt(self.width)

    def layer_step(self, h, i):
        w = self.layer_weights(i)
        return jnp.tanh(h @ w), None

    def __call__(self, x):
        h, _ = lax.scan(self.layer_step, x, jnp.arange(self.n_layers))
        return h


def main():
    model = HyperMLP()
    x = jnp.ones((4, 16))
    variables = model.init(jax.random.key(0), x)
    out = model.apply(variables, x)
    jax.block_until_ready(out)
    return None


if __name__ == "__main__":
    main()
