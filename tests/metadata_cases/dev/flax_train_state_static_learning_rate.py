# label: recompiles
# jax-error: none
# class: 2 flax.struct train state marks its learning rate struct.field(pytree_node=False); a schedule stores jnp.asarray(lr) each step
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class SGDState:
    params: jax.Array
    learning_rate: jax.Array = struct.field(pytree_node=False)


def cosine_schedule(step, total):
    return 0.5 * 0.1 * (1 + jnp.cos(jnp.pi * step / total))


@jax.jit
def sgd_update(state, grads):
    return state.replace(params=state.params - state.learning_rate * grads)


def main():
    state = SGDState(jnp.ones(4), jnp.asarray(0.1))
    for step in range(4):
        state = state.replace(learning_rate=jnp.asarray(cosine_schedule(step, 4)))
        state = sgd_update(state, jnp.ones(4))
