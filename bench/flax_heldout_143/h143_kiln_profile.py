# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 KilnService.model and KilnService.variables: self.model.apply(self.variables, ..., train=True) in the scan body without mutable
"""Glassblowing studio: simulate an annealing kiln's firing profile with a learned controller."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class FiringSchedule:
    segments: int = 8
    target_c: float = 510.0
    ramp: float = 0.05


class KilnController(nn.Module):
    @nn.compact
    def __call__(self, zone_temps, train: bool):
        h = nn.Dense(12, name="sense")(zone_temps / 1000.0)
        h = nn.BatchNorm(use_running_average=not train, name="norm")(h)
        return nn.tanh(nn.Dense(zone_temps.shape[-1], name="elements")(nn.gelu(h)))


class KilnService:
    def __init__(self, model: KilnController, variables, schedule: FiringSchedule):
        self.model = model
        self.variables = variables
        self.schedule = schedule

    def fire(self, zone_temps):
        def body(temps, _):
            power = self.model.apply(self.variables, temps, train=True)
            temps = temps + self.schedule.ramp * (self.schedule.target_c - temps) + 5.0 * power
            return temps, temps.mean()

        return lax.scan(body, zone_temps, None, length=self.schedule.segments)


def main():
    model = KilnController()
    zone_temps = jnp.array([[20.0, 22.0, 21.0], [480.0, 470.0, 490.0], [300.0, 310.0, 305.0]])
    variables = model.init(jax.random.key(5), zone_temps, train=False)
    service = KilnService(model, variables, FiringSchedule())
    final, curve = service.fire(zone_temps)
    jax.block_until_ready((final, curve))
    return None
