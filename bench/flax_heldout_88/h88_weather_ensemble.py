# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 ensemble members kept in a dict are initialised through a service whose Forecaster calls its cell submodule only inside a raw lax.scan rollout
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass
class ForecastConfig:
    hidden: int = 16
    lead_times: int = 6
    members: tuple = ("gfs_like", "ecmwf_like", "icon_like")


class Forecaster(nn.Module):
    hidden: int
    lead_times: int

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.cell = nn.Dense(self.hidden)
        self.head = nn.Dense(1)

    def __call__(self, obs):
        h = jnp.tanh(self.encoder(obs))

        def rollout(h, _):
            h = jnp.tanh(self.cell(h))
            return h, self.head(h)

        _, preds = jax.lax.scan(rollout, h, None, length=self.lead_times)
        return preds


class EnsembleService:
    def __init__(self, cfg: ForecastConfig):
        self.cfg = cfg
        self.models = {}
        self.variables = {}

    def register_members(self, sample_obs, seed=0):
        key = jax.random.key(seed)
        for name in self.cfg.members:
            key, sub = jax.random.split(key)
            model = Forecaster(self.cfg.hidden, self.cfg.lead_times)
            self.models[name] = model
            self.variables[name] = model.init(sub, sample_obs)

    def forecast(self, obs):
        preds = [self.models[n].apply(self.variables[n], obs) for n in self.cfg.members]
        return jnp.mean(jnp.stack(preds), axis=0)


def main():
    obs = jnp.ones((4, 8))
    service = EnsembleService(ForecastConfig())
    service.register_members(obs)
    service.forecast(obs).block_until_ready()
    return None
