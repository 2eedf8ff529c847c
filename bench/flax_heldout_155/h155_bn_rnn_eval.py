# label: ok
# flax-error: none
# class: 1 the RNN's unroll method scans over self.cell; BatchNorm reads its running statistics and nothing is written inside the body
"""Recurrent cell with BatchNorm on the recurrent pre-activation (evaluation variant).

The same unroll, run with use_running_average=True: batch_stats enter the body as read-only
variables and the apply is called without mutable=, so no state leaves the loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class BNCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, x, train: bool):
        pre = nn.Dense(self.hidden, use_bias=False, name="ih")(x) + nn.Dense(self.hidden, name="hh")(h)
        pre = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="bn")(pre)
        return jnp.tanh(pre)


class BNRNN(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = BNCell(self.hidden)
        self.head = nn.Dense(1)

    def step(self, h, x, train: bool = False):
        return self.head(self.cell(h, x, train))

    def unroll(self, xs, train: bool = True):
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def body(h, x):
            h = self.cell(h, x, train)
            return h, h

        h_last, _ = lax.scan(body, h0, xs)
        return self.head(h_last)


def main():
    model = BNRNN()
    xs = jax.random.normal(jax.random.key(0), (6, 5, 3))  # time, batch, features
    h = jnp.zeros((5, 8))
    variables = model.init(jax.random.key(1), h, xs[0], method=BNRNN.step)

    def loss(params, batch_stats):
        y = model.apply({"params": params, "batch_stats": batch_stats}, xs, False,
                        method=BNRNN.unroll)
        return jnp.mean(y ** 2)

    value, grads = jax.value_and_grad(loss)(variables["params"], variables["batch_stats"])
    jax.block_until_ready((value, grads))
    return None
