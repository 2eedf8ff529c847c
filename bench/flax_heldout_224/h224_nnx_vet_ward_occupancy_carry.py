# label: ok
# flax-error: none
# class: 1 WardQueueModel.forecast runs the scan itself; its Occupancy variable (an nnx.Variable subclass) is read before the loop, carried, and written once after
"""Veterinary hospital triage: forecast kennel-ward occupancy from hourly triage arrivals."""
import jax
import jax.numpy as jnp
from flax import nnx


class Occupancy(nnx.Variable):
    """Beds in use per ward; checkpointed with the model, not trained."""


class WardQueueModel(nnx.Module):
    def __init__(self, n_acuity: int, n_wards: int, *, rngs: nnx.Rngs):
        self.routing = nnx.Linear(n_acuity, n_wards, rngs=rngs)
        self.discharge = nnx.Param(jnp.full((n_wards,), 0.08))
        self.occupancy = Occupancy(jnp.zeros((n_wards,)))

    def __call__(self, arrivals, beds):
        admitted = jax.nn.softmax(self.routing(arrivals)) * arrivals.sum()
        return beds + admitted - jax.nn.sigmoid(self.discharge[...]) * beds

    def forecast(self, hourly_arrivals):
        def hour(carry, arrivals):
            peak, beds = carry
            beds = self(arrivals, beds)
            return (jnp.maximum(peak, beds), beds), beds.sum()

        start = (jnp.zeros_like(self.occupancy[...]), self.occupancy[...])
        (peak, beds), census = jax.lax.scan(hour, start, hourly_arrivals)
        self.occupancy[...] = beds
        return peak, census


def main():
    # 24 hours x acuity levels (critical, urgent, standard)
    arrivals = jax.random.poisson(jax.random.key(1), jnp.array([0.4, 1.5, 3.0]), (24, 3)).astype(jnp.float32)
    model = WardQueueModel(3, 4, rngs=nnx.Rngs(0))
    peak, census = model.forecast(arrivals)
    jax.block_until_ready((peak, census))
    return None
