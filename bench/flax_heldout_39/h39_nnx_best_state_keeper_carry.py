# label: ok
# flax-error: none
# class: 4 the BestStateKeeper's best loss/state ride in the raw scan carry (offer() is pure); they are written back to the keeper after the loop
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

    @staticmethod
    def offer(best, loss, state):
        best_loss, best_state = best
        better = loss < best_loss
        best_state = jax.tree.map(lambda new, old: jnp.where(better, new, old), state, best_state)
        return jnp.where(better, loss, best_loss), best_state

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

    def body(carry, batch):
        state, best = carry
        m, opt = nnx.merge(graphdef, state)
        grads = nnx.grad(mse)(m, *batch)
        opt.update(m, grads)
        best = keeper.offer(best, mse(m, *val), nnx.state(m, nnx.Param))
        return (nnx.state((m, opt)), best), None

    (state, best), _ = lax.scan(body, (state, (keeper.best_loss, keeper.best_state)), train)
    nnx.update((model, optimizer), state)
    keeper.best_loss, keeper.best_state = best


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
