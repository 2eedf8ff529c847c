# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "doses_issued" in "/" because collection "audit" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_step_factory(model) returns a closure that, given the variables, returns the fori_loop step calling model.apply without mutable=['audit']
"""Hospital pharmacy dispensing planner: a learned policy turns ward stock levels into doses;
the policy keeps an audit total of doses issued in its 'audit' collection."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class WardConfig:
    drugs: int = 5
    shifts: int = 6
    draw_rate: float = 0.05


class DispensePolicy(nn.Module):
    drugs: int

    @nn.compact
    def __call__(self, stock):
        audit = self.variable("audit", "doses_issued", lambda: jnp.zeros((self.drugs,)))
        doses = nn.softplus(nn.Dense(self.drugs, name="policy")(stock))
        if not self.is_initializing():
            audit.value = audit.value + doses.sum(axis=0)
        return doses


def make_step_factory(model, cfg):
    def with_variables(variables):
        def shift_step(shift, stock):
            doses = model.apply(variables, stock)
            return jnp.maximum(stock - cfg.draw_rate * doses, 0.0)

        return shift_step

    return with_variables


class DispensingPlanner:
    def __init__(self, cfg, step_factory, variables):
        self.cfg = cfg
        self.step = step_factory(variables)

    def plan_day(self, stock):
        return fori_loop(0, self.cfg.shifts, self.step, stock)


def main():
    cfg = WardConfig()
    model = DispensePolicy(cfg.drugs)
    stock = jax.random.uniform(jax.random.key(0), (3, cfg.drugs))
    variables = model.init(jax.random.key(1), stock)
    planner = DispensingPlanner(cfg, make_step_factory(model, cfg), variables)
    planner.plan_day(stock)
    return None
