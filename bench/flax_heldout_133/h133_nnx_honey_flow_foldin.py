# label: ok
# flax-error: none
# class: 2 simulate_season draws weather_key = rngs.weather() once into a local; the scan body folds the day index into that local key
import jax
import jax.numpy as jnp
from flax import nnx


class ForagerNet(nnx.Module):
    """Nectar intake of a colony given the bloom on offer."""

    def __init__(self, rngs: nnx.Rngs):
        self.bloom = nnx.Linear(4, 4, rngs=rngs)
        self.intake = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, bloom):
        return nnx.softplus(self.intake(nnx.tanh(self.bloom(bloom))))


def simulate_season(forager: ForagerNet, rngs: nnx.Rngs, bloom_by_day):
    weather_key = rngs.weather()

    def day(stores, day_and_bloom):
        d, bloom = day_and_bloom
        key = jax.random.fold_in(weather_key, d)
        flying = jax.random.uniform(key, (bloom.shape[0], 1), minval=0.3, maxval=1.0)
        stores = stores + forager(bloom) * flying
        return stores, flying

    days = jnp.arange(bloom_by_day.shape[0])
    _, flying_by_day = jax.lax.scan(day, jnp.zeros((bloom_by_day.shape[1], 1)), (days, bloom_by_day))
    return flying_by_day


def main():
    rngs = nnx.Rngs(params=0, weather=5)
    forager = ForagerNet(rngs)
    bloom_by_day = jnp.linspace(0.0, 1.0, 14 * 3 * 4).reshape(14, 3, 4)
    return simulate_season(forager, rngs, bloom_by_day)
