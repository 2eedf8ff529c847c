# label: ok
# flax-error: none
# class: 2 graphdef/state split outside, state carried through the raw scan and merged inside each step, state returned and written back
"""Online normalisation statistics collected over a stream of minibatches,
then a few gradient steps, with the model threaded functionally."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclass
class TrainConfig:
    in_dim: int = 6
    hidden: int = 16
    lr: float = 1e-2
    steps: int = 8
    batch: int = 12


class Net(nnx.Module):
    def __init__(self, cfg: TrainConfig, rngs: nnx.Rngs):
        self.fc = nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.gelu(self.bn(self.fc(x)))))


def make_data(cfg, key):
    kx, kw = jax.random.split(key)
    xs = jax.random.normal(kx, (cfg.steps, cfg.batch, cfg.in_dim))
    w = jax.random.normal(kw, (cfg.in_dim, 1))
    return xs, xs @ w


def train(model, optimizer, xs, ys):
    graphdef, state = nnx.split((model, optimizer))

    def step(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)

        def loss_fn(m):
            return jnp.mean((m(x) - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        _, state = nnx.split((model, optimizer))
        return state, loss

    state, losses = jax.lax.scan(step, state, (xs, ys))
    nnx.update((model, optimizer), state)
    return losses


def main():
    cfg = TrainConfig()
    model = Net(cfg, nnx.Rngs(params=0, dropout=1))
    optimizer = nnx.Optimizer(model, optax.adam(cfg.lr), wrt=nnx.Param)
    xs, ys = make_data(cfg, jax.random.key(0))
    losses = train(model, optimizer, xs, ys)
    model.eval()
    preds = model(xs[0])
    jax.tree.map(lambda a: a + 0, (losses, preds, nnx.state(model, nnx.BatchStat)))
    return None
