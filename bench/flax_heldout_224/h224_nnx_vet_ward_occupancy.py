# label: trace-context
# flax-error: TraceContextError: Cannot mutate Occupancy from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 WardQueueModel.forecast runs the scan itself and writes its own Occupancy variable (an nnx.Variable subclass) in the body
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
        def hour(peak, arrivals):
            beds = self(arrivals, self.occupancy[...])
            self.occupancy[...] = beds
            return jnp.maximum(peak, beds), beds.sum()

        peak, census = jax.lax.scan(hour, jnp.zeros_like(self.occupancy[...]), hourly_arrivals)
        return peak, census


def main():
    # 24 hours x acuity levels (critical, urgent, standard)
    arrivals = jax.random.poisson(jax.random.key(1), jnp.array([0.4, 1.5, 3.0]), (24, 3)).astype(jnp.float32)
    model = WardQueueModel(3, 4, rngs=nnx.Rngs(0))
    peak, census = model.forecast(arrivals)
    jax.block_until_ready((peak, census))
    return None
