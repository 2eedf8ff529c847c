# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 5 optimiser state registered with register_dataclass keeps its step (jnp.asarray) in a meta field and increments it inside the jitted update
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class MomentumState:
    velocity: jax.Array
    step: jax.Array


jax.tree_util.register_dataclass(MomentumState, data_fields=["velocity"], meta_fields=["step"])


@jax.jit
def momentum_update(state, grads):
    bias = 1.0 - 0.9 ** (state.step + 1)
    return MomentumState(0.9 * state.velocity + grads / bias, state.step + 1)


def main():
    state = MomentumState(jnp.zeros(3), jnp.asarray(0))
    for _ in range(4):
        state = momentum_update(state, jnp.ones(3))
