# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a decorator wraps the forecaster's method in nnx.jit over self.model; the scan body calls the decorated method, so the jitted call receives the model from outside the loop
"""Museum visitor flow forecasting.

Gallery sensors count visitors every ten minutes; the operations dashboard simulates the rest
of the day by feeding each forecast back as the next input. Model calls are compiled once
through a decorator shared by all forecasters.
"""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


def compiled_model_call(fn):
    """Compiles `fn(model, *args)` once and exposes it as a method using `self.model`."""
    compiled = nnx.jit(fn)

    @functools.wraps(fn)
    def method(self, *args):
        return compiled(self.model, *args)

    return method


class GalleryFlowModel(nnx.Module):
    def __init__(self, galleries, rngs):
        self.transition = nnx.Linear(galleries, galleries, rngs=rngs)

    def __call__(self, counts):
        return nnx.relu(counts + 0.1 * self.transition(counts))


class FlowForecaster:
    def __init__(self, model):
        self.model = model

    @compiled_model_call
    def forecast(model, counts):
        return model(counts)

    def rest_of_day(self, counts, slots):
        def body(current, _):
            nxt = self.forecast(current)
            return nxt, nxt

        _, trajectory = scan(body, counts, None, length=slots)
        return trajectory


def main():
    model = GalleryFlowModel(6, nnx.Rngs(0))
    counts = jnp.array([40.0, 12.0, 30.0, 5.0, 18.0, 22.0])
    FlowForecaster(model).rest_of_day(counts, slots=8)
    return None
