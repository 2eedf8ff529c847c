# label: ok
# flax-error: none
# class: 1 the simulator module's __call__ runs the scan; self.make_rng("demand") is split before the loop and the keys enter as xs
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
        keys = jax.random.split(self.make_rng("demand"), self.n_slots)

        def slot(open_requests, key):
            arrivals = jax.random.poisson(key, base)
            served = jnp.minimum(open_requests + arrivals, 3)
            return open_requests + arrivals - served, arrivals

        _, arrivals = lax.scan(slot, jnp.zeros((self.n_zones,), jnp.int32), keys)
        return arrivals  # [n_slots, n_zones]


def main():
    feats = jax.random.normal(jax.random.key(0), (10, 5))
    sim = TripSimulator()
    variables = sim.init({"params": jax.random.key(1), "demand": jax.random.key(2)}, feats)
    arrivals = sim.apply(variables, feats, rngs={"demand": jax.random.key(3)})
    return arrivals
