# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped snow layer built in setup is first called, so initialized, inside the lax.fori_loop body over the snowpack
"""Avalanche risk: propagate a weak-layer signal through the snowpack, one rematerialized layer per step."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class SnowpackConfig:
    n_layers: int = 5
    width: int = 8


class SnowLayer(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h):
        bond = nn.Dense(self.width, name="bond")(h)
        return nn.LayerNorm(name="settle")(h + nn.tanh(bond))


class SnowpackModel(nn.Module):
    config: SnowpackConfig

    def setup(self):
        self.embed = nn.Dense(self.config.width)
        self.layer = nn.remat(SnowLayer)(self.config.width)  # memory-bounded for deep profiles
        self.risk_head = nn.Dense(1)

    def __call__(self, profile):
        h0 = self.embed(profile)
        h = lax.fori_loop(0, self.config.n_layers, lambda _, h: self.layer(h), h0)
        return nn.sigmoid(self.risk_head(h))[..., 0]


class RiskBulletin:
    def __init__(self, config: SnowpackConfig):
        self.model = SnowpackModel(config)
        self.variables = None

    def load(self, profiles, seed=0):
        self.variables = self.model.init(jax.random.key(seed), profiles)

    def danger_levels(self, profiles):
        risk = self.model.apply(self.variables, profiles)
        return jnp.digitize(risk, jnp.array([0.2, 0.4, 0.6, 0.8])) + 1


def main():
    profiles = jax.random.normal(jax.random.key(3), (4, 6))  # 4 slopes, 6 observations each
    bulletin = RiskBulletin(SnowpackConfig())
    bulletin.load(profiles)
    bulletin.danger_levels(profiles)
    return None
