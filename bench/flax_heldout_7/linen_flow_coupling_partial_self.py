# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 functools.partial binds the module (keyword) to a module-level coupling step that declares params; lax.scan runs it
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


def _affine_coupling(z, layer_idx, *, flow):
    scale = flow.param("log_scale", nn.initializers.zeros, (z.shape[-1] // 2,))
    shift = flow.param("shift", nn.initializers.normal(0.01), (z.shape[-1] // 2,))
    z1, z2 = jnp.split(z, 2, axis=-1)
    z2 = z2 * jnp.exp(scale) + shift + 0.0 * layer_idx
    z = jnp.concatenate([z2, z1], axis=-1)  # permute halves between layers
    return z, jnp.sum(scale)


class RealNVPLite(nn.Module):
    n_layers: int = 4

    @nn.compact
    def __call__(self, z):
        step = partial(_affine_coupling, flow=self)
        z, logdets = lax.scan(step, z, jnp.arange(self.n_layers))
        return z, jnp.sum(logdets)


def main():
    z = jax.random.normal(jax.random.PRNGKey(0), (16, 4))
    flow = RealNVPLite()
    params = flow.init(jax.random.PRNGKey(1), z)
    x, logdet = flow.apply(params, z)
    (jnp.sum(x) + logdet).block_until_ready()
    return None
