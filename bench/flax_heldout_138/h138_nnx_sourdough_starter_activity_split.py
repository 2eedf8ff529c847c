# label: ok
# flax-error: none
# class: 1 StarterActivity.feeding_forecast runs the scan itself; its noise_key Variable seeds the carry and is split in the body
"""Starter activity forecast for a sourdough bakery.

The bakery's starter model predicts the rise after each feeding; the
fermentation noise models how lively the culture is on a given day.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class StarterActivity(nnx.Module):
    def __init__(self, n_conditions: int, *, rngs: nnx.Rngs, wobble: float = 0.1):
        self.rise = nnx.Linear(n_conditions, 1, rngs=rngs)
        self.noise_key = nnx.Variable(rngs.fermentation())
        self.wobble = wobble

    def feeding_forecast(self, conditions, feedings: int):
        def feed(carry, _):
            level, key = carry
            key, sub = jax.random.split(key)
            noise = self.wobble * jax.random.normal(sub, ())
            rise = self.rise(conditions)[0] + noise
            return (level + rise, key), rise

        _, rises = jax.lax.scan(feed, (jnp.float32(0.0), self.noise_key[...]), None, length=feedings)
        return rises


def main():
    # flour ratio, water ratio, room temperature, hours since last feed
    conditions = jnp.array([1.0, 1.0, 0.24, 0.5])
    starter = StarterActivity(4, rngs=nnx.Rngs(params=0, fermentation=31))
    return starter.feeding_forecast(conditions, feedings=6)
