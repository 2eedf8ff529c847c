# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 BeltSimulator keeps an nnx.Rngs as self.rngs; the lax.scan body draws each step's key from the self.rngs.arrivals stream
"""Sushi conveyor belt: simulate plate arrivals per lane for a service window."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class ArrivalRateModel(nnx.Module):
    def __init__(self, lanes, rngs: nnx.Rngs):
        self.hour_embed = nnx.Embed(24, 8, rngs=rngs)
        self.rate = nnx.Linear(8, lanes, rngs=rngs)

    def __call__(self, hour):
        return jax.nn.softplus(self.rate(self.hour_embed(hour))) * 3.0


class BeltSimulator:
    def __init__(self, model, seed):
        self.model = model
        self.rngs = nnx.Rngs(arrivals=seed)

    def window(self, hours):
        def body(served, hour):
            rates = self.model(hour)
            plates = jax.random.poisson(self.rngs.arrivals(), rates)
            return served + plates.sum(), plates

        served, plates = scan(body, jnp.zeros((), jnp.int32), hours)
        return plates


def main():
    model = ArrivalRateModel(lanes=4, rngs=nnx.Rngs(params=0))
    sim = BeltSimulator(model, seed=11)
    hours = jnp.full((6,), 12, dtype=jnp.int32)
    return sim.window(hours)
