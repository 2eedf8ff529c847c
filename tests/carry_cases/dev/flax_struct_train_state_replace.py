# label: ok
# jax-error: none
# class: 3 flax.struct.dataclass training state updated with .replace of fields of the same type
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class TrainState:
    params: jnp.ndarray
    step: jnp.ndarray
    lr: float = struct.field(pytree_node=False, default=0.1)


def loss(p, x):
    return jnp.mean((x @ p - 1.0) ** 2)


def main():
    xs = jnp.ones((8, 4, 3))

    def train_step(state, x):
        g = jax.grad(loss)(state.params, x)
        state = state.replace(params=state.params - state.lr * g, step=state.step + 1)
        return state, loss(state.params, x)

    state, losses = jax.lax.scan(train_step, TrainState(jnp.zeros(3), jnp.int32(0)), xs)
    return losses
