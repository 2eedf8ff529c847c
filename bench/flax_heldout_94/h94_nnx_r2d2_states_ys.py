# label: ok
# flax-error: none
# class: 3 the recurrent state is the jax.lax.scan carry and each step's state leaves as ys for the replay buffer
"""Same R2D2 actor; the stored recurrent states are returned from the scan body as ys instead of
being appended to a list."""
import jax
import jax.numpy as jnp
from flax import nnx


class RecurrentPolicy(nnx.Module):
    def __init__(self, obs_dim, hidden, actions, *, rngs):
        self.cell = nnx.GRUCell(obs_dim, hidden, rngs=rngs)
        self.q = nnx.Linear(hidden, actions, rngs=rngs)

    def __call__(self, h, obs):
        h, y = self.cell(h, obs)
        return h, self.q(y)


def main():
    policy = RecurrentPolicy(4, 8, 3, rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(policy)
    obs_seq = jax.random.normal(jax.random.PRNGKey(1), (5, 2, 4))

    def act(h, obs):
        pol = nnx.merge(graphdef, state)
        h_next, q = pol(h, obs)
        return h_next, (jnp.argmax(q, -1), h)

    h_final, (actions, states) = jax.lax.scan(act, jnp.zeros((2, 8)), obs_seq)
    buffer = {"actions": actions, "states": states}
    print(buffer["states"].shape)
