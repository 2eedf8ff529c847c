# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the module bound with a mutable cache is a local of simulate_week and goes straight into the fori_loop body
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class VineyardLayout:
    zones: int = 4
    days: int = 6
    soil_features: int = 3


class ZoneBalancer(nn.Module):
    zones: int

    def setup(self):
        self.uptake = nn.Dense(self.zones)
        self.moisture = self.variable("cache", "moisture", lambda: jnp.full((self.zones,), 0.5))

    def __call__(self, soil):
        return nn.sigmoid(self.uptake(soil)) * self.moisture.value

    def absorb(self, rain, soil):
        drawn = self.__call__(soil)
        self.moisture.value = jnp.clip(self.moisture.value + rain - 0.2 * drawn, 0.0, 1.0)
        return drawn.sum()

    def level(self):
        return self.moisture.value


def simulate_week(model, variables, rain, soil):
    zone = model.bind(variables, mutable=["cache"])

    def day(d, drawn_total):
        return drawn_total + zone.absorb(rain[d], soil)

    drawn = fori_loop(0, rain.shape[0], day, jnp.zeros(()))
    return drawn, zone.level()


def forecast_rain(layout: VineyardLayout, key):
    return 0.1 * jax.random.uniform(key, (layout.days, layout.zones))


def main():
    layout = VineyardLayout()
    model = ZoneBalancer(layout.zones)
    soil = jnp.linspace(0.0, 1.0, layout.soil_features)
    variables = model.init(jax.random.key(0), soil)
    drawn, level = simulate_week(model, variables, forecast_rain(layout, jax.random.key(4)), soil)
    jax.block_until_ready((drawn, level * 100.0))
    return None
