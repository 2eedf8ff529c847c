# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 plain helper object holds the model; its bound score_epoch is the scan body and runs BatchNorm in train mode
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class SleepConfig:
    n_channels: int = 3
    n_features: int = 10
    hidden: int = 8
    n_stages: int = 5
    n_epochs: int = 6


class EpochEncoder(nnx.Module):
    def __init__(self, cfg: SleepConfig, rngs: nnx.Rngs):
        self.proj = nnx.Linear(cfg.n_features, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, momentum=0.9, rngs=rngs)

    def __call__(self, epoch):
        return nnx.relu(self.norm(self.proj(epoch))).mean(axis=0)


class SleepStager(nnx.Module):
    def __init__(self, cfg: SleepConfig, rngs: nnx.Rngs):
        self.encoder = EpochEncoder(cfg, rngs)
        self.transition = nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs)
        self.head = nnx.Linear(cfg.hidden, cfg.n_stages, rngs=rngs)

    def __call__(self, h, epoch):
        h = jnp.tanh(self.transition(h) + self.encoder(epoch))
        return h, self.head(h)


class NightScorer:
    def __init__(self, model: SleepStager, cfg: SleepConfig):
        self.model = model
        self.cfg = cfg

    def score_epoch(self, h, epoch):
        h, logits = self.model(h, epoch)
        return h, jnp.argmax(logits)

    def score_night(self, epochs):
        self.model.train()
        h0 = jnp.zeros((self.cfg.hidden,))
        _, stages = jax.lax.scan(self.score_epoch, h0, epochs)
        return stages


def main():
    cfg = SleepConfig()
    model = SleepStager(cfg, nnx.Rngs(0))
    scorer = NightScorer(model, cfg)
    epochs = jax.random.normal(jax.random.key(1), (cfg.n_epochs, cfg.n_channels, cfg.n_features))
    stages = scorer.score_night(epochs)
    _ = jnp.bincount(stages, length=cfg.n_stages)
    _ = float(model.encoder.norm.mean[...].sum())
    return None
