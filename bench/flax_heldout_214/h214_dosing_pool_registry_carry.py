# label: ok
# flax-error: none
# class: 5 variables reach the scan body through a step closure built by a @register_step factory; the "recalibrate" step carries batch_stats and applies with mutable=["batch_stats"]
"""Hydroponic nutrient dosing: one dosing model served under several named configurations
side by side (live dosing, overnight plan, recalibration against the current racks)."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

STEP_FACTORIES = {}


def register_step(kind):
    def decorate(factory):
        STEP_FACTORIES[kind] = factory
        return factory
    return decorate


@dataclasses.dataclass(frozen=True)
class RunConfig:
    name: str
    kind: str
    horizon: int


class DosingModel(nn.Module):
    @nn.compact
    def __call__(self, racks, train: bool = False):
        h = nn.Dense(8)(racks)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.tanh(nn.Dense(racks.shape[-1])(h))


@register_step("plan")
def make_plan_step(model, variables):
    def step(racks, _):
        dose = model.apply(variables, racks, train=False)
        return racks + 0.05 * dose, dose

    def run(racks, horizon):
        return scan(step, racks, None, length=horizon)[1]
    return run


@register_step("recalibrate")
def make_recalibrate_step(model, variables):
    def step(carry, _):
        racks, stats = carry
        dose, updates = model.apply({"params": variables["params"], "batch_stats": stats},
                                    racks, train=True, mutable=["batch_stats"])
        return (racks + 0.05 * dose, updates["batch_stats"]), dose

    def run(racks, horizon):
        (_, stats), doses = scan(step, (racks, variables["batch_stats"]), None, length=horizon)
        return doses
    return run


class DosingPool:
    def __init__(self, model, variables, configs):
        self.sessions = {
            cfg.name: (cfg, STEP_FACTORIES[cfg.kind](model, variables)) for cfg in configs}

    def run_all(self, racks):
        doses = {}
        for name, (cfg, run) in self.sessions.items():
            doses[name] = run(racks, cfg.horizon)
        return doses


def main():
    racks = jnp.array([[6.1, 1.8, 0.4], [5.8, 2.2, 0.5], [6.4, 1.5, 0.3], [6.0, 2.0, 0.45]])
    model = DosingModel()
    variables = model.init(jax.random.key(0), racks)
    pool = DosingPool(model, variables, [
        RunConfig("live", "plan", 4),
        RunConfig("overnight", "plan", 12),
        RunConfig("recalibrate", "recalibrate", 6),
    ])
    pool.run_all(racks)
    return None
