# label: ok
# flax-error: none
# class: 5 build() looks the model up in a decorator registry from a frozen config; make_sample_fn is a factory whose returned step folds the scan index into its dropout key
"""Substation load forecasting: Monte Carlo dropout ensembles built from config through a registry."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

MODEL_REGISTRY = {}


def register(name):
    def decorator(builder):
        MODEL_REGISTRY[name] = builder
        return builder
    return decorator


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    arch: str = "substation_mlp"
    hidden: int = 32
    horizon: int = 24
    dropout: float = 0.2
    seed: int = 0
    samples: int = 6


class SubstationMLP(nn.Module):
    hidden: int
    horizon: int
    dropout: float

    @nn.compact
    def __call__(self, load_profile, deterministic: bool = True):
        h = nn.gelu(nn.Dense(self.hidden)(load_profile))
        h = nn.Dropout(self.dropout, deterministic=deterministic)(h)
        return nn.Dense(self.horizon)(h)


@register("substation_mlp")
def build_substation_mlp(cfg: ForecastConfig):
    return SubstationMLP(cfg.hidden, cfg.horizon, cfg.dropout)


def build(cfg: ForecastConfig):
    return MODEL_REGISTRY[cfg.arch](cfg)


def make_sample_fn(cfg, model, variables):
    key = jax.random.key(cfg.seed + 1)

    def sample(index, load_profile):
        return model.apply(variables, load_profile, deterministic=False, rngs={"dropout": jax.random.fold_in(key, index)})

    return sample


def ensemble_forecast(cfg, model, variables, load_profile):
    sample = make_sample_fn(cfg, model, variables)

    def body(carry, index):
        return carry, sample(index, load_profile)

    _, draws = jax.lax.scan(body, None, jnp.arange(cfg.samples))
    return draws


def main():
    cfg = ForecastConfig()
    model = build(cfg)
    profile = jnp.sin(jnp.linspace(0.0, 6.28, 48))
    variables = model.init(jax.random.key(cfg.seed), profile)
    return ensemble_forecast(cfg, model, variables, profile)
