# label: ok
# flax-error: none
# class: 3 the `rngs` attribute of the ThicknessProbe passed to survey gives one key that is split before the scan and scanned as xs over probe passes
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class SurveyPlan:
    passes: int = 5
    points: int = 4
    noise_mm: float = 1.5


class ThicknessProbe(nnx.Module):
    def __init__(self, points: int, rngs: nnx.Rngs):
        self.calibration = nnx.Linear(points, points, rngs=rngs)
        self.rngs = rngs

    def nominal(self, depth_mm):
        return depth_mm + 0.1 * self.calibration(depth_mm)


def survey(probe: ThicknessProbe, depth_mm, plan: SurveyPlan):
    nominal = probe.nominal(depth_mm)
    pass_keys = jax.random.split(probe.rngs.ice(), plan.passes)

    def one_pass(thinnest, key):
        noise = plan.noise_mm * jax.random.normal(key, nominal.shape)
        reading = nominal + noise
        return jnp.minimum(thinnest, reading), reading

    _, readings = scan(one_pass, jnp.full(nominal.shape, jnp.inf), pass_keys)
    return readings


class ResurfacingLog:
    def __init__(self, plan: SurveyPlan):
        self.plan = plan
        self.probe = ThicknessProbe(plan.points, nnx.Rngs(params=0, ice=13))

    def morning_survey(self, depth_mm):
        return survey(self.probe, depth_mm, self.plan)


def main():
    log = ResurfacingLog(SurveyPlan())
    return log.morning_survey(jnp.array([38.0, 40.0, 36.5, 41.0]))
