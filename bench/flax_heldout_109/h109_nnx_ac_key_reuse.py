# label: same-values
# flax-error: none
# class: 5 make_policy_step(actor, key) returns the while_loop body, which closes over the NNX actor and the exploration key
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


def make_policy_step(actor, key):
    def policy_step(state):
        t, obs, noise_buf = state
        mu = actor(obs)
        eps = jax.random.normal(key, mu.shape)
        action = mu + jnp.exp(actor.log_std[...]) * eps
        obs = 0.9 * obs + 0.1 * jnp.concatenate([action, -action])
        return t + 1, obs, noise_buf.at[t].set(eps)
    return policy_step


def main():
    actor = Actor(nnx.Rngs(0))
    policy_step = make_policy_step(actor, jax.random.key(1))
    state = (0, jnp.ones(OBS_DIM), jnp.zeros((T, ACT_DIM)))
    _, obs, noise = jax.lax.while_loop(lambda s: s[0] < T, policy_step, state)
    return noise
