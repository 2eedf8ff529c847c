# label: same-values
# flax-error: none
# class: 3 the exploration key is an nnx.Variable attribute of the agent, drawn once in __init__ and read by agent.act in the fori_loop body
"""DQN data collection with an NNX agent on a 1-d chain. The agent keeps its exploration key as
a variable; the rollout is a raw lax.fori_loop filling a buffer of exploration draws."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

N_STATES, N_ACTIONS, T = 6, 2, 10


class ExploreKey(nnx.Variable):
    pass


class DQNAgent(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, epsilon: float = 0.3):
        self.q1 = nnx.Linear(N_STATES, 32, rngs=rngs)
        self.q2 = nnx.Linear(32, N_ACTIONS, rngs=rngs)
        self.epsilon = epsilon
        self.explore_key = ExploreKey(rngs.explore())

    def q_values(self, obs):
        return self.q2(nnx.relu(self.q1(obs)))

    def act(self, obs):
        k_u, k_a = jax.random.split(self.explore_key[...])
        u = jax.random.uniform(k_u)
        random_action = jax.random.randint(k_a, (), 0, N_ACTIONS)
        return jnp.where(u < self.epsilon, random_action, jnp.argmax(self.q_values(obs))), u


def main():
    agent = DQNAgent(nnx.Rngs(params=0, explore=1))

    def body(t, carry):
        pos, draws = carry
        action, u = agent.act(jax.nn.one_hot(pos, N_STATES))
        pos = jnp.clip(pos + 2 * action - 1, 0, N_STATES - 1)
        return pos, draws.at[t].set(u)

    _, draws = lax.fori_loop(0, T, body, (jnp.array(0), jnp.zeros(T)))
    return draws
