# label: ok
# flax-error: none
# class: 4 make_train_step returns a pure step function; the while_loop carries params and batch_stats and the job stores both after the loop
"""Churn prediction: a nightly retraining job that trains until the loss plateaus."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ChurnModel(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)[..., 0]


@dataclass
class StatsHolder:
    batch_stats: dict


@dataclass(frozen=True)
class RetrainConfig:
    lr: float = 0.05
    tol: float = 0.3
    max_steps: int = 20


def make_train_step(model, cfg):
    def loss_fn(params, batch_stats, x, y):
        logits, upd = model.apply({"params": params, "batch_stats": batch_stats}, x, mutable=["batch_stats"])
        loss = jnp.mean(jnp.maximum(logits, 0) - logits * y + jnp.log1p(jnp.exp(-jnp.abs(logits))))
        return loss, upd

    def step(params, batch_stats, x, y):
        (loss, upd), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, x, y)
        params = jax.tree_util.tree_map(lambda p, g: p - cfg.lr * g, params, grads)
        return params, upd["batch_stats"], loss

    return step


class RetrainJob:
    def __init__(self, model, variables, cfg):
        self.model, self.cfg = model, cfg
        self.params = variables["params"]
        self.holder = StatsHolder(variables["batch_stats"])
        self.step_fn = make_train_step(model, cfg)

    def run(self, x, y):
        def cond(state):
            i, _, _, loss = state
            return (i < self.cfg.max_steps) & (loss > self.cfg.tol)

        def body(state):
            i, params, batch_stats, _ = state
            params, batch_stats, loss = self.step_fn(params, batch_stats, x, y)
            return i + 1, params, batch_stats, loss

        init = (0, self.params, self.holder.batch_stats, jnp.float32(jnp.inf))
        _, self.params, self.holder.batch_stats, _ = lax.while_loop(cond, body, init)

    def predict(self, x):
        return self.model.apply({"params": self.params, "batch_stats": self.holder.batch_stats}, x, train=False)


def main():
    x = jax.random.normal(jax.random.key(0), (64, 6))
    y = (x[:, 0] > 0).astype(jnp.float32)
    model = ChurnModel()
    job = RetrainJob(model, model.init(jax.random.key(1), x, train=False), RetrainConfig())
    job.run(x, y)
    job.predict(x).block_until_ready()
    return None
