# label: same-values
# flax-error: none
# class: 5 an nn.remat-wrapped RainfallSampler, created in IrrigationPlanner.__call__, draws make_rng('weather') inside the raw scan body
"""Crop irrigation scheduling: sample daily rainfall and decide how much water each field gets."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class RainfallSampler(nn.Module):
    mean_mm: float = 3.0

    @nn.compact
    def __call__(self, humidity):
        u = jax.random.uniform(self.make_rng("weather"), humidity.shape)
        return self.mean_mm * -jnp.log1p(-u * 0.999)  # exponential rainfall in mm


class IrrigationPlanner(nn.Module):
    target_moisture: float = 0.35

    @nn.compact
    def __call__(self, humidity_by_day):
        sampler = nn.remat(RainfallSampler)()
        uptake = nn.Dense(1, name="uptake")
        uptake(humidity_by_day[0][:, None])

        def body(moisture, humidity):
            rain = sampler(humidity)
            loss = nn.softplus(uptake(humidity[:, None]))[:, 0] * 0.01
            water = jnp.maximum(self.target_moisture - moisture, 0.0)
            moisture = moisture + 0.01 * rain + water - loss
            return moisture, rain

        _, rain = lax.scan(body, jnp.full(humidity_by_day.shape[1], 0.3), humidity_by_day)
        return rain


def main():
    humidity = jnp.full((7, 4), 0.6)  # days, fields
    planner = IrrigationPlanner()
    variables = planner.init({"params": jax.random.key(0), "weather": jax.random.key(1)}, humidity)
    rain = planner.apply(variables, humidity, rngs={"weather": jax.random.key(2)})
    return rain  # one row of sampled rainfall per day
