# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the recurrent state produced by the merged policy inside the jax.lax.scan body escapes through a Python list
"""R2D2-style replay: the actor unrolls a recurrent NNX policy with jax.lax.scan (merge/split
done correctly) and stores the recurrent state at each step for the replay buffer's burn-in,
appending it to a Python list as the old Python loop did."""
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
    replay_states = []

    def act(h, obs):
        pol = nnx.merge(graphdef, state)
        replay_states.append(h)
        h, q = pol(h, obs)
        return h, jnp.argmax(q, -1)

    h_final, actions = jax.lax.scan(act, jnp.zeros((2, 8)), obs_seq)
    buffer = {"actions": actions, "states": jnp.stack(replay_states)}
    print(buffer["states"].shape)
