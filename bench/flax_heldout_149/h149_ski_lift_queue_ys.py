# label: ok
# flax-error: none
# class: 2 model and variables are locals of simulate_day that the scan body applies directly; the body's outputs leave as ys and the registered hooks run after the loop
"""Ski-lift queue simulator: a learned queue model advances lift lines through the day; metrics
are pluggable hooks registered with a decorator and fed each simulated interval."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

HOOKS = {}


def register_hook(name):
    def decorator(fn):
        HOOKS[name] = fn
        return fn

    return decorator


@register_hook("wait_minutes")
def wait_minutes(queue, served):
    return queue.sum(axis=-1) / jnp.maximum(served.sum(axis=-1), 1e-3)


@register_hook("longest_line")
def longest_line(queue, served):
    return queue.max(axis=-1)


class QueueModel(nn.Module):
    lifts: int = 4

    @nn.compact
    def __call__(self, queue, arrivals):
        rate = nn.softplus(nn.Dense(self.lifts, name="service_rate")(jnp.concatenate([queue, arrivals], -1)))
        served = jnp.minimum(queue + arrivals, rate)
        return queue + arrivals - served, served


class Recorder:
    def __init__(self):
        self.series = {name: [] for name in HOOKS}

    def record(self, queue, served):
        for name, hook in HOOKS.items():
            self.series[name].append(hook(queue, served))

    def summary(self):
        return {name: jnp.stack(values) for name, values in self.series.items()}


def simulate_day(model, variables, queue, arrivals, recorder):
    def body(queue, arriving):
        queue, served = model.apply(variables, queue, arriving)
        return queue, (queue, served)

    queue, (queues, served) = lax.scan(body, queue, arrivals)
    for step_queue, step_served in zip(queues, served):
        recorder.record(step_queue, step_served)
    return queue, recorder.summary()


def main():
    model = QueueModel()
    queue = jnp.zeros((2, 4))
    arrivals = jax.random.poisson(jax.random.key(0), 3.0, (16, 2, 4)).astype(jnp.float32)
    variables = model.init(jax.random.key(1), queue, arrivals[0])
    simulate_day(model, variables, queue, arrivals, Recorder())
    return None
