# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the melt block is wrapped with nn.remat in setup; GlacierRunoffModel.__call__ calls the rematerialised block inside a raw jax.lax.scan body
"""Glacier runoff forecasting: a daily melt block (degree-day features, albedo, snow depth)
is rematerialised to save memory over long seasons, and the forecast rolls it over the days."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class BasinConfig:
    hidden: int = 12
    days: int = 9
    stations: int = 3


class MeltBlock(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, storage, weather):
        h = nn.Dense(self.hidden)(jnp.concatenate([storage, weather], -1))
        return storage + 0.1 * jnp.tanh(h)


class GlacierRunoffModel(nn.Module):
    config: BasinConfig

    def setup(self):
        self.melt = nn.remat(MeltBlock)(self.config.hidden)
        self.gauge = nn.Dense(1)

    def __call__(self, weather_days):
        storage = jnp.zeros((self.config.stations, self.config.hidden))
        storage = self.melt(storage, weather_days[0])
        first = self.gauge(storage)[..., 0]

        def day(storage, weather):
            storage = self.melt(storage, weather)
            return storage, self.gauge(storage)[..., 0]

        _, runoff = jax.lax.scan(day, storage, weather_days[1:])
        return jnp.concatenate([first[None], runoff], 0)


def main():
    cfg = BasinConfig()
    weather = jax.random.normal(jax.random.key(0), (cfg.days, cfg.stations, 4))
    model = GlacierRunoffModel(cfg)
    variables = model.init(jax.random.key(1), weather)
    runoff = model.apply(variables, weather)
    float(runoff.sum())
    return None
