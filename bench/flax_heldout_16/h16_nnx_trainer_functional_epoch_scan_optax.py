# label: ok
# flax-error: none
# class: 4 a factory builds a jitted epoch function whose scan body merges the carried params with the static graphdef inside a loss helper and applies optax updates to the carry
"""Regression MLP trained one epoch at a time with a functional NNX/optax loop."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    in_dim: int = 4
    hidden: int = 16
    learning_rate: float = 1e-2
    batches_per_epoch: int = 5
    batch_size: int = 8


class MLP(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.fc1 = nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs)
        self.fc2 = nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.fc2(nnx.relu(self.fc1(x))))).squeeze(-1)


def make_epoch_fn(graphdef, tx):
    def loss_fn(params, x, y):
        model = nnx.merge(graphdef, params)
        return jnp.mean((model(x) - y) ** 2)

    @jax.jit
    def run_epoch(params, opt_state, xs, ys):
        def body(carry, batch):
            params, opt_state = carry
            loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
            updates, opt_state = tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state), loss

        (params, opt_state), losses = jax.lax.scan(body, (params, opt_state), (xs, ys))
        return params, opt_state, losses.mean()

    return run_epoch


def synthetic_epoch(key, cfg):
    xs = jax.random.normal(key, (cfg.batches_per_epoch, cfg.batch_size, cfg.in_dim))
    ys = jnp.sin(xs.sum(-1))
    return xs, ys


def main():
    cfg = TrainConfig()
    model = MLP(cfg, rngs=nnx.Rngs(0))
    graphdef, params = nnx.split(model, nnx.Param)
    tx = optax.adam(cfg.learning_rate)
    opt_state = tx.init(params)
    run_epoch = make_epoch_fn(graphdef, tx)
    for epoch in range(2):
        xs, ys = synthetic_epoch(jax.random.key(epoch), cfg)
        params, opt_state, loss = run_epoch(params, opt_state, xs, ys)
    nnx.update(model, params)
    return None
