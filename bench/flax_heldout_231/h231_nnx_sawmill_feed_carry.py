# label: ok
# flax-error: none
# class: 5 make_feed_step(graphdef, ...) returns a step that merges the (model, optimizer) state carried by the fori_loop, updates it and splits it back
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


def make_feed_step(graphdef, scans, targets):
    def step(i, carry):
        state, running_loss = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(feed_loss)(model, scans[i], targets[i])
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), running_loss + loss

    return step


def calibrate_shift(model, optimizer, scans, targets):
    graphdef, state = nnx.split((model, optimizer))
    step = make_feed_step(graphdef, scans, targets)
    state, total = lax.fori_loop(0, scans.shape[0], step, (state, jnp.zeros(())))
    nnx.update((model, optimizer), state)
    return total / scans.shape[0]


def main():
    scans = jax.random.normal(jax.random.key(21), (8, 5, 6))  # logs x slices x features
    targets = jax.random.uniform(jax.random.key(22), (8, 5))
    model = FeedSpeed(6, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    mean_loss = calibrate_shift(model, optimizer, scans, targets)
    jax.block_until_ready((mean_loss, optimizer.step[...]))
    return None
