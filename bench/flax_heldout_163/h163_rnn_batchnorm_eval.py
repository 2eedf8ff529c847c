# label: ok
# flax-error: none
# class: 3 the while_loop body in the encoder's method calls self.cell, a setup submodule whose BatchNorm only reads batch_stats (train=False)
"""Recurrent encoder whose cell normalises its pre-activation with BatchNorm.

The encoder unrolls the cell over time with lax.while_loop (sequence length is
a runtime bound in the original training code). Here the encoder is only
evaluated: BatchNorm uses its running averages and nothing is written.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class BNCell(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, h, x, train: bool):
        z = nn.Dense(self.hidden)(jnp.concatenate([h, x], axis=-1))
        z = nn.BatchNorm(use_running_average=not train, momentum=0.9)(z)
        return jnp.tanh(z)


class SeqEncoder(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = BNCell(self.hidden)

    def step(self, h, x, train: bool = False):
        return self.cell(h, x, train)

    def __call__(self, xs, train: bool = True):
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def cond(state):
            t, _ = state
            return t < xs.shape[0]

        def body(state):
            t, h = state
            return t + 1, self.cell(h, xs[t], train)

        _, h = lax.while_loop(cond, body, (0, h0))
        return h


def main():
    xs = jax.random.normal(jax.random.key(0), (7, 4, 3))
    model = SeqEncoder()
    h0 = jnp.zeros((4, 8))
    variables = model.init(jax.random.key(1), h0, xs[0], method=SeqEncoder.step)
    h_eval = model.apply(variables, xs, train=False)
    print("eval", h_eval.mean())
    return None
