# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 build("degree_day") looks the module up in a decorator registry; model.init runs its __call__, whose scan body makes the first call to the "melt" Dense
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

BALANCE_MODELS = {}


def register(name):
    def decorator(cls):
        BALANCE_MODELS[name] = cls
        return cls

    return decorator


@dataclasses.dataclass(frozen=True)
class GlacierConfig:
    model: str = "degree_day"
    bands: int = 5
    months: int = 12


@register("degree_day")
class DegreeDayBalance(nn.Module):
    bands: int

    @nn.compact
    def __call__(self, monthly_forcing):
        melt = nn.Dense(self.bands, name="melt")
        accumulation = self.param("accumulation", nn.initializers.ones, (self.bands,))

        def body(mass, forcing):
            ablation = nn.softplus(melt(forcing))
            mass = mass + 0.1 * accumulation - ablation
            return mass, mass

        _, trajectory = jax.lax.scan(body, jnp.zeros(self.bands), monthly_forcing)
        return trajectory


def build(config):
    return BALANCE_MODELS[config.model](bands=config.bands)


def main():
    config = GlacierConfig()
    model = build(config)
    forcing = jax.random.normal(jax.random.key(8), (config.months, 3))  # temperature, precipitation, radiation
    variables = model.init(jax.random.key(0), forcing)
    model.apply(variables, forcing)
    return None
