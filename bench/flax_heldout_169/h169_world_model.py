# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a Planner object holds a world model bound with mutable=['stats']; the fori_loop body calls planner.wm.dynamics, which updates a 'stats' variable
"""Imagined rollouts of a small latent world model for planning, in lax.fori_loop.

Shape of the reports: the world model is bound once (`model.bind(variables, mutable=...)`)
so the planner can call submodules directly; the dynamics keeps a running reward statistic
and reading it after the fori_loop fails with a leaked tracer.
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


class Planner:
    def __init__(self, wm, horizon):
        self.wm = wm
        self.horizon = horizon

    def imagine(self, obs, actions):
        z0 = self.wm.encoder(obs)

        def body(t, carry):
            z, ret = carry
            z, r = self.wm.dynamics(z, actions[t])
            return z, ret + r

        _, ret = jax.lax.fori_loop(0, self.horizon, body, (z0, jnp.zeros(obs.shape[:1])))
        return ret


def main():
    model = WorldModel()
    obs = jnp.ones((4, 6))
    actions = jnp.tile(jnp.linspace(-1, 1, 5)[:, None, None], (1, 4, 2))
    variables = model.init(jax.random.key(0), obs, actions[0])
    planner = Planner(model.bind(variables, mutable=['stats']), horizon=5)
    returns = planner.imagine(obs, actions)
    best = jnp.argmax(returns)
    stats = planner.wm.variables['stats']['dynamics']
    print(best, stats['count'] + 0.0, stats['mean_reward'] * 2.0)
    return None
