# label: ok
# flax-error: none
# class: 3 CellarMonitor.week splits a key from the sampler's rngs stream before the scan; the day keys are scanned as xs and handed to self.sampler.draw
"""Daily humidity draws for the cheese aging cellar's shelf sensors."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HumiditySampler(nnx.Module):
    def __init__(self, shelves: int, *, rngs: nnx.Rngs):
        self.rngs = rngs
        self.bias = nnx.Param(jnp.linspace(0.8, 0.9, shelves))

    def draw(self, base, key):
        noise = jax.random.normal(key, base.shape)
        return base * self.bias[...] + 0.02 * noise


class CellarMonitor:
    def __init__(self, sampler: HumiditySampler, days: int = 7):
        self.sampler = sampler
        self.days = days

    def week(self, base):
        day_keys = jax.random.split(self.sampler.rngs.humidity(), self.days)

        def day(carry, key):
            return carry, self.sampler.draw(base, key)

        _, readings = jax.lax.scan(day, None, day_keys)
        return readings


def main():
    sampler = HumiditySampler(4, rngs=nnx.Rngs(humidity=17))
    monitor = CellarMonitor(sampler)
    return monitor.week(jnp.full((4,), 0.85, dtype=jnp.float32))
