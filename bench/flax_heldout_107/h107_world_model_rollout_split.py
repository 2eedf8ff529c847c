# label: ok
# flax-error: none
# class: 1 WorldModel.__call__ runs the first dynamics step before its scan, so the GRU parameters exist before the loop
"""Latent world model, twin of h107_world_model_rollout: the first imagined step is split
out of the scan, so during init the dynamics and decoder parameters are created outside
the loop and the loop body only reads them."""
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

        z1, first = imagine(z0, actions[0])
        _, rest = jax.lax.scan(imagine, z1, actions[1:])
        return jnp.concatenate([first[None], rest], axis=0)


def main():
    model = WorldModel()
    obs0 = jnp.ones((2, 6))
    actions = jax.random.normal(jax.random.PRNGKey(1), (10, 2, 3))
    variables = model.init(jax.random.PRNGKey(0), obs0, actions)
    preds = model.apply(variables, obs0, actions)
    print(preds.shape, float(jnp.mean(preds)))
    return None
