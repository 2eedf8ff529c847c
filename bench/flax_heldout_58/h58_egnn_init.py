# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[17,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 EGNN layer submodule first called inside a raw lax.scan closure in @nn.compact, so init creates its params in the scan trace
"""E(n)-equivariant message passing, layers weight-tied and iterated with lax.scan (EGNN-style)."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn


class EGCL(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, x):
        rel = x[:, None, :] - x[None, :, :]
        d2 = jnp.sum(rel ** 2, axis=-1, keepdims=True)
        n = h.shape[0]
        pair = jnp.concatenate(
            [jnp.broadcast_to(h[:, None], (n, n, h.shape[-1])),
             jnp.broadcast_to(h[None, :], (n, n, h.shape[-1])), d2], axis=-1)
        m = nn.silu(nn.Dense(self.hidden, name="edge_mlp")(pair))
        w = nn.Dense(1, name="coord_mlp")(m)
        x = x + jnp.mean(rel * w, axis=1)
        h = h + nn.Dense(h.shape[-1], name="node_mlp")(jnp.concatenate([h, m.sum(1)], -1))
        return h, x


def _layer_step(layer, carry, _):
    h, x = carry
    return layer(h, x), None


class TiedEGNN(nn.Module):
    hidden: int = 16
    n_layers: int = 4

    @nn.compact
    def __call__(self, h, x):
        layer = EGCL(self.hidden)
        (h, x), _ = jax.lax.scan(partial(_layer_step, layer), (h, x), None, length=self.n_layers)
        return h, x


def main():
    h = jnp.ones((5, 8))
    x = jax.random.normal(jax.random.key(0), (5, 3))
    model = TiedEGNN()
    variables = model.init(jax.random.key(1), h, x)
    model.apply(variables, h, x)
    return None
