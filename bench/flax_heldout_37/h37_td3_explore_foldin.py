# label: ok
# flax-error: none
# class: 2 functools.partial binds actor.apply, the params and method=Actor.explore; the raw scan body passes rngs with the exploration key folded in with the step index
"""TD3 data collection: deterministic actor plus Gaussian exploration noise."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

OBS_DIM, ACT_DIM, N_ENVS, N_STEPS = 3, 2, 4, 6


class Actor(nn.Module):
    max_action: float = 1.0

    @nn.compact
    def __call__(self, obs):
        x = nn.relu(nn.Dense(32)(obs))
        x = nn.relu(nn.Dense(32)(x))
        return self.max_action * jnp.tanh(nn.Dense(ACT_DIM)(x))

    def explore(self, obs, sigma):
        action = self(obs)
        noise = sigma * jax.random.normal(self.make_rng("explore"), action.shape)
        return jnp.clip(action + noise, -self.max_action, self.max_action), noise


def point_mass(obs, action):
    nxt = obs.at[:, :ACT_DIM].add(0.05 * action)
    return nxt, -jnp.sum(nxt[:, :ACT_DIM] ** 2, -1)


def collect(actor, params, obs0, rng, sigma=0.1):
    policy = functools.partial(actor.apply, params, method=Actor.explore)

    def body(obs, t):
        action, noise = policy(obs, sigma, rngs={"explore": jax.random.fold_in(rng, t)})
        obs, reward = point_mass(obs, action)
        return obs, noise

    _, noises = jax.lax.scan(body, obs0, jnp.arange(N_STEPS))
    return noises


def main():
    actor = Actor()
    obs0 = jnp.zeros((N_ENVS, OBS_DIM))
    params = actor.init(jax.random.key(0), obs0)
    return collect(actor, params, obs0, jax.random.key(1))
