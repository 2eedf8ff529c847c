# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_train_step returns a step whose raw scan body (gradient accumulation over microbatches) calls state.apply_fn in train mode without mutable
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
    def loss_fn(params, state, x, y):
        pred = state.apply_fn({"params": params, "batch_stats": state.batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def train_step(state: TrainState, batch):
        xs = batch["x"].reshape(cfg.num_microbatches, cfg.microbatch_size, -1)
        ys = batch["y"].reshape(cfg.num_microbatches, cfg.microbatch_size)

        def accumulate(grads, micro):
            x, y = micro
            loss, g = jax.value_and_grad(loss_fn)(state.params, state, x, y)
            return jax.tree.map(jnp.add, grads, g), loss

        zeros = jax.tree.map(jnp.zeros_like, state.params)
        grads, losses = jax.lax.scan(accumulate, zeros, (xs, ys))
        grads = jax.tree.map(lambda g: g / cfg.num_microbatches, grads)
        return state.apply_gradients(grads=grads), losses.mean()

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
