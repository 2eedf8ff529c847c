# label: ok
# flax-error: none
# class: 5 make_train_step returns a step whose raw scan body calls state.apply_fn with mutable batch_stats and threads the stats through the carry
"""Gradient accumulation over microbatches with a TrainState that also carries BatchNorm statistics."""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class TrainState(train_state.TrainState):
    batch_stats: Any


class MLP(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.gelu(x)
        return nn.Dense(1)(x)[..., 0]


@dataclasses.dataclass(frozen=True)
class OptimConfig:
    learning_rate: float = 3e-3
    num_microbatches: int = 4
    microbatch_size: int = 8


def create_state(model, rng, cfg: OptimConfig, in_dim: int) -> TrainState:
    variables = model.init(rng, jnp.zeros((1, in_dim)), train=False)
    return TrainState.create(apply_fn=model.apply, params=variables["params"],
                             batch_stats=variables["batch_stats"], tx=optax.adamw(cfg.learning_rate))


def make_train_step(cfg: OptimConfig):
    def loss_fn(params, batch_stats, state, x, y):
        pred, mutated = state.apply_fn({"params": params, "batch_stats": batch_stats}, x, train=True,
                                       mutable=["batch_stats"])
        return jnp.mean((pred - y) ** 2), mutated["batch_stats"]

    def train_step(state: TrainState, batch):
        xs = batch["x"].reshape(cfg.num_microbatches, cfg.microbatch_size, -1)
        ys = batch["y"].reshape(cfg.num_microbatches, cfg.microbatch_size)

        def accumulate(carry, micro):
            grads, batch_stats = carry
            x, y = micro
            (loss, batch_stats), g = jax.value_and_grad(loss_fn, has_aux=True)(
                state.params, batch_stats, state, x, y)
            return (jax.tree.map(jnp.add, grads, g), batch_stats), loss

        zeros = jax.tree.map(jnp.zeros_like, state.params)
        (grads, batch_stats), losses = jax.lax.scan(accumulate, (zeros, state.batch_stats), (xs, ys))
        grads = jax.tree.map(lambda g: g / cfg.num_microbatches, grads)
        state = state.apply_gradients(grads=grads).replace(batch_stats=batch_stats)
        return state, losses.mean()

    return jax.jit(train_step)


def main():
    cfg = OptimConfig()
    state = create_state(MLP(), jax.random.key(0), cfg, in_dim=5)
    n = cfg.num_microbatches * cfg.microbatch_size
    x = jax.random.normal(jax.random.key(1), (n, 5))
    batch = {"x": x, "y": x.sum(-1)}
    step = make_train_step(cfg)
    for _ in range(2):
        state, loss = step(state, batch)
    print(float(loss))
    return None
