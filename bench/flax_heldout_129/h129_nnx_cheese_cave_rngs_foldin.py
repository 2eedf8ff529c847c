# label: ok
# flax-error: none
# class: 5 make_aging_step() returns a fori_loop step that builds nnx.Rngs(humidity=fold_in(seed_key, day)) from the closed-over seed
"""Rind-moisture forecasting for a cheese-aging cave.

A factory builds the per-day step used by the cave controller; each day jitters the humidity
reading and predicts the rind moisture of every shelf, stored per day.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RindMoistureNet(nnx.Module):
    def __init__(self, shelves: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(shelves, shelves, rngs=rngs)

    def __call__(self, humidity):
        return nnx.sigmoid(self.mix(humidity))


def make_aging_step(model: RindMoistureNet, base_humidity, seed_key, jitter: float = 0.05):
    def day_step(day, forecast):
        rngs = nnx.Rngs(humidity=jax.random.fold_in(seed_key, day))
        noise = jax.random.normal(rngs.humidity(), base_humidity.shape)
        moisture = model(base_humidity + jitter * noise)
        return forecast.at[day].set(moisture)

    return day_step


class CaveController:
    def __init__(self, model, base_humidity, seed: int, days: int):
        self.step = make_aging_step(model, base_humidity, jax.random.key(seed))
        self.days = days
        self.shelves = base_humidity.shape[0]

    def forecast(self):
        empty = jnp.zeros((self.days, self.shelves))
        return lax.fori_loop(0, self.days, self.step, empty)


def main():
    base = jnp.array([0.92, 0.88, 0.95, 0.90])
    controller = CaveController(RindMoistureNet(4, nnx.Rngs(0)), base, seed=31, days=7)
    return controller.forecast()
