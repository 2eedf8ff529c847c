# label: ok
# flax-error: none
# class: 5 a decorator registry maps "kiln" to a factory returning a step function over functools.partial(model.apply, mutable=["batch_stats"]); the batch stats travel in the fori_loop carry
"""Ceramics kiln firing: a registry of step factories drives a firing schedule segment by segment."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

STEP_FACTORIES = {}


def register_step(name):
    def decorator(factory):
        STEP_FACTORIES[name] = factory
        return factory
    return decorator


class GlazeResponse(nn.Module):
    @nn.compact
    def __call__(self, segment):
        h = nn.Dense(10)(segment)
        h = nn.BatchNorm(use_running_average=False, axis_name=None)(h)
        return nn.Dense(1)(nn.swish(h))[..., 0]


@register_step("kiln")
def make_firing_step(model, variables, segments):
    respond = functools.partial(model.apply, mutable=["batch_stats"])
    params = variables["params"]

    def step(i, carry):
        temperature, stats = carry
        delta, updates = respond({"params": params, "batch_stats": stats}, segments[i])
        return temperature + 5.0 * jnp.tanh(delta).mean(), updates["batch_stats"]

    return step


def fire(name, model, variables, segments, start=20.0):
    step = STEP_FACTORIES[name](model, variables, segments)
    carry = (jnp.asarray(start), variables["batch_stats"])
    return jax.lax.fori_loop(0, segments.shape[0], step, carry)


def main():
    segments = jax.random.uniform(jax.random.key(21), (6, 3, 4))  # segments x pieces x (ramp, hold, vent, load)
    model = GlazeResponse()
    variables = model.init(jax.random.key(22), segments[0])
    fire("kiln", model, variables, segments)
    return None
