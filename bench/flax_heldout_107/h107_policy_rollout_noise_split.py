# label: ok
# flax-error: none
# class: 2 the local PRNG key `key` of main() enters the fori_loop carry and is split every step
"""Gaussian-policy rollout, twin of h107_policy_rollout_noise: the key travels in the
fori_loop carry and is split on each step before drawing the action noise."""
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
        obs, key, noises, rewards = state
        key, sub = jax.random.split(key)
        mu, std = policy.apply(params, obs)
        eps = jax.random.normal(sub, (ACT,))
        action = mu + std * eps
        next_obs = obs + 0.1 * jnp.concatenate([action, -action])
        reward = -jnp.sum(next_obs ** 2)
        return next_obs, key, noises.at[t].set(eps), rewards.at[t].set(reward)

    init = (jnp.ones((4,)), key, jnp.zeros((HORIZON, ACT)), jnp.zeros((HORIZON,)))
    _, _, noises, rewards = jax.lax.fori_loop(0, HORIZON, rollout_step, init)
    print(float(rewards.sum()))
    return noises
