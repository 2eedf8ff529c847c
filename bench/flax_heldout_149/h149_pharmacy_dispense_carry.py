# label: ok
# flax-error: none
# class: 5 make_step_factory(model) returns a closure that, given the params, returns the fori_loop step calling model.apply with mutable=['audit'] and the audit collection in the carry
"""Hospital pharmacy dispensing planner: a learned policy turns ward stock levels into doses;
the audit total of doses issued rides in the loop carry and is stored after the day is planned."""
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
    def with_params(params):
        def shift_step(shift, carry):
            stock, audit = carry
            doses, updates = model.apply({"params": params, "audit": audit}, stock, mutable=["audit"])
            return jnp.maximum(stock - cfg.draw_rate * doses, 0.0), updates["audit"]

        return shift_step

    return with_params


class DispensingPlanner:
    def __init__(self, cfg, step_factory, variables):
        self.cfg = cfg
        self.step = step_factory(variables["params"])
        self.audit = variables["audit"]

    def plan_day(self, stock):
        stock, self.audit = fori_loop(0, self.cfg.shifts, self.step, (stock, self.audit))
        return stock


def main():
    cfg = WardConfig()
    model = DispensePolicy(cfg.drugs)
    stock = jax.random.uniform(jax.random.key(0), (3, cfg.drugs))
    variables = model.init(jax.random.key(1), stock)
    planner = DispensingPlanner(cfg, make_step_factory(model, cfg), variables)
    planner.plan_day(stock)
    return None
