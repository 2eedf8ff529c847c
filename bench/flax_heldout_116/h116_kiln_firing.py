# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 FiringSchedule.setup wraps KilnStage in nn.remat; the jax.lax.scan body calls the rematerialised stage, so model.init creates its params inside the loop
"""Pottery kiln controller: rolls a thermal model through a firing schedule.
The stage is rematerialised to keep memory flat for long schedules."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class FiringProfile:
    segments: int = 8
    ramp_c_per_hour: float = 120.0
    hold_minutes: float = 20.0


class KilnStage(nn.Module):
    width: int = 10

    @nn.compact
    def __call__(self, chamber, setpoint):
        h = nn.swish(nn.Dense(self.width)(jnp.concatenate([chamber, setpoint], -1)))
        return chamber + nn.Dense(chamber.shape[-1])(h)


class FiringSchedule(nn.Module):
    profile: FiringProfile

    def setup(self):
        self.stage = nn.remat(KilnStage)(name="stage")

    def __call__(self, chamber, setpoints):
        def body(state, setpoint):
            state = self.stage(state, setpoint)
            return state, state.mean(-1)

        final, trace = jax.lax.scan(body, chamber, setpoints)
        return final, trace


class KilnController:
    def __init__(self, profile):
        self.profile = profile
        self.model = FiringSchedule(profile)
        self.variables = None

    def commission(self, chamber, setpoints, seed=0):
        self.variables = self.model.init(jax.random.key(seed), chamber, setpoints)
        return self

    def fire(self, chamber, setpoints):
        return self.model.apply(self.variables, chamber, setpoints)


def main():
    profile = FiringProfile()
    chamber = jnp.full((2, 3), 0.2)
    setpoints = jnp.linspace(0.0, 1.0, profile.segments)[:, None, None] * jnp.ones((1, 2, 3))
    KilnController(profile).commission(chamber, setpoints).fire(chamber, setpoints)
    return None
