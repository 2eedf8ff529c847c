# label: same-values
# flax-error: none
# class: 3 the fori_loop body draws exploration noise from the attribute agent.key of the NNX agent
"""Policy-gradient data collection with an NNX agent that keeps a PRNG key attribute.
The raw lax.fori_loop body adds Gaussian exploration noise drawn from agent.key, which
is never advanced, so every step gets the same perturbation."""
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
        obs, noises = state
        a, eps = agent.act(obs, agent.key)
        obs = 0.9 * obs + 0.1 * jnp.concatenate([a, a[:1]])
        return obs, noises.at[t].set(eps)

    _, noise = lax.fori_loop(0, T, collect, (jnp.ones((3,)), jnp.zeros((T, 2))))
    return noise
