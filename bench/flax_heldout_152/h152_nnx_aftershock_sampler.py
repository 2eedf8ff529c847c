# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 catalog.sampler.rngs, an nnx.Rngs stream held by a MagnitudeSampler inside an AftershockCatalog, is called in the scan body
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class OmoriRate(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.rate = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, features, days_since):
        base = nnx.softplus(self.rate(features))[..., 0]
        return base / (1.0 + days_since) ** 1.1


class MagnitudeSampler:
    def __init__(self, model, rngs, b_value=1.0):
        self.model = model
        self.rngs = rngs
        self.b_value = b_value

    def draw(self, features, day):
        key = self.rngs.quake()
        rate = self.model(features, day)
        magnitudes = 3.0 + jax.random.exponential(key, rate.shape) / (self.b_value * jnp.log(10.0))
        return jnp.where(rate > 0.05, magnitudes, 0.0)


class AftershockCatalog:
    def __init__(self, sampler):
        self.sampler = sampler

    def simulate(self, features, n_days):
        def body(day, _):
            return day + 1.0, self.sampler.draw(features, day)

        _, daily = lax.scan(body, jnp.float32(0.0), None, length=n_days)
        return daily


def main():
    rngs = nnx.Rngs(params=0, quake=5)
    sampler = MagnitudeSampler(OmoriRate(rngs), rngs)
    catalog = AftershockCatalog(sampler)
    faults = jax.random.normal(jax.random.key(6), (8, 4))  # depth, slip, stress drop, distance
    return catalog.simulate(faults, n_days=6)
