# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 NNX policy method act() draws epsilon-greedy randomness from self.rngs and is called from a raw lax.scan body over an unroll
"""R2D2-style actor: recurrent Q-network unrolled over an episode chunk with epsilon-greedy actions (NNX)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RecurrentActor(nnx.Module):
    def __init__(self, obs_dim, n_actions, hidden, *, rngs: nnx.Rngs):
        self.torso = nnx.Linear(obs_dim, hidden, rngs=rngs)
        self.core = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.q = nnx.Linear(hidden, n_actions, rngs=rngs)
        self.rngs = rngs
        self.n_actions = n_actions

    def act(self, h, obs, epsilon):
        h, out = self.core(h, nnx.relu(self.torso(obs)))
        greedy = jnp.argmax(self.q(out), -1)
        explore = jax.random.uniform(self.rngs.act(), greedy.shape) < epsilon
        random_a = jax.random.randint(self.rngs.act(), greedy.shape, 0, self.n_actions)
        return h, jnp.where(explore, random_a, greedy)


def unroll(actor, h0, obs_seq, epsilon=0.1):
    def step(h, obs):
        return actor.act(h, obs, epsilon)

    return lax.scan(step, h0, obs_seq)


def main():
    actor = RecurrentActor(10, 4, 32, rngs=nnx.Rngs(params=0, act=1))
    unroll(actor, jnp.zeros((2, 32)), jnp.ones((5, 2, 10)))
    return None
