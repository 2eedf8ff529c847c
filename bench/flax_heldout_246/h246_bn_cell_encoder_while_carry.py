# label: ok
# flax-error: none
# class: 5 make_step builds the while_loop body around the cell and its params; batch_stats ride in the loop state
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


def make_step(cell, params, xs):
    def step(loop_state):
        t, h, batch_stats = loop_state
        variables = {'params': params, 'batch_stats': batch_stats}
        (h, _), mutated = cell.apply(variables, h, xs[t], mutable=['batch_stats'])
        return t + 1, h, mutated['batch_stats']

    return step


def encode(cell, variables, xs):
    step = make_step(cell, variables['params'], xs)
    not_done = functools.partial(lambda n, s: s[0] < n, xs.shape[0])
    h0 = jnp.zeros((xs.shape[1], cell.features))
    _, h, batch_stats = lax.while_loop(not_done, step, (0, h0, variables['batch_stats']))
    return h, {'params': variables['params'], 'batch_stats': batch_stats}


def main():
    cell = NormalizedRNNCell(features=6)
    xs = jax.random.normal(jax.random.key(0), (4, 5, 3))
    variables = cell.init(jax.random.key(1), jnp.zeros((5, 6)), xs[0])
    for _ in range(2):
        h, variables = encode(cell, variables, xs)
    jax.block_until_ready((h, variables))
