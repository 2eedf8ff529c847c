# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 RealNVP flow's coupling method, run by jax.lax.scan over the layer index, appends each layer's log-determinant to a list closed over from __call__, summed after the loop
"""RealNVP-style flow in NNX with K coupling layers sharing one conditioner network (weight-tied
flow, as in some continuous-depth flow papers). The flow is applied with a scan over the layer
index; per-layer log-determinants are collected in a Python list and summed afterwards."""
import jax
import jax.numpy as jnp
from flax import nnx


class TiedRealNVP(nnx.Module):
    def __init__(self, dim, n_layers, rngs: nnx.Rngs):
        self.cond = nnx.Linear(dim // 2 + 1, dim, rngs=rngs)
        self.n_layers = n_layers

    def coupling(self, x, k, logdets):
        x1, x2 = jnp.split(x, 2, axis=-1)
        s, t = jnp.split(self.cond(jnp.concatenate([x1, jnp.full(x1.shape[:-1] + (1,), k)], -1)), 2, -1)
        s = jnp.tanh(s)
        logdets.append(jnp.sum(s, -1))
        return jnp.concatenate([x2 * jnp.exp(s) + t, x1], -1)

    def __call__(self, x):
        logdets = []

        def layer(x, k):
            return self.coupling(x, k, logdets), None

        z, _ = jax.lax.scan(layer, x, jnp.arange(self.n_layers, dtype=jnp.float32))
        return z, sum(logdets)


def main():
    flow = TiedRealNVP(4, 3, nnx.Rngs(0))
    z, logdet = flow(jnp.ones((5, 4)))
    logdet.block_until_ready()
    return None
