# label: ok
# flax-error: none
# class: 2 the cell is initialised outside the loop and its params are closed over; the body calls cell.apply
"""Frame-wise CTC decoder: the recurrent cell is a separate module applied functionally inside lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Cell(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, h, frame):
        return jnp.tanh(nn.Dense(self.hidden)(jnp.concatenate([frame, h], -1)))


def main():
    frames = jnp.ones((20, 2, 8))
    cell, head = Cell(), nn.Dense(12)
    h0 = jnp.zeros((2, 16))
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    cell_params = cell.init(k1, h0, frames[0])
    head_params = head.init(k2, h0)

    def step(h, frame):
        h = cell.apply(cell_params, h, frame)
        return h, h

    _, hs = lax.scan(step, h0, frames)
    log_probs = jax.nn.log_softmax(head.apply(head_params, hs), -1)
    jnp.argmax(log_probs, -1).block_until_ready()
    return None
