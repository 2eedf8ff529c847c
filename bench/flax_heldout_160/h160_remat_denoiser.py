# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat()/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 build_denoiser() wraps the module class in nn.remat and is configured in training mode; the SeismicPipeline's scan body applies the rematerialised model, whose BatchNorm writes batch_stats
"""Seismic waveform denoising over a sliding set of station windows.

The model factory wraps the denoiser in nn.remat to save memory on long windows and
reads its mode from a frozen config. The pipeline applies the model to each window in a
scan and accumulates the residual energy for the QC report.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Denoiser(nn.Module):
    channels: int = 6
    train: bool = False

    @nn.compact
    def __call__(self, wave):
        h = nn.Conv(self.channels, kernel_size=(3,))(wave)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return wave - nn.Conv(wave.shape[-1], kernel_size=(3,))(nn.relu(h))


@dataclasses.dataclass(frozen=True)
class PipelineConfig:
    channels: int = 6
    adapt_statistics: bool = True
    window: int = 16


def build_denoiser(cfg: PipelineConfig) -> nn.Module:
    remat_cls = nn.remat(Denoiser)
    return remat_cls(channels=cfg.channels, train=cfg.adapt_statistics)


class SeismicPipeline:
    def __init__(self, cfg: PipelineConfig, key):
        self.cfg = cfg
        self.model = build_denoiser(cfg)
        self.variables = self.model.init(key, jnp.zeros((2, cfg.window, 1)))

    def residual_energy(self, windows):
        def body(energy, wave):
            clean = self.model.apply(self.variables, wave)
            return energy + jnp.sum((wave - clean) ** 2), None

        energy, _ = lax.scan(body, jnp.zeros(()), windows)
        return energy


def main():
    cfg = PipelineConfig()
    pipeline = SeismicPipeline(cfg, jax.random.key(0))
    windows = jax.random.normal(jax.random.key(1), (4, 2, cfg.window, 1))
    pipeline.residual_energy(windows)
    return None
