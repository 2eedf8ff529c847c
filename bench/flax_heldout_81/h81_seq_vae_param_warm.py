# label: ok
# flax-error: none
# class: 1 self.param is requested once before the loop; the body closes over the array only
"""Sequential VAE prior: the transition matrix is fetched before jax.lax.scan, as suggested in review."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LatentPrior(nn.Module):
    z_dim: int = 6

    @nn.compact
    def __call__(self, z0, steps):
        A = self.param("A", nn.initializers.orthogonal(), (self.z_dim, self.z_dim))

        def transition(z, _):
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
