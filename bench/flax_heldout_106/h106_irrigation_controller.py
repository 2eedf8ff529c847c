# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "open_days" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 policy = model.bind(variables) is a local of run_season; the while_loop body calls policy(...) directly, which counts valve openings in a "telemetry" variable
"""Smart irrigation: a valve policy runs day by day until the soil reaches its moisture target."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class FieldSpec:
    zones: int = 5
    target: float = 0.35
    max_days: int = 30
    evaporation: float = 0.01


class ValvePolicy(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, moisture, rain_forecast):
        opened = self.variable("telemetry", "open_days", jnp.zeros, moisture.shape, jnp.int32)
        x = jnp.stack([moisture, rain_forecast], axis=-1)
        flow = nn.sigmoid(nn.Dense(1)(nn.tanh(nn.Dense(self.hidden)(x))))[..., 0]
        opened.value = opened.value + (flow > 0.5).astype(jnp.int32)
        return 0.05 * flow


def run_season(model: ValvePolicy, variables, spec: FieldSpec, rain):
    policy = model.bind(variables)

    def not_done(state):
        day, moisture = state
        return (day < spec.max_days) & (jnp.min(moisture) < spec.target)

    def one_day(state):
        day, moisture = state
        water = policy(moisture, rain[day])
        moisture = jnp.clip(moisture + water + 0.5 * rain[day] - spec.evaporation, 0.0, 1.0)
        return day + 1, moisture

    start = (jnp.array(0), jnp.full((spec.zones,), 0.2))
    return lax.while_loop(not_done, one_day, start)


def main():
    spec = FieldSpec()
    rain = 0.02 * jax.random.uniform(jax.random.key(8), (spec.max_days, spec.zones))
    model = ValvePolicy()
    variables = model.init(jax.random.key(0), jnp.zeros(spec.zones), rain[0])
    days, moisture = run_season(model, variables, spec, rain)
    print("days", days, "moisture", moisture)
