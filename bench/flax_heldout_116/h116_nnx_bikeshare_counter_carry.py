# label: ok
# flax-error: none
# class: 3 DockRebalancer.returns is a DockReturns (nnx.Variable subclass) attribute; the fori_loop body of replay() keeps the tally in the carry and it is written to self.returns after the loop
"""Bike-share rebalancing: replays a day of hourly demand through the return
model and keeps a running tally of predicted dock returns per station."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DockReturns(nnx.Variable):
    """Running tally of predicted returns; exported to the rebalancing planner."""


class ReturnModel(nnx.Module):
    def __init__(self, stations, *, rngs: nnx.Rngs):
        self.flow = nnx.Linear(stations, stations, rngs=rngs)

    def __call__(self, demand):
        return nnx.relu(self.flow(demand))


class DockRebalancer:
    def __init__(self, model, stations):
        self.model = model
        self.returns = DockReturns(jnp.zeros((stations,)))

    def replay(self, hourly_demand):
        def body(hour, carry):
            spilled, returns = carry
            predicted = self.model(hourly_demand[hour])
            return spilled + jnp.maximum(predicted - 10.0, 0.0).sum(), returns + predicted

        spilled, returns = lax.fori_loop(0, hourly_demand.shape[0], body,
                                         (jnp.zeros(()), self.returns[...]))
        self.returns[...] = returns
        return spilled

    def export(self):
        return {"returns": self.returns[...]}


def main():
    stations = 5
    demand = jax.random.uniform(jax.random.key(2), (24, stations), maxval=8.0)
    rebalancer = DockRebalancer(ReturnModel(stations, rngs=nnx.Rngs(0)), stations)
    rebalancer.replay(demand)
    rebalancer.export()
    return None
