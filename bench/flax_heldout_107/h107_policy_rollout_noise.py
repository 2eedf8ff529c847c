# label: same-values
# flax-error: none
# class: 2 the local PRNG key `key` of main() is read by the fori_loop body to draw Gaussian action noise
"""REINFORCE-style rollout of a Gaussian policy on a point-mass environment with a raw
lax.fori_loop. The action noise reuses the key defined before the loop (a reused key,
as in 'my exploration noise is identical every step')."""
import jax
import jax.numpy as jnp
import flax.linen as nn

HORIZON = 20
ACT = 2


class GaussianPolicy(nn.Module):
    @nn.compact
    def __call__(self, obs):
        h = nn.relu(nn.Dense(32)(obs))
        mu = nn.Dense(ACT)(h)
        log_std = self.param("log_std", nn.initializers.constant(-0.5), (ACT,))
        return mu, jnp.exp(log_std)


def main():
    policy = GaussianPolicy()
    params = policy.init(jax.random.PRNGKey(0), jnp.zeros((4,)))
    key = jax.random.PRNGKey(7)

    def rollout_step(t, state):
        obs, noises, rewards = state
        mu, std = policy.apply(params, obs)
        eps = jax.random.normal(key, (ACT,))
        action = mu + std * eps
        next_obs = obs + 0.1 * jnp.concatenate([action, -action])
        reward = -jnp.sum(next_obs ** 2)
        return next_obs, noises.at[t].set(eps), rewards.at[t].set(reward)

    init = (jnp.ones((4,)), jnp.zeros((HORIZON, ACT)), jnp.zeros((HORIZON,)))
    _, noises, rewards = jax.lax.fori_loop(0, HORIZON, rollout_step, init)
    print(float(rewards.sum()))
    return noises
