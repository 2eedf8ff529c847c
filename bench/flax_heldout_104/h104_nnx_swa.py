# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the EMA copy is reached as ema.avg through EMA.update, called on the closed-over `ema` from the fori_loop body
"""Training with an exponential moving average of the weights (Polyak/EMA, as in SWA-style
evaluation). Model and optimizer go through the fori_loop functionally (split/merge); the EMA
helper is updated after every step."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


class EMA(nnx.Module):
    def __init__(self, model, decay=0.9):
        self.decay = decay
        self.avg = nnx.clone(model)

    def update(self, model):
        new = jax.tree.map(lambda a, p: self.decay * a + (1 - self.decay) * p,
                           nnx.state(self.avg, nnx.Param), nnx.state(model, nnx.Param))
        nnx.update(self.avg, new)


def main():
    xs = jax.random.normal(jax.random.key(0), (30, 16, 4))
    ys = xs.sum(-1, keepdims=True) ** 2
    model = Net(nnx.Rngs(0))
    opt = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    ema = EMA(model)
    graphdef, state = nnx.split((model, opt))

    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def body(i, state):
        m, o = nnx.merge(graphdef, state)
        grads = nnx.grad(loss_fn)(m, xs[i], ys[i])
        o.update(m, grads)
        ema.update(m)
        return nnx.state((m, o))

    state = fori_loop(0, xs.shape[0], body, state)
    nnx.update((model, opt), state)
    print("ema loss", float(loss_fn(ema.avg, xs[0], ys[0])))
    return None
