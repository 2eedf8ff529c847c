# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.param is created inside the raw jax.lax.scan body of a compact method during init
"""Sequential VAE prior: transition matrix requested with self.param inside the scan over time."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LatentPrior(nn.Module):
    z_dim: int = 6

    @nn.compact
    def __call__(self, z0, steps):
        def transition(z, _):
            A = self.param("A", nn.initializers.orthogonal(), (self.z_dim, self.z_dim))
            z = jnp.tanh(z @ A)
            return z, z

        _, zs = jax.lax.scan(transition, z0, None, length=steps)
        return zs


def main():
    prior = LatentPrior()
    z0 = jnp.ones((3, 6))
    variables = prior.init(jax.random.PRNGKey(0), z0, 8)
    zs = prior.apply(variables, z0, 8)
    zs.block_until_ready()
    return None
