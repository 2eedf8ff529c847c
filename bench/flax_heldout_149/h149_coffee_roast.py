# label: same-values
# flax-error: none
# class: 3 RoastProfiler.sample is functools.partial(model.apply, variables, rngs={'sensor': key}) kept on the object; the scan body calls self.sample
"""Coffee roast profiler: a surrogate of the drum thermocouple, with sensor jitter, is replayed
over the hold phase of a roast recipe to see how noisy the bean-temperature trace will look."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class BeanTempSurrogate(nn.Module):
    jitter: float = 0.8

    @nn.compact
    def __call__(self, setpoint):
        base = nn.Dense(1, name="thermal")(setpoint)
        noise = jax.random.normal(self.make_rng("sensor"), base.shape)
        return base + self.jitter * noise


class RoastProfiler:
    def __init__(self, model, variables, key):
        self.sample = functools.partial(model.apply, variables, rngs={"sensor": key})

    def replay(self, setpoints):
        def body(drift, setpoint):
            reading = self.sample(setpoint)
            return drift + reading.mean(), reading

        _, readings = scan(body, jnp.zeros(()), setpoints)
        return readings


class RecipeBook:
    recipes = {"city_hold": (205.0, 0.7), "full_city_hold": (218.0, 0.8)}

    def hold_phase(self, name, seconds):
        temp, airflow = self.recipes[name]
        return jnp.tile(jnp.array([[temp / 100.0, airflow]]), (seconds, 4, 1))


def main():
    model = BeanTempSurrogate()
    setpoints = RecipeBook().hold_phase("city_hold", 8)
    variables = model.init({"params": jax.random.key(0), "sensor": jax.random.key(1)}, setpoints[0])
    profiler = RoastProfiler(model, variables, jax.random.key(2))
    return profiler.replay(setpoints)
