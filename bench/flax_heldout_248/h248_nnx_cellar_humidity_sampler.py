# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body in CellarMonitor.week calls self.sampler.draw, which pulls a key from the sampler's rngs stream
"""Daily humidity draws for the cheese aging cellar's shelf sensors."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HumiditySampler(nnx.Module):
    def __init__(self, shelves: int, *, rngs: nnx.Rngs):
        self.rngs = rngs
        self.bias = nnx.Param(jnp.linspace(0.8, 0.9, shelves))

    def draw(self, base):
        noise = jax.random.normal(self.rngs.humidity(), base.shape)
        return base * self.bias[...] + 0.02 * noise


class CellarMonitor:
    def __init__(self, sampler: HumiditySampler, days: int = 7):
        self.sampler = sampler
        self.days = days

    def week(self, base):
        def day(carry, _):
            return carry, self.sampler.draw(base)

        _, readings = jax.lax.scan(day, None, None, length=self.days)
        return readings


def main():
    sampler = HumiditySampler(4, rngs=nnx.Rngs(humidity=17))
    monitor = CellarMonitor(sampler)
    return monitor.week(jnp.full((4,), 0.85, dtype=jnp.float32))
