# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_step builds the while_loop body around the cell, its params and a history list of batch_stats that the body appends to
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class NormalizedRNNCell(nn.Module):
    features: int

    @nn.compact
    def __call__(self, carry, x):
        h = nn.Dense(self.features)(jnp.concatenate([carry, x], axis=-1))
        h = nn.BatchNorm(use_running_average=False, momentum=0.99)(h)
        h = jnp.tanh(h)
        return h, h


def make_step(cell, params, xs, history):
    def step(loop_state):
        t, h = loop_state
        variables = {'params': params, 'batch_stats': history[-1]}
        (h, _), mutated = cell.apply(variables, h, xs[t], mutable=['batch_stats'])
        history.append(mutated['batch_stats'])
        return t + 1, h

    return step


def encode(cell, variables, xs):
    history = [variables['batch_stats']]
    step = make_step(cell, variables['params'], xs, history)
    not_done = functools.partial(lambda n, s: s[0] < n, xs.shape[0])
    h0 = jnp.zeros((xs.shape[1], cell.features))
    _, h = lax.while_loop(not_done, step, (0, h0))
    return h, {'params': variables['params'], 'batch_stats': history[-1]}


def main():
    cell = NormalizedRNNCell(features=6)
    xs = jax.random.normal(jax.random.key(0), (4, 5, 3))
    variables = cell.init(jax.random.key(1), jnp.zeros((5, 6)), xs[0])
    for _ in range(2):
        h, variables = encode(cell, variables, xs)
    jax.block_until_ready((h, variables))
