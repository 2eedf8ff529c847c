# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(cell)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the altitude model wraps its cell in nn.remat and the scan over wind layers in its __call__ calls the rematerialized cell, applied by the flight planner without mutable collections
"""Hot-air balloon flight planner: altitude response to a stack of wind layers."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class BurnerCell(nn.Module):
    features: int = 6

    @nn.compact
    def __call__(self, state, train: bool = True):
        h = nn.Dense(self.features)(state)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return state + 0.1 * jnp.tanh(h)


class AltitudeModel(nn.Module):
    features: int = 6

    def setup(self):
        self.cell = nn.remat(BurnerCell)(self.features)
        self.to_altitude = nn.Dense(1)

    def __call__(self, launch_state, winds):
        state = self.cell(launch_state)

        def climb(state, wind):
            state = self.cell(state + wind)
            return state, state.mean(axis=-1)

        state, profile = scan(climb, state, winds)
        return self.to_altitude(state), profile


@dataclass(frozen=True)
class FlightPlan:
    layers: int = 7
    crew: int = 3


class FlightPlanner:
    def __init__(self, plan, model, variables):
        self.plan = plan
        self.model = model
        self.variables = variables

    def simulate(self, launch_state, winds):
        return self.model.apply(self.variables, launch_state, winds)


def main():
    plan = FlightPlan()
    model = AltitudeModel()
    launch = jnp.ones((plan.crew, 6))
    winds = 0.2 * jax.random.normal(jax.random.key(8), (plan.layers, plan.crew, 6))
    variables = model.init(jax.random.key(0), launch, winds)
    altitude, profile = FlightPlanner(plan, model, variables).simulate(launch, winds)
    jax.block_until_ready((altitude, profile))
    return None
