# label: ok
# flax-error: none
# class: 3 the scan body calls cfg.model, an nnx.Module kept on a frozen dataclass config; main() puts the model in eval mode before planning, so its Dropout is off
"""Call-centre staffing (NNX): forecast hourly call volume to size the next shift.

Deployments pass around a frozen ForecastConfig that carries the trained model together
with the horizon and the agent capacity, so every service sees the same settings.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class VolumeForecaster(nnx.Module):
    def __init__(self, n_features: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(n_features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, features):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.inp(features)))))[0]


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    model: VolumeForecaster
    horizon_hours: int = 8
    calls_per_agent: float = 6.0


def plan_shift(cfg: ForecastConfig, hourly_features):
    def hour(total_agents, features):
        calls = cfg.model(features)
        agents = jnp.ceil(calls / cfg.calls_per_agent)
        return total_agents + agents, agents

    return jax.lax.scan(hour, jnp.zeros(()), hourly_features[: cfg.horizon_hours])


def main():
    model = VolumeForecaster(6, rngs=nnx.Rngs(params=0, dropout=1))
    model.eval()
    cfg = ForecastConfig(model=model)
    features = jax.random.uniform(jax.random.key(4), (10, 6))
    plan_shift(cfg, features)
    return None
