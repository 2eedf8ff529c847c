# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 OccupancyService -> ModelAdapter -> an nnx.jit-compiled forward that is given adapter.model from inside the scan body
"""Parking garage occupancy: the service rolls the occupancy forecast forward over the next
hours, feeding each forecast back as input. Inference goes through an adapter that owns an
nnx.jit-compiled forward, shared with the request path."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class OccupancyForecaster(nnx.Module):
    def __init__(self, levels: int, rngs: nnx.Rngs):
        self.trend = nnx.Linear(levels + 2, 32, rngs=rngs)
        self.level = nnx.Linear(32, levels, rngs=rngs)

    def __call__(self, occupancy, calendar):
        h = nnx.silu(self.trend(jnp.concatenate([occupancy, calendar])))
        return nnx.sigmoid(self.level(h))


@nnx.jit
def _forward(model, occupancy, calendar):
    return model(occupancy, calendar)


class ModelAdapter:
    def __init__(self, model: OccupancyForecaster):
        self.model = model

    def predict(self, occupancy, calendar):
        return _forward(self.model, occupancy, calendar)


class OccupancyService:
    def __init__(self, adapter: ModelAdapter):
        self.adapter = adapter

    def rollout(self, occupancy, hours):
        def hour(current, h):
            calendar = jnp.stack([jnp.sin(h / 24.0 * 2 * jnp.pi), jnp.cos(h / 24.0 * 2 * jnp.pi)])
            forecast = self.adapter.predict(current, calendar)
            return forecast, forecast

        _, path = lax.scan(hour, occupancy, hours)
        return path


def main():
    model = OccupancyForecaster(levels=4, rngs=nnx.Rngs(0))
    service = OccupancyService(ModelAdapter(model))
    service.adapter.predict(jnp.full((4,), 0.5), jnp.zeros((2,)))
    service.rollout(jnp.array([0.2, 0.4, 0.7, 0.9]), jnp.arange(8.0, 20.0))
    return None
