# label: ok
# flax-error: none
# class: 3 KilnService.model and KilnService.variables: batch_stats enter the scan through the carry, apply(..., mutable=['batch_stats']) in the body
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
        params = self.variables["params"]

        def body(carry, _):
            temps, stats = carry
            power, updates = self.model.apply(
                {"params": params, "batch_stats": stats}, temps, train=True, mutable=["batch_stats"]
            )
            temps = temps + self.schedule.ramp * (self.schedule.target_c - temps) + 5.0 * power
            return (temps, updates["batch_stats"]), temps.mean()

        (final, stats), curve = lax.scan(body, (zone_temps, self.variables["batch_stats"]), None, length=self.schedule.segments)
        self.variables = {"params": params, "batch_stats": stats}
        return final, curve


def main():
    model = KilnController()
    zone_temps = jnp.array([[20.0, 22.0, 21.0], [480.0, 470.0, 490.0], [300.0, 310.0, 305.0]])
    variables = model.init(jax.random.key(5), zone_temps, train=False)
    service = KilnService(model, variables, FiringSchedule())
    final, curve = service.fire(zone_temps)
    jax.block_until_ready((final, curve))
    return None
