# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 submodules gathered into a local dict before the loop; the decoder entry is first called inside the raw lax.scan body
import jax
import jax.numpy as jnp
from flax import linen as nn


class TrajectoryAutoencoder(nn.Module):
    latent: int = 8
    obs_dim: int = 5

    def setup(self):
        self.encoder = nn.Dense(self.latent)
        self.decoder = nn.Dense(self.obs_dim)
        self.dynamics = nn.Dense(self.latent)

    def __call__(self, obs0, horizon: int = 10):
        parts = {"enc": self.encoder, "dec": self.decoder, "dyn": self.dynamics}
        z0 = parts["enc"](obs0)

        def body(z, _):
            z = z + 0.1 * jnp.tanh(parts["dyn"](z))
            return z, parts["dec"](z)

        _, recon = jax.lax.scan(body, z0, None, length=horizon)
        return recon


def main():
    model = TrajectoryAutoencoder()
    obs0 = jnp.ones((3, 5))
    variables = model.init(jax.random.PRNGKey(0), obs0)
    variables = jax.tree.map(lambda a: a + 0, variables)
    recon = model.apply(variables, obs0)
    jax.block_until_ready(recon)
    return None
