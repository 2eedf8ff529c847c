# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Forecaster.rollout scans self(...) -> self.encoder.embed -> self.norm BatchNorm; the trainer applies with mutable batch_stats in train mode
"""Wind-turbine SCADA power forecasting with autoregressive rollouts during training."""
from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class NormConfig:
    momentum: float = 0.9
    epsilon: float = 1e-5


@dataclass(frozen=True)
class EncoderConfig:
    features: int = 16
    norm: NormConfig = field(default_factory=NormConfig)


@dataclass(frozen=True)
class ModelConfig:
    window: int = 8
    encoder: EncoderConfig = field(default_factory=EncoderConfig)


@dataclass(frozen=True)
class RolloutConfig:
    horizon: int = 5
    update_stats: bool = True


@dataclass(frozen=True)
class ForecastConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    rollout: RolloutConfig = field(default_factory=RolloutConfig)


class Encoder(nn.Module):
    cfg: EncoderConfig

    def setup(self):
        self.proj = nn.Dense(self.cfg.features)
        self.norm = nn.BatchNorm(momentum=self.cfg.norm.momentum, epsilon=self.cfg.norm.epsilon)

    def embed(self, window, train: bool):
        return nn.relu(self.norm(self.proj(window), use_running_average=not train))


class Forecaster(nn.Module):
    cfg: ModelConfig

    def setup(self):
        self.encoder = Encoder(self.cfg.encoder)
        self.head = nn.Dense(1)

    def __call__(self, window, train: bool = False):
        return self.head(self.encoder.embed(window, train))

    def rollout(self, window, horizon: int, train: bool):
        def step(w, _):
            power = self(w, train)
            return jnp.concatenate([w[:, 1:], power], axis=1), power[:, 0]

        _, path = scan(step, window, None, length=horizon)
        return path


class Trainer:
    def __init__(self, cfg: ForecastConfig):
        self.cfg = cfg
        self.model = Forecaster(cfg.model)

    def init(self, rng, window):
        return self.model.init(rng, window)

    def rollout_step(self, variables, window):
        path, updates = self.model.apply(
            variables, window, self.cfg.rollout.horizon, self.cfg.rollout.update_stats,
            method=Forecaster.rollout, mutable=["batch_stats"])
        return path, {**variables, **updates}


def main():
    cfg = ForecastConfig()
    window = jax.random.uniform(jax.random.key(0), (6, cfg.model.window))
    trainer = Trainer(cfg)
    variables = trainer.init(jax.random.key(1), window)
    for _ in range(2):
        path, variables = trainer.rollout_step(variables, window)
    print("rollout", path.shape)
    return None
