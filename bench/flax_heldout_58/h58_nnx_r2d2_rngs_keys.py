# label: ok
# flax-error: none
# class: 4 NNX policy method act() takes a key; the unroll helper splits per-step keys from self.rngs outside the raw lax.scan and feeds them as xs
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

    def act(self, h, obs, epsilon, key):
        h, out = self.core(h, nnx.relu(self.torso(obs)))
        greedy = jnp.argmax(self.q(out), -1)
        k_explore, k_action = jax.random.split(key)
        explore = jax.random.uniform(k_explore, greedy.shape) < epsilon
        random_a = jax.random.randint(k_action, greedy.shape, 0, self.n_actions)
        return h, jnp.where(explore, random_a, greedy)


def unroll(actor, h0, obs_seq, epsilon=0.1):
    keys = jax.random.split(actor.rngs.act(), obs_seq.shape[0])

    def step(h, inp):
        obs, key = inp
        return actor.act(h, obs, epsilon, key)

    return lax.scan(step, h0, (obs_seq, keys))


def main():
    actor = RecurrentActor(10, 4, 32, rngs=nnx.Rngs(params=0, act=1))
    unroll(actor, jnp.zeros((2, 32)), jnp.ones((5, 2, 10)))
    return None
