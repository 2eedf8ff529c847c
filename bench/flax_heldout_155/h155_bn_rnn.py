# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the RNN's unroll method scans over self.cell, whose BatchNorm writes batch_stats inside the body under mutable=['batch_stats']
"""Recurrent cell with BatchNorm on the recurrent pre-activation (recurrent batch norm).

Shaped like the reports where a user adds nn.BatchNorm to an RNN cell, unrolls it with a raw
lax.scan inside a module method and trains with mutable=['batch_stats']: the running statistics
are written from inside the traced body and escape it.
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
        y, updates = model.apply({"params": params, "batch_stats": batch_stats}, xs,
                                 method=BNRNN.unroll, mutable=["batch_stats"])
        return jnp.mean(y ** 2), updates

    (value, updates), grads = jax.value_and_grad(loss, has_aux=True)(
        variables["params"], variables["batch_stats"])
    new_stats = jax.tree.map(lambda a: a + 0.0, updates["batch_stats"])
    jax.block_until_ready((value, grads, new_stats))
    return None
