# label: same-values
# flax-error: none
# class: 2 the local `key` of rollout() is passed as rngs={"explore": key} to policy.apply inside the fori_loop body
"""Gaussian exploration in a point-mass environment, rollout written with lax.fori_loop.

The policy adds exploration noise drawn with make_rng("explore"); the rollout logs the noise."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

OBS, ACT, HORIZON = 4, 2, 8


class GaussianPolicy(nn.Module):
    sigma: float = 0.3

    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(32)(obs))
        mean = nn.tanh(nn.Dense(ACT)(h))
        noise = self.sigma * jax.random.normal(self.make_rng("explore"), mean.shape)
        return mean + noise, noise


def env_step(obs, action):
    pos, vel = obs[:2], obs[2:]
    vel = 0.9 * vel + 0.1 * action
    return jnp.concatenate([pos + 0.1 * vel, vel])


def rollout(policy, params, obs0, key):
    noises = jnp.zeros((HORIZON, ACT))

    def body(t, carry):
        obs, noises = carry
        action, noise = policy.apply(params, obs, rngs={"explore": key})
        return env_step(obs, action), noises.at[t].set(noise)

    _, noises = lax.fori_loop(0, HORIZON, body, (obs0, noises))
    return noises


def main():
    policy = GaussianPolicy()
    obs0 = jnp.zeros(OBS)
    params = policy.init({"params": jax.random.key(0), "explore": jax.random.key(1)}, obs0)
    return rollout(policy, params, obs0, jax.random.key(42))


if __name__ == "__main__":
    print(main())
