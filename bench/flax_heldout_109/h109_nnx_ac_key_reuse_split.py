# label: ok
# flax-error: none
# class: 5 make_policy_step(actor) returns the while_loop body, which closes over the NNX actor; the exploration key goes through the loop state and is split every step
"""Collect a rollout from a Gaussian NNX actor on a toy point-mass task; the step function is
built by a factory and run by a raw lax.while_loop until the episode buffer is full."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

OBS_DIM, ACT_DIM, T = 4, 2, 8


class Actor(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(OBS_DIM, 32, rngs=rngs)
        self.mu = nnx.Linear(32, ACT_DIM, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((ACT_DIM,), -0.5))

    def __call__(self, obs):
        return self.mu(nnx.tanh(self.l1(obs)))


def make_policy_step(actor):
    def policy_step(state):
        t, key, obs, noise_buf = state
        key, sub = jax.random.split(key)
        mu = actor(obs)
        eps = jax.random.normal(sub, mu.shape)
        action = mu + jnp.exp(actor.log_std[...]) * eps
        obs = 0.9 * obs + 0.1 * jnp.concatenate([action, -action])
        return t + 1, key, obs, noise_buf.at[t].set(eps)
    return policy_step


def main():
    actor = Actor(nnx.Rngs(0))
    policy_step = make_policy_step(actor)
    state = (0, jax.random.key(1), jnp.ones(OBS_DIM), jnp.zeros((T, ACT_DIM)))
    _, _, obs, noise = jax.lax.while_loop(lambda s: s[0] < T, policy_step, state)
    return noise
