# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a decorator registry maps "kiln" to a factory returning a step function that closes over functools.partial(model.apply, variables) (train-mode BatchNorm); the fori_loop body calls that step
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
    respond = functools.partial(model.apply, variables)

    def step(i, temperature):
        delta = respond(segments[i])
        return temperature + 5.0 * jnp.tanh(delta).mean()

    return step


def fire(name, model, variables, segments, start=20.0):
    step = STEP_FACTORIES[name](model, variables, segments)
    return jax.lax.fori_loop(0, segments.shape[0], step, jnp.asarray(start))


def main():
    segments = jax.random.uniform(jax.random.key(21), (6, 3, 4))  # segments x pieces x (ramp, hold, vent, load)
    model = GlazeResponse()
    variables = model.init(jax.random.key(22), segments[0])
    fire("kiln", model, variables, segments)
    return None
