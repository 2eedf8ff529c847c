# label: ok
# flax-error: none
# class: 2 body calls self.step, whose BatchNorm only reads "batch_stats" (use_running_average=True)
# modelled on: google/flax#2052 nn.scan + nn.BatchNorm and google/flax#3602 batch_stats in batchnorm need to be marked as mutable
"""Autoregressive multi-step forecaster for a multivariate time series."""

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

HORIZON, FEATURES, HIDDEN = 5, 3, 16


class Forecaster(nn.Module):
    train: bool = True

    def setup(self):
        self.encoder = nn.Dense(HIDDEN)
        self.norm = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)
        self.head = nn.Dense(FEATURES)

    def step(self, y_prev):
        h = nn.gelu(self.norm(self.encoder(y_prev)))
        return y_prev + self.head(h)

    def __call__(self, history):
        def rollout_step(y, _):
            y = self.step(y)
            return y, y

        y1 = self.step(history[:, -1])
        _, preds = jax.lax.scan(rollout_step, y1, None, length=HORIZON - 1)
        return jnp.concatenate([y1[:, None], jnp.swapaxes(preds, 0, 1)], axis=1)


def eval_fn(params, batch_stats, history, targets):
    preds = Forecaster(train=False).apply({"params": params, "batch_stats": batch_stats}, history)
    return optax.l2_loss(preds, targets).mean(), preds


def main():
    series = jnp.cumsum(jax.random.normal(jax.random.key(0), (4, 12, FEATURES)), axis=1)
    history, targets = series[:, :7], series[:, 7:]
    variables = Forecaster(train=False).init(jax.random.key(1), history)
    params, batch_stats = variables["params"], variables["batch_stats"]
    loss, preds = jax.jit(eval_fn)(params, batch_stats, history, targets)
    ema_mean = batch_stats["norm"]["mean"] * 1.0
    ema_mean.block_until_ready()
    float(loss)
    return None
