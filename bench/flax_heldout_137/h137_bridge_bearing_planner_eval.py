# label: ok
# flax-error: none
# class: 4 the planner's functools.cached_property `forward` builds partial(model.apply, variables); the lax.while_loop body calls planner.forward(..., train=False), so nothing is written to the "cache" collection inside the loop
"""Bridge inspection: plan bearing-pad load redistribution until every pad is under its limit."""
import functools
from functools import cached_property

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class BearingLoadModel(nn.Module):
    pads: int

    @nn.compact
    def __call__(self, loads, train: bool):
        last = self.variable("cache", "last_load", lambda: jnp.zeros((self.pads,)))
        shift = nn.Dense(self.pads)(nn.tanh(nn.Dense(16)(loads)))
        new_loads = loads - 0.2 * nn.softplus(shift)
        if train:
            last.value = new_loads
        return new_loads


class RedistributionPlanner:
    def __init__(self, model, variables, limit):
        self.model = model
        self._variables = variables
        self.limit = limit

    @cached_property
    def forward(self):
        return functools.partial(self.model.apply, self._variables)

    def plan(self, loads, max_rounds=20):
        def cond(state):
            rounds, pad_loads = state
            return jnp.logical_and(rounds < max_rounds, pad_loads.max() > self.limit)

        def body(state):
            rounds, pad_loads = state
            return rounds + 1, self.forward(pad_loads, train=False)

        return while_loop(cond, body, (0, loads))


class InspectionCampaign:
    def __init__(self, planners):
        self.planners = planners

    def run(self, loads):
        return [p.plan(loads) for p in self.planners.values()]


def main():
    pads = 6
    model = BearingLoadModel(pads)
    loads = jax.random.uniform(jax.random.key(0), (pads,), minval=0.5, maxval=2.0)
    variables = model.init(jax.random.key(1), loads, train=False)
    campaign = InspectionCampaign({"north-abutment": RedistributionPlanner(model, variables, limit=1.0)})
    results = campaign.run(loads)
    jax.block_until_ready(results)
    return None
