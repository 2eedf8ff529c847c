# label: ok
# flax-error: none
# class: 3 BeltSimulator keeps an nnx.Rngs as self.rngs; one key from the self.rngs.arrivals stream is split per step before lax.scan and the keys are scanned over
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
        keys = jax.random.split(self.rngs.arrivals(), hours.shape[0])

        def body(served, step):
            hour, key = step
            rates = self.model(hour)
            plates = jax.random.poisson(key, rates)
            return served + plates.sum(), plates

        served, plates = scan(body, jnp.zeros((), jnp.int32), (hours, keys))
        return plates


def main():
    model = ArrivalRateModel(lanes=4, rngs=nnx.Rngs(params=0))
    sim = BeltSimulator(model, seed=11)
    hours = jnp.full((6,), 12, dtype=jnp.int32)
    return sim.window(hours)
