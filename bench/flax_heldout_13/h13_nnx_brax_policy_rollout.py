# label: ok
# flax-error: none
# class: 4 a make_rollout factory closes over a read-only NNX policy and returns a jitted rollout whose raw lax.scan body calls it, keys as xs
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs):
        self.l1 = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 32, rngs=rngs)
        self.mu = nnx.Linear(32, act_dim, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.mu(nnx.swish(self.l2(nnx.swish(self.l1(obs))))))


def point_mass_step(state, action, dt=0.1):
    pos, vel = jnp.split(state, 2, axis=-1)
    vel = vel + dt * action
    pos = pos + dt * vel
    return jnp.concatenate([pos, vel], -1), -jnp.sum(pos ** 2, -1)


def make_rollout(policy, horizon, noise_scale):
    @jax.jit
    def rollout(state, key):
        def step(state, k):
            act = policy(state)
            act = act + noise_scale * jax.random.normal(k, act.shape)
            state, reward = point_mass_step(state, act)
            return state, reward

        return jax.lax.scan(step, state, jax.random.split(key, horizon))

    return rollout


def main():
    policy = Policy(4, 2, nnx.Rngs(0))
    rollout = make_rollout(policy, horizon=10, noise_scale=0.3)
    _, rewards = rollout(jnp.ones((5, 4)), jax.random.key(1))
    return rewards
