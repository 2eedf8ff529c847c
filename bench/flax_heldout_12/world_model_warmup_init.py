# label: ok
# flax-error: none
# class: 3 init(..., method=...) of a one-step method that does not scan; the imagination rollout runs a raw lax.scan only under apply(..., method=...)
import jax
import jax.numpy as jnp
import flax.linen as nn


class LatentDynamics(nn.Module):
    latent: int = 12
    n_actions: int = 3

    def setup(self):
        self.transition = nn.Dense(self.latent)
        self.reward = nn.Dense(1)

    def one_step(self, z, a):
        z_next = jnp.tanh(self.transition(jnp.concatenate([z, a], -1)))
        return z_next, self.reward(z_next)[..., 0]

    def imagine(self, z0, actions):
        def body(z, a):
            z, r = self.one_step(z, a)
            return z, r

        _, rewards = jax.lax.scan(body, z0, actions)
        return rewards


def main():
    model = LatentDynamics()
    z0 = jnp.zeros((4, 12))
    a0 = jnp.zeros((4, 3))
    variables = model.init(jax.random.PRNGKey(0), z0, a0, method=LatentDynamics.one_step)
    variables = jax.tree.map(lambda a: a + 0, variables)
    actions = jax.nn.one_hot(jnp.arange(15 * 4).reshape(15, 4) % 3, 3)
    rewards = model.apply(variables, z0, actions, method=LatentDynamics.imagine)
    jax.block_until_ready(rewards)
    return None
