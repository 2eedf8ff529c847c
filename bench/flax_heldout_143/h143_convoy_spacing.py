# label: same-values
# flax-error: none
# class: 3 ConvoyPlanner.predict (functools.partial(model.apply, variables)) and ConvoyPlanner.noise_key used in the fori_loop body
"""Ice-road trucking: Monte Carlo dropout estimate of safe following gaps in a convoy."""
from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ConvoySpec:
    trucks: int = 5
    samples: int = 6
    seed: int = 11
    dropout: float = 0.3


class GapModel(nn.Module):
    dropout: float

    @nn.compact
    def __call__(self, telemetry, deterministic: bool):
        h = nn.relu(nn.Dense(16, name="hidden")(telemetry))
        h = nn.Dropout(self.dropout)(h, deterministic=deterministic)
        return nn.softplus(nn.Dense(1, name="gap")(h))[..., 0]


class ConvoyPlanner:
    def __init__(self, spec: ConvoySpec, model: GapModel, variables):
        self.spec = spec
        self.predict = functools.partial(model.apply, variables, deterministic=False)
        self.noise_key = jax.random.key(spec.seed)

    def sample_gaps(self, telemetry):
        buffer = jnp.zeros((self.spec.samples, self.spec.trucks))

        def body(i, buf):
            gaps = self.predict(telemetry, rngs={"dropout": self.noise_key})
            return buf.at[i].set(gaps)

        return jax.lax.fori_loop(0, self.spec.samples, body, buffer)


def main():
    spec = ConvoySpec()
    model = GapModel(spec.dropout)
    # load (t), speed (km/h), ice thickness (cm) per truck
    telemetry = jnp.stack(
        [jnp.linspace(20.0, 40.0, spec.trucks), jnp.full((spec.trucks,), 25.0), jnp.linspace(60.0, 80.0, spec.trucks)],
        axis=-1,
    ) / 50.0
    variables = model.init(jax.random.key(0), telemetry, deterministic=True)
    planner = ConvoyPlanner(spec, model, variables)
    return planner.sample_gaps(telemetry)
