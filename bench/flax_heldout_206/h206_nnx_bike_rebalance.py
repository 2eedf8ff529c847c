# label: same-values
# flax-error: none
# class: 3 RebalancePlanner.sample_demand draws one key from self.rngs.demand() before the fori_loop and the body samples every interval's dock demand with it
"""Bike-share rebalancing: samples 15-minute dock demand to plan van routes between stations."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class StationDemand(nnx.Module):
    def __init__(self, n_stations: int, rngs: nnx.Rngs):
        self.embed = nnx.Embed(n_stations, 8, rngs=rngs)
        self.rate = nnx.Linear(8 + 2, 1, rngs=rngs)

    def __call__(self, stations, weather):
        feats = jnp.concatenate([self.embed(stations), jnp.broadcast_to(weather, (stations.shape[0], 2))], -1)
        return jax.nn.softplus(self.rate(feats))[..., 0]


class RebalancePlanner:
    def __init__(self, n_stations: int, seed: int):
        self.stations = jnp.arange(n_stations)
        self.model = StationDemand(n_stations, nnx.Rngs(params=seed))
        self.rngs = nnx.Rngs(demand=seed + 1)

    def sample_demand(self, weather, intervals: int):
        rates = self.model(self.stations, weather)
        key = self.rngs.demand()

        def body(t, samples):
            pickups = jax.random.poisson(key, rates)
            return samples.at[t].set(pickups)

        return lax.fori_loop(0, intervals, body, jnp.zeros((intervals,) + rates.shape, jnp.int32))

    def van_moves(self, samples, docks):
        return jnp.clip(samples.sum(0) - docks, 0, None)


def main():
    planner = RebalancePlanner(n_stations=9, seed=3)
    samples = planner.sample_demand(jnp.array([14.0, 0.2]), intervals=8)
    planner.van_moves(samples, jnp.full((9,), 4))
    return samples
