# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 12 (48 B)
# class: 5 make_feed_step(model, optimizer) returns a step that runs nnx.value_and_grad and optimizer.update on the closed-over objects inside the fori_loop body
"""Online calibration of a sawmill's log-feed speed model.

The headrig adapts its feed-speed predictor to the logs of the current shift: the step factory
used by the mill's control service builds one update per log scan and runs them in a loop.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class FeedSpeed(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 12, rngs=rngs)
        self.speed = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, log_scan):
        return self.speed(nnx.silu(self.hidden(log_scan)))[..., 0]


def feed_loss(model: FeedSpeed, log_scan, target_speed):
    return jnp.mean((model(log_scan) - target_speed) ** 2)


def make_feed_step(model: FeedSpeed, optimizer: nnx.Optimizer, scans, targets):
    def step(i, running_loss):
        loss, grads = nnx.value_and_grad(feed_loss)(model, scans[i], targets[i])
        optimizer.update(model, grads)
        return running_loss + loss

    return step


def calibrate_shift(model, optimizer, scans, targets):
    step = make_feed_step(model, optimizer, scans, targets)
    total = lax.fori_loop(0, scans.shape[0], step, jnp.zeros(()))
    return total / scans.shape[0]


def main():
    scans = jax.random.normal(jax.random.key(21), (8, 5, 6))  # logs x slices x features
    targets = jax.random.uniform(jax.random.key(22), (8, 5))
    model = FeedSpeed(6, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    mean_loss = calibrate_shift(model, optimizer, scans, targets)
    jax.block_until_ready(mean_loss)
    return None
