# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 make_train_step returns a step closure over a StatsHolder; the while_loop body calls it and the step writes the new batch_stats onto the holder
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


def make_train_step(model, holder, cfg):
    def loss_fn(params, x, y):
        logits, upd = model.apply({"params": params, "batch_stats": holder.batch_stats}, x, mutable=["batch_stats"])
        loss = jnp.mean(jnp.maximum(logits, 0) - logits * y + jnp.log1p(jnp.exp(-jnp.abs(logits))))
        return loss, upd

    def step(params, x, y):
        (loss, upd), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, x, y)
        holder.batch_stats = upd["batch_stats"]
        params = jax.tree_util.tree_map(lambda p, g: p - cfg.lr * g, params, grads)
        return params, loss

    return step


class RetrainJob:
    def __init__(self, model, variables, cfg):
        self.model, self.cfg = model, cfg
        self.params = variables["params"]
        self.holder = StatsHolder(variables["batch_stats"])
        self.step_fn = make_train_step(model, self.holder, cfg)

    def run(self, x, y):
        def cond(state):
            i, _, loss = state
            return (i < self.cfg.max_steps) & (loss > self.cfg.tol)

        def body(state):
            i, params, _ = state
            params, loss = self.step_fn(params, x, y)
            return i + 1, params, loss

        _, self.params, _ = lax.while_loop(cond, body, (0, self.params, jnp.float32(jnp.inf)))

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
