# label: same-values
# flax-error: none
# class: 5 factory make_scenario_step returns a jax.checkpoint-wrapped step closing over model.apply, variables and one 'scenario' key
"""Hospital bed management: sample admission scenarios for tomorrow from a demand model with
a stochastic head, so the scheduler can size the surge ward."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class SchedulerConfig:
    scenarios: int = 12
    beds: int = 40
    seed: int = 3


class AdmissionsModel(nn.Module):
    wards: int = 4

    @nn.compact
    def __call__(self, features):
        h = nn.swish(nn.Dense(32)(features))
        rate = nn.softplus(nn.Dense(self.wards)(h)) * 5.0
        shock = jax.random.normal(self.make_rng("scenario"), (self.wards,))
        return rate * jnp.exp(0.3 * shock)


def make_scenario_step(model, variables, key):
    def step(occupied, features):
        admissions = model.apply(variables, features, rngs={"scenario": key})
        return jnp.maximum(occupied, admissions.sum()), admissions

    return jax.checkpoint(step)


class SurgeScheduler:
    def __init__(self, cfg, step_fn):
        self.cfg = cfg
        self.step_fn = step_fn

    def sample(self, tomorrow):
        features = jnp.broadcast_to(tomorrow, (self.cfg.scenarios, tomorrow.shape[-1]))
        peak, admissions = lax.scan(self.step_fn, jnp.zeros(()), features)
        surge_beds = jnp.maximum(0.0, peak - self.cfg.beds)
        return surge_beds, admissions


def main():
    cfg = SchedulerConfig()
    model = AdmissionsModel()
    tomorrow = jnp.array([1.0, 0.0, 0.3, 0.8, 0.1, 0.0])  # weekday, holiday, temp, flu index...
    variables = model.init({"params": jax.random.key(0), "scenario": jax.random.key(1)}, tomorrow)
    step_fn = make_scenario_step(model, variables, jax.random.key(cfg.seed))
    scheduler = SurgeScheduler(cfg, step_fn)
    _, admissions = scheduler.sample(tomorrow)
    return admissions
