# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 2 gymnax-style EnvParams declares its goal struct.field(pytree_node=False); reset draws a new goal array per episode
import chex
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class EnvParams:
    max_steps: int = struct.field(pytree_node=False, default=10)
    goal: chex.Array = struct.field(pytree_node=False, default=None)


@struct.dataclass
class EnvState:
    position: chex.Array
    time: int


@jax.jit
def env_step(state, action, params):
    position = state.position + 0.1 * action
    reward = -jnp.linalg.norm(position - params.goal)
    return EnvState(position, state.time + 1), reward


def main():
    key = jax.random.PRNGKey(0)
    for _ in range(3):
        key, goal_key = jax.random.split(key)
        params = EnvParams(goal=jax.random.uniform(goal_key, (2,)))
        state = EnvState(jnp.zeros(2), 0)
        env_step(state, jnp.ones(2), params)
