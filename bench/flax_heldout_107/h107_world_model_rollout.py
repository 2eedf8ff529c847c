# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 WorldModel.__call__ creates its GRU dynamics and decoder and scans over them itself
"""Latent world model: encode the first observation, then imagine a trajectory by
rolling the latent dynamics forward over a sequence of actions with a raw lax.scan
written inside the compact method (modelled on 'dreamer-style rollout in flax' reports)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class WorldModel(nn.Module):
    latent: int = 16
    obs_dim: int = 6

    @nn.compact
    def __call__(self, obs0, actions):
        z0 = nn.tanh(nn.Dense(self.latent, name="encoder")(obs0))
        dynamics = nn.GRUCell(features=self.latent, name="dynamics")
        decoder = nn.Dense(self.obs_dim, name="decoder")

        def imagine(z, a):
            z, _ = dynamics(z, a)
            return z, decoder(z)

        _, predicted_obs = jax.lax.scan(imagine, z0, actions)
        return predicted_obs


def main():
    model = WorldModel()
    obs0 = jnp.ones((2, 6))
    actions = jax.random.normal(jax.random.PRNGKey(1), (10, 2, 3))
    variables = model.init(jax.random.PRNGKey(0), obs0, actions)
    preds = model.apply(variables, obs0, actions)
    print(preds.shape, float(jnp.mean(preds)))
    return None
