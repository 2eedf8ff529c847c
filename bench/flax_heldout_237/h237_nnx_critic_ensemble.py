# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 24 (96 B)
# class: 4 the critic ensemble is reached from the while_loop body through agent.min_value() -> self.critics, handed to an nnx.vmap-ed function
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop

NUM_CRITICS = 3


class Critic(nnx.Module):
    def __init__(self, obs_dim, hidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(obs_dim, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, obs):
        return self.l2(nnx.relu(self.l1(obs)))[..., 0]


@nnx.vmap(in_axes=(0, None), out_axes=0)
def ensemble_value(critic, obs):
    return critic(obs)


class Agent(nnx.Module):
    def __init__(self, obs_dim, hidden, *, rngs: nnx.Rngs):
        @nnx.split_rngs(splits=NUM_CRITICS)
        @nnx.vmap(in_axes=(0,), out_axes=0)
        def make_critics(rngs):
            return Critic(obs_dim, hidden, rngs=rngs)

        self.critics = make_critics(rngs)
        self.actor = nnx.Linear(obs_dim, 2, rngs=rngs)

    def min_value(self, obs):
        return ensemble_value(self.critics, obs).min(axis=0)


def bootstrapped_return(agent, obs, reward, gamma=0.9, tol=1e-4, max_iters=20):
    """Fixed point of G = r + gamma * min(G, V(s)) for a self-looping state."""

    def cond(state):
        i, _, delta = state
        return (i < max_iters) & (delta > tol)

    def body(state):
        i, g, _ = state
        v = agent.min_value(obs)
        new_g = reward + gamma * jnp.minimum(g, v)
        return i + 1, new_g, jnp.max(jnp.abs(new_g - g))

    init = (0, jnp.zeros(obs.shape[0]), jnp.array(jnp.inf, jnp.float32))
    _, g, _ = while_loop(cond, body, init)
    return g


def main():
    agent = Agent(4, 8, rngs=nnx.Rngs(0))
    obs = jnp.ones((3, 4))
    g = bootstrapped_return(agent, obs, reward=jnp.ones(3))
    jax.block_until_ready(g)
    return None
