# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 functools.partial(self.step, bank=...) handed to lax.scan; LSTM controller first called there at init
"""NTM-style reader: an LSTM controller with a soft read head over a fixed memory bank."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class ReadController(nn.Module):
    hidden: int = 16
    width: int = 8

    def setup(self):
        self.lstm = nn.OptimizedLSTMCell(self.hidden)
        self.query = nn.Dense(self.width)

    def step(self, carry, x, bank):
        lstm_state, read = carry
        lstm_state, h = self.lstm(lstm_state, jnp.concatenate([x, read], -1))
        w = jax.nn.softmax(self.query(h) @ bank.T, axis=-1)
        read = w @ bank
        return (lstm_state, read), h

    def __call__(self, xs, bank):
        batch = xs.shape[1]
        lstm_state = self.lstm.initialize_carry(jax.random.key(0), (batch, xs.shape[-1] + self.width))
        carry = (lstm_state, jnp.zeros((batch, self.width)))
        _, hs = scan(functools.partial(self.step, bank=bank), carry, xs)
        return hs


def main():
    xs = jax.random.normal(jax.random.key(0), (7, 2, 3))
    bank = jax.random.normal(jax.random.key(1), (10, 8))
    model = ReadController()
    variables = model.init(jax.random.key(2), xs, bank)
    hs = model.apply(variables, xs, bank)
    hs.block_until_ready()
    return None
