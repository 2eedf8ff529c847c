# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 nnx.jit-compiled step function given the outer NNX cellular-automaton module from inside the raw lax.scan body of a rollout wrapper
# modelled on: Flax error in getting started Colab notebook (maxencefaldor/cax#17)
"""Neural cellular automaton: a jitted update rule rolled out for several steps."""
import jax
import jax.numpy as jnp
from flax import nnx


class NCA(nnx.Module):
    def __init__(self, channels, hidden, rngs: nnx.Rngs):
        self.perceive = nnx.Conv(channels, hidden, kernel_size=(3, 3), rngs=rngs)
        self.update = nnx.Linear(hidden, channels, rngs=rngs)

    def __call__(self, state):
        return state + 0.1 * jnp.tanh(self.update(nnx.relu(self.perceive(state))))


@nnx.jit
def ca_step(ca, state):
    return ca(state)


def make_rollout(step_fn, num_steps):
    def rollout(ca, state0):
        def body(state, _):
            state = step_fn(ca, state)
            return state, state.mean()

        return jax.lax.scan(body, state0, None, length=num_steps)

    return rollout


def main():
    ca = NCA(4, 16, nnx.Rngs(0))
    state0 = jnp.zeros((1, 8, 8, 4)).at[:, 4, 4, :].set(1.0)
    rollout = make_rollout(ca_step, num_steps=5)
    final, means = rollout(ca, state0)
    assert final.shape == state0.shape
    jax.block_until_ready(means)
    return None
