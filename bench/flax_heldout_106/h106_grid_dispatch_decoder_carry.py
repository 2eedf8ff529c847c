# label: ok
# flax-error: none
# class: 4 DispatchPlanner.session holds the module and params; the fori_loop body calls self.session.step with the cache carried, apply(method="decode_step", mutable=["cache"])
"""Grid operator: an autoregressive decoder proposes generator setpoints interval by interval."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DispatchDecoder(nn.Module):
    units: int = 4
    hidden: int = 16
    fleet: int = 3

    def setup(self):
        self.inp = nn.Dense(self.hidden)
        self.rec = nn.Dense(self.hidden, use_bias=False)
        self.out = nn.Dense(self.units)
        self.state = self.variable("cache", "h", jnp.zeros, (self.fleet, self.hidden))

    def decode_step(self, demand):
        h = jnp.tanh(self.inp(demand) + self.rec(self.state.value))
        self.state.value = h
        return nn.softplus(self.out(h))


class DispatchSession:
    """One operator session: the decoder and the day's checkpoint."""

    def __init__(self, model: DispatchDecoder, variables):
        self.model = model
        self.params = variables["params"]
        self.initial_cache = variables["cache"]

    def step(self, cache, demand):
        setpoints, updated = self.model.apply(
            {"params": self.params, "cache": cache}, demand, method="decode_step", mutable=["cache"]
        )
        return setpoints, updated["cache"]


class DispatchPlanner:
    def __init__(self, session: DispatchSession, units: int):
        self.session = session
        self.units = units

    def plan(self, demand):
        intervals = demand.shape[0]

        def interval(i, carry):
            schedule, cache = carry
            setpoints, cache = self.session.step(cache, demand[i])
            return schedule.at[i].set(setpoints), cache

        empty = jnp.zeros((intervals,) + demand.shape[1:-1] + (self.units,))
        schedule, _ = jax.lax.fori_loop(0, intervals, interval, (empty, self.session.initial_cache))
        return schedule


def main():
    model = DispatchDecoder()
    demand = jax.random.uniform(jax.random.key(2), (12, model.fleet, 5))
    variables = model.init(jax.random.key(0), demand[0], method="decode_step")
    planner = DispatchPlanner(DispatchSession(model, variables), model.units)
    schedule = planner.plan(demand)
    print("schedule", schedule.shape)
