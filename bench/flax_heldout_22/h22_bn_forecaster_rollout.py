# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 body calls self.step, whose BatchNorm updates "batch_stats" (apply with mutable=["batch_stats"], train=True)
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


def loss_fn(params, batch_stats, history, targets):
    preds, updates = Forecaster(train=True).apply(
        {"params": params, "batch_stats": batch_stats}, history, mutable=["batch_stats"]
    )
    return optax.l2_loss(preds, targets).mean(), updates["batch_stats"]


def main():
    series = jnp.cumsum(jax.random.normal(jax.random.key(0), (4, 12, FEATURES)), axis=1)
    history, targets = series[:, :7], series[:, 7:]
    variables = Forecaster(train=False).init(jax.random.key(1), history)
    params, batch_stats = variables["params"], variables["batch_stats"]
    (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(
        params, batch_stats, history, targets
    )
    params = optax.apply_updates(params, jax.tree.map(lambda g: -1e-2 * g, grads))
    ema_mean = batch_stats["norm"]["mean"] * 1.0
    ema_mean.block_until_ready()
    return None
