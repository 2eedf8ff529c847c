# label: same-values
# flax-error: none
# class: 4 DDPG-style actor adds exploration noise from self.make_rng in a lambda scan body
import flax.linen as nn
import jax
import jax.numpy as jnp


class NoisyActor(nn.Module):
    horizon: int = 6
    sigma: float = 0.1

    @nn.compact
    def __call__(self, obs):
        policy = nn.Dense(2)
        mean_action = jnp.tanh(policy(obs))
        _, noises = jax.lax.scan(
            lambda a, _: (a, self.sigma * jax.random.normal(self.make_rng("explore"), a.shape)),
            mean_action,
            None,
            length=self.horizon,
        )
        return noises


def main():
    obs = jnp.ones((4, 3))
    actor = NoisyActor()
    variables = actor.init({"params": jax.random.PRNGKey(0), "explore": jax.random.PRNGKey(1)}, obs)
    return actor.apply(variables, obs, rngs={"explore": jax.random.PRNGKey(9)})
