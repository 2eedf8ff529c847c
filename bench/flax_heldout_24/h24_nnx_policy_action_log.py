# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the raw lax.fori_loop body calls the policy, whose __call__ appends each action to the plain Python list self.history held on the module
# modelled on: jax-ml/jax issue #1708 "lax.while_loop calls body_fun only once" (Python list mutated inside the loop body)
"""Closed-loop control of a point mass; the policy logs the actions it takes."""
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim: int, act_dim: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.out = nnx.Linear(16, act_dim, rngs=rngs)
        self.history = []

    def __call__(self, obs):
        action = jnp.tanh(self.out(nnx.relu(self.hidden(obs))))
        self.history.append(action)
        return action


def point_mass(state, action, dt=0.1):
    pos, vel = state[:2], state[2:]
    vel = vel + dt * action
    return jnp.concatenate([pos + dt * vel, vel])


def main():
    policy = Policy(4, 2, rngs=nnx.Rngs(0))

    def body(i, state):
        return point_mass(state, policy(state))

    final = jax.lax.fori_loop(0, 20, body, jnp.array([1.0, -1.0, 0.0, 0.0]))
    actions = jnp.stack(policy.history)
    print(final, jnp.abs(actions).sum())
    return None
