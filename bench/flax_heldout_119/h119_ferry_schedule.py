# label: same-values
# flax-error: none
# class: 5 a factory make_scenario_step(model, variables, rng) returns a step function that applies the model with the captured 'weather' rng; the step function is the scan body
"""Ferry timetable stress test: sample weather-delay scenarios for each crossing of the day."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ScenarioConfig:
    crossings: int = 10
    num_scenarios: int = 5
    seed: int = 11


class DelayModel(nn.Module):
    crossings: int

    @nn.compact
    def __call__(self, route_features):
        base = nn.softplus(nn.Dense(self.crossings)(route_features))
        swell = jax.random.gumbel(self.make_rng("weather"), (self.crossings,))
        return base * jnp.exp(0.3 * swell)


def make_scenario_step(model, variables, rng):
    def step(carry, _):
        delays = model.apply(variables, carry["route"], rngs={"weather": rng})
        return carry, delays

    return step


class TimetableStressTest:
    def __init__(self, config: ScenarioConfig):
        self.config = config
        self.model = DelayModel(crossings=config.crossings)

    def run(self, route_features):
        variables = self.model.init({"params": jax.random.key(0), "weather": jax.random.key(1)}, route_features)
        step = make_scenario_step(self.model, variables, jax.random.key(self.config.seed))
        _, delays = jax.lax.scan(step, {"route": route_features}, None, length=self.config.num_scenarios)
        return delays


def main():
    route = jnp.array([1.2, 0.4, 3.3, 0.9])
    delays = TimetableStressTest(ScenarioConfig()).run(route)
    return delays
