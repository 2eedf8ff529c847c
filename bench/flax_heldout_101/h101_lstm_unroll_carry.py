# label: ok
# flax-error: none
# class: 2 the LSTM cell's params are initialised outside and enter the scan body through the carry, used via cell.apply
"""Sequence classifier: LSTM unrolled over time by hand, last hidden state -> logits."""
import jax
import jax.numpy as jnp
import flax.linen as nn

HIDDEN = 32


def main():
    cell = nn.LSTMCell(features=HIDDEN)
    head = nn.Dense(5)
    xs = jnp.ones((12, 3, 8))
    batch = xs.shape[1]
    carry = (jnp.zeros((batch, HIDDEN)), jnp.zeros((batch, HIDDEN)))
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    cell_vars = cell.init(k1, carry, xs[0])
    head_vars = head.init(k2, jnp.zeros((batch, HIDDEN)))

    def step(state, x_t):
        params, carry = state
        carry, h = cell.apply(params, carry, x_t)
        return (params, carry), h

    _, hs = jax.lax.scan(step, (cell_vars, carry), xs)
    logits = head.apply(head_vars, hs[-1])
    print(logits.shape)
    return None
