# label: same-values
# flax-error: none
# class: 5 closure inside @nn.compact applies nn.Dropout during an imagined rollout; the dropout rng is drawn while tracing the scan body once
"""Planning with a recurrent world model: MC-dropout rollouts as an epistemic uncertainty estimate."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutDynamics(nn.Module):
    latent: int = 16
    rate: float = 0.2

    @nn.compact
    def __call__(self, z0, actions):
        trans = nn.Dense(self.latent)
        drop = nn.Dropout(self.rate, deterministic=False)
        _ = trans(jnp.concatenate([z0, actions[0]], -1))

        def imagine(z, a):
            mask = drop(jnp.ones_like(z))
            z = jnp.tanh(trans(jnp.concatenate([z, a], -1))) * mask
            return z, mask

        _, masks = jax.lax.scan(imagine, z0, actions)
        return masks


def main():
    model = DropoutDynamics()
    z0 = jnp.zeros((16,))
    actions = jax.random.normal(jax.random.PRNGKey(1), (7, 2))
    variables = model.init({'params': jax.random.PRNGKey(0), 'dropout': jax.random.PRNGKey(1)}, z0, actions)
    return model.apply(variables, z0, actions, rngs={'dropout': jax.random.PRNGKey(3)})
