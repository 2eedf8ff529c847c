# label: ok
# flax-error: none
# class: 3 agent.key enters the fori_loop carry and is split every step before the NNX agent acts
"""Policy-gradient data collection, twin of h107_nnx_policy_noise: the agent's key starts
the fori_loop carry and is split each step, so the exploration noise changes."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

T = 16


class Agent(nnx.Module):
    def __init__(self, obs_dim, act_dim, seed):
        rngs = nnx.Rngs(seed)
        self.actor = nnx.Sequential(
            nnx.Linear(obs_dim, 32, rngs=rngs), nnx.relu, nnx.Linear(32, act_dim, rngs=rngs)
        )
        self.key = jax.random.PRNGKey(seed + 1)
        self.act_dim = act_dim

    def act(self, obs, key):
        noise = 0.2 * jax.random.normal(key, (self.act_dim,))
        return jnp.tanh(self.actor(obs)) + noise, noise


def main():
    agent = Agent(3, 2, seed=0)

    def collect(t, state):
        obs, key, noises = state
        key, sub = jax.random.split(key)
        a, eps = agent.act(obs, sub)
        obs = 0.9 * obs + 0.1 * jnp.concatenate([a, a[:1]])
        return obs, key, noises.at[t].set(eps)

    _, _, noise = lax.fori_loop(0, T, collect, (jnp.ones((3,)), agent.key, jnp.zeros((T, 2))))
    return noise
