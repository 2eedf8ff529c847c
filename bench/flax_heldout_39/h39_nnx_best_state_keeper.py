# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the raw scan body offers nnx.state(model) to a BestStateKeeper object that stores the selected state on itself; restore() later nnx.update()s the model from it
"""Keep the parameters with the lowest validation loss seen during an NNX training epoch."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class BestStateKeeper:
    """Tracks the best parameters so far; a plain Python helper shared by trainers."""

    def __init__(self, model: nnx.Module):
        self.best_loss = jnp.array(jnp.inf)
        self.best_state = nnx.state(model, nnx.Param)

    def offer(self, loss, state):
        better = loss < self.best_loss
        self.best_state = jax.tree.map(lambda new, old: jnp.where(better, new, old), state, self.best_state)
        self.best_loss = jnp.where(better, loss, self.best_loss)

    def restore(self, model: nnx.Module):
        nnx.update(model, self.best_state)


class Regressor(nnx.Module):
    def __init__(self, din, *, rngs):
        self.hidden = nnx.Linear(din, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


@dataclasses.dataclass(frozen=True)
class Config:
    din: int = 3
    steps: int = 5
    lr: float = 0.1


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_with_selection(model, optimizer, keeper, train, val):
    graphdef, state = nnx.split((model, optimizer))

    def body(state, batch):
        m, opt = nnx.merge(graphdef, state)
        grads = nnx.grad(mse)(m, *batch)
        opt.update(m, grads)
        keeper.offer(mse(m, *val), nnx.state(m, nnx.Param))
        return nnx.state((m, opt)), None

    state, _ = lax.scan(body, state, train)
    nnx.update((model, optimizer), state)


def main():
    cfg = Config()
    model = Regressor(cfg.din, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(cfg.lr), wrt=nnx.Param)
    keeper = BestStateKeeper(model)
    xs = jax.random.normal(jax.random.key(1), (cfg.steps, 8, cfg.din))
    train = (xs, xs.sum(-1))
    xv = jax.random.normal(jax.random.key(2), (8, cfg.din))
    val = (xv, xv.sum(-1))
    train_with_selection(model, optimizer, keeper, train, val)
    keeper.restore(model)
    print(float(mse(model, *val)))
    return None
