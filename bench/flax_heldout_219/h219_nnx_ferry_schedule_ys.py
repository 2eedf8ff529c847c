# label: ok
# flax-error: none
# class: 5 the generator phase_steps(model) yields functools.partial(delay_step, model, scale) per voyage phase; the driver scans each step function, takes the delays and backlogs as the scan outputs and updates the nnx.MultiMetric after the loop
"""Ferry scheduling: a delay model predicts the minutes lost per sailing in each phase of a
voyage (boarding, crossing, docking); the operations driver replays a day of sailings per
phase and keeps running delay metrics."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx

PHASE_SCALE = {"boarding": 1.5, "crossing": 1.0, "docking": 0.7}


class DelayModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conditions = nnx.Linear(4, 8, rngs=rngs)
        self.minutes = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, sailing):
        return nnx.softplus(self.minutes(nnx.relu(self.conditions(sailing))))[..., 0]


def delay_step(model, scale, backlog, sailing):
    delay = scale * model(sailing)
    return jnp.maximum(backlog + delay - 5.0, 0.0), (delay, backlog)


def phase_steps(model):
    for phase, scale in PHASE_SCALE.items():
        yield phase, functools.partial(delay_step, model, scale)


def main():
    model = DelayModel(nnx.Rngs(0))
    metrics = nnx.MultiMetric(delay=nnx.metrics.Average("delay"), backlog=nnx.metrics.Average("backlog"))
    sailings = jax.random.normal(jax.random.key(9), (12, 4))
    for phase, step in phase_steps(model):
        _, (delays, backlogs) = jax.lax.scan(step, jnp.zeros(()), sailings)
        metrics.update(delay=delays, backlog=backlogs)
    metrics.compute()
    return None
