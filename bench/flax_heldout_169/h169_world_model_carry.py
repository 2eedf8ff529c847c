# label: ok
# flax-error: none
# class: 4 a Planner object holds the world model and its params; the fori_loop body applies wm.dynamics with the 'stats' collection carried through the loop
"""Imagined rollouts of a small latent world model for planning, in lax.fori_loop.

The working twin: the 'stats' collection is part of the loop carry and each step runs
`apply(..., mutable=['stats'])` on the dynamics method, so the statistics leave the loop
as ordinary outputs.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Dynamics(nn.Module):
    latent: int = 8

    @nn.compact
    def __call__(self, z, a):
        z = nn.tanh(nn.Dense(self.latent)(jnp.concatenate([z, a], axis=-1)))
        reward = nn.Dense(1)(z)[..., 0]
        count = self.variable('stats', 'count', jnp.zeros, ())
        mean_reward = self.variable('stats', 'mean_reward', jnp.zeros, ())
        count.value = count.value + 1.0
        mean_reward.value = mean_reward.value + (reward.mean() - mean_reward.value) / count.value
        return z, reward


class WorldModel(nn.Module):
    latent: int = 8

    def setup(self):
        self.encoder = nn.Dense(self.latent)
        self.dynamics = Dynamics(self.latent)

    def __call__(self, obs, a):
        return self.dynamics(self.encoder(obs), a)

    def encode(self, obs):
        return self.encoder(obs)

    def step(self, z, a):
        return self.dynamics(z, a)


class Planner:
    def __init__(self, wm, variables, horizon):
        self.wm = wm
        self.params = variables['params']
        self.stats = variables['stats']
        self.horizon = horizon

    def imagine(self, obs, actions):
        z0 = self.wm.apply({'params': self.params}, obs, method=WorldModel.encode)

        def body(t, carry):
            z, ret, stats = carry
            (z, r), updated = self.wm.apply({'params': self.params, 'stats': stats}, z, actions[t],
                                            method=WorldModel.step, mutable=['stats'])
            return z, ret + r, updated['stats']

        init = (z0, jnp.zeros(obs.shape[:1]), self.stats)
        _, ret, self.stats = jax.lax.fori_loop(0, self.horizon, body, init)
        return ret


def main():
    model = WorldModel()
    obs = jnp.ones((4, 6))
    actions = jnp.tile(jnp.linspace(-1, 1, 5)[:, None, None], (1, 4, 2))
    variables = model.init(jax.random.key(0), obs, actions[0])
    planner = Planner(model, variables, horizon=5)
    returns = planner.imagine(obs, actions)
    best = jnp.argmax(returns)
    stats = planner.stats['dynamics']
    print(best, stats['count'] + 0.0, stats['mean_reward'] * 2.0)
    return None
