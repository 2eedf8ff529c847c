# label: ok
# flax-error: none
# class: 1 lax.scan step calls the outside nnx.GRUCell and returns each new hidden state as the scan output
import jax
import jax.numpy as jnp
import flax.nnx as nnx


def main():
    cell = nnx.GRUCell(3, 5, rngs=nnx.Rngs(0))
    xs = jnp.ones((6, 2, 3))

    def step(h, x):
        h, _ = cell(h, x)
        return h, h

    h_last, hidden_states = jax.lax.scan(step, jnp.zeros((2, 5)), xs)
    all_h = jnp.stack(list(hidden_states))
    print(all_h.shape, h_last.shape)
    return None
