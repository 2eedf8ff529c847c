# label: same-values
# flax-error: none
# class: 1 the simulator module's __call__ runs the scan and calls self.make_rng("demand") in the body
"""Ride-hailing trip-request simulator: Poisson demand per zone from a learned intensity."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TripSimulator(nn.Module):
    n_zones: int = 10
    hidden: int = 16
    n_slots: int = 12

    @nn.compact
    def __call__(self, zone_feats):  # [n_zones, n_feats]
        h = nn.relu(nn.Dense(self.hidden, name="zone_enc")(zone_feats))
        base = nn.softplus(nn.Dense(1, name="intensity")(h))[:, 0] * 5.0

        def slot(open_requests, _):
            arrivals = jax.random.poisson(self.make_rng("demand"), base)
            served = jnp.minimum(open_requests + arrivals, 3)
            return open_requests + arrivals - served, arrivals

        _, arrivals = lax.scan(slot, jnp.zeros((self.n_zones,), jnp.int32), None, length=self.n_slots)
        return arrivals  # [n_slots, n_zones]


def main():
    feats = jax.random.normal(jax.random.key(0), (10, 5))
    sim = TripSimulator()
    variables = sim.init({"params": jax.random.key(1), "demand": jax.random.key(2)}, feats)
    arrivals = sim.apply(variables, feats, rngs={"demand": jax.random.key(3)})
    return arrivals
