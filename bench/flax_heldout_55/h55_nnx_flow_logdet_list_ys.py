# label: ok
# flax-error: none
# class: 2 RealNVP flow's coupling method, run by jax.lax.scan over the layer index, returns each layer's log-determinant as ys, summed after the loop
"""RealNVP-style flow in NNX with K coupling layers sharing one conditioner network (weight-tied
flow, as in some continuous-depth flow papers). The flow is applied with a scan over the layer
index; per-layer log-determinants come out as the scan's ys and are summed afterwards."""
import jax
import jax.numpy as jnp
from flax import nnx


class TiedRealNVP(nnx.Module):
    def __init__(self, dim, n_layers, rngs: nnx.Rngs):
        self.cond = nnx.Linear(dim // 2 + 1, dim, rngs=rngs)
        self.n_layers = n_layers

    def coupling(self, x, k):
        x1, x2 = jnp.split(x, 2, axis=-1)
        s, t = jnp.split(self.cond(jnp.concatenate([x1, jnp.full(x1.shape[:-1] + (1,), k)], -1)), 2, -1)
        s = jnp.tanh(s)
        return jnp.concatenate([x2 * jnp.exp(s) + t, x1], -1), jnp.sum(s, -1)

    def __call__(self, x):
        def layer(x, k):
            return self.coupling(x, k)

        z, logdets = jax.lax.scan(layer, x, jnp.arange(self.n_layers, dtype=jnp.float32))
        return z, logdets.sum(0)


def main():
    flow = TiedRealNVP(4, 3, nnx.Rngs(0))
    z, logdet = flow(jnp.ones((5, 4)))
    logdet.block_until_ready()
    return None
