# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the `rngs` attribute of the ThicknessProbe passed to survey is drawn from (its 'ice' stream) inside the scan body over probe passes
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

    def one_pass(thinnest, _):
        noise = plan.noise_mm * jax.random.normal(probe.rngs.ice(), nominal.shape)
        reading = nominal + noise
        return jnp.minimum(thinnest, reading), reading

    _, readings = scan(one_pass, jnp.full(nominal.shape, jnp.inf), None, length=plan.passes)
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
