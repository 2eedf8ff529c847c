# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "h" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 DispatchPlanner.session.decoder is model.bind(variables) (cache immutable); the fori_loop body calls self.session.step, which calls decode_step
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
    """One operator session: the decoder bound to the day's checkpoint."""

    def __init__(self, model: DispatchDecoder, variables):
        self.decoder = model.bind(variables)

    def step(self, demand):
        return self.decoder.decode_step(demand)


class DispatchPlanner:
    def __init__(self, session: DispatchSession, units: int):
        self.session = session
        self.units = units

    def plan(self, demand):
        intervals = demand.shape[0]

        def interval(i, schedule):
            setpoints = self.session.step(demand[i])
            return schedule.at[i].set(setpoints)

        empty = jnp.zeros((intervals,) + demand.shape[1:-1] + (self.units,))
        return jax.lax.fori_loop(0, intervals, interval, empty)


def main():
    model = DispatchDecoder()
    demand = jax.random.uniform(jax.random.key(2), (12, model.fleet, 5))
    variables = model.init(jax.random.key(0), demand[0], method="decode_step")
    planner = DispatchPlanner(DispatchSession(model, variables), model.units)
    schedule = planner.plan(demand)
    print("schedule", schedule.shape)
