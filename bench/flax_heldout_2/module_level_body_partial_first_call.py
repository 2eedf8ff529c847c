# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 module-level body bound with functools.partial calls a submodule first inside the scan
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


def transition(mlp, z, eps):
    z = z + 0.1 * mlp(z) + eps
    return z, z


class LatentSDE(nn.Module):
    dim: int = 3

    @nn.compact
    def __call__(self, eps_seq):
        drift = nn.Sequential([nn.Dense(16), nn.tanh, nn.Dense(self.dim)])
        z0 = jnp.zeros((self.dim,))
        _, zs = scan(functools.partial(transition, drift), z0, eps_seq)
        return zs


def main():
    eps = 0.01 * jnp.ones((8, 3))
    model = LatentSDE()
    params = model.init(jax.random.PRNGKey(3), eps)
    model.apply(params, eps)
    return None
