# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "saturations" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_pitch_step returns a step function closing over functools.partial(model.apply, variables); PitchPolicy counts saturations in its telemetry collection inside the fori_loop body
"""Wind turbine blade-pitch control: a factory builds the per-tick control step from the
policy network and the turbine limits; the simulator runs it for a gust sequence."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class TurbineLimits:
    max_pitch: float = 0.4
    pitch_rate: float = 0.05
    rated_speed: float = 1.0


class PitchPolicy(nn.Module):
    limits: TurbineLimits

    @nn.compact
    def __call__(self, obs):
        saturations = self.variable("telemetry", "saturations", lambda: jnp.zeros((), jnp.int32))
        raw = nn.Dense(1)(nn.relu(nn.Dense(16)(obs)))[..., 0]
        pitch = jnp.clip(raw, -self.limits.max_pitch, self.limits.max_pitch)
        saturations.value = saturations.value + jnp.sum(jnp.abs(raw) > self.limits.max_pitch)
        return pitch


def observe(rotor_speed, pitch, wind):
    return jnp.stack([rotor_speed, pitch, wind], axis=-1)


def make_pitch_step(model, variables, limits, gusts):
    policy = functools.partial(model.apply, variables)

    def step(t, state):
        rotor_speed, pitch = state
        target = policy(observe(rotor_speed, pitch, gusts[t]))
        pitch = pitch + jnp.clip(target - pitch, -limits.pitch_rate, limits.pitch_rate)
        rotor_speed = rotor_speed + 0.1 * (gusts[t] * (1.0 - pitch) - limits.rated_speed * rotor_speed)
        return rotor_speed, pitch

    return step


class TurbineSimulator:
    def __init__(self, step_fn, n_ticks):
        self.step_fn = step_fn
        self.n_ticks = n_ticks

    def run(self, rotor_speed, pitch):
        return jax.lax.fori_loop(0, self.n_ticks, self.step_fn, (rotor_speed, pitch))


def main():
    limits = TurbineLimits()
    n_turbines, n_ticks = 3, 20
    gusts = 1.0 + 0.3 * jax.random.normal(jax.random.key(0), (n_ticks, n_turbines))
    model = PitchPolicy(limits)
    variables = model.init(jax.random.key(1), jnp.zeros((n_turbines, 3)))
    sim = TurbineSimulator(make_pitch_step(model, variables, limits, gusts), n_ticks)
    speed, pitch = sim.run(jnp.ones((n_turbines,)), jnp.zeros((n_turbines,)))
    print(speed, pitch)
    return None
