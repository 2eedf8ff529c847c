# label: ok
# flax-error: none
# class: 4 exploration noise from keys split once outside the body and indexed by the step counter
import flax.linen as nn
import jax
import jax.numpy as jnp


class NoisyActor(nn.Module):
    horizon: int = 6
    sigma: float = 0.1

    @nn.compact
    def __call__(self, obs):
        mean_action = jnp.tanh(nn.Dense(2)(obs))
        keys = jax.random.split(self.make_rng("explore"), self.horizon)

        def step(a, t):
            noise = self.sigma * jax.random.normal(keys[t], a.shape)
            return a, noise

        _, noises = jax.lax.scan(step, mean_action, jnp.arange(self.horizon))
        return noises


def main():
    obs = jnp.ones((4, 3))
    actor = NoisyActor()
    variables = actor.init({"params": jax.random.PRNGKey(0), "explore": jax.random.PRNGKey(1)}, obs)
    return actor.apply(variables, obs, rngs={"explore": jax.random.PRNGKey(9)})
