# label: ok
# flax-error: none
# class: 3 an experiment tracker module stores best loss and step count in nnx.Variable subclasses; the raw lax.while_loop training loop carries the tracker state and updates the tracker afterwards
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Logged(nnx.Variable):
    pass


class Tracker(nnx.Module):
    def __init__(self):
        self.best = Logged(jnp.array(jnp.inf))
        self.steps = Logged(jnp.array(0))

    def record(self, loss):
        self.best.value = jnp.minimum(self.best.value, loss)
        self.steps.value = self.steps.value + 1


class TinyNet(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


def train(model, tracker, x, y, max_steps=20, target=1e-2):
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer, tracker))

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    def cond(carry):
        i, loss, _ = carry
        return (i < max_steps) & (loss > target)

    def body(carry):
        i, _, state = carry
        m, opt, trk = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(m)
        opt.update(m, grads)
        trk.record(loss)
        _, state = nnx.split((m, opt, trk))
        return i + 1, loss, state

    _, _, state = jax.lax.while_loop(cond, body, (0, jnp.array(jnp.inf), state))
    nnx.update((model, optimizer, tracker), state)


def main():
    x = jnp.ones((16, 4))
    y = jnp.full((16, 1), 0.5)
    train(TinyNet(nnx.Rngs(0)), Tracker(), x, y)
    return None
