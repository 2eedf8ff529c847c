# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_mc_step(model) is a factory returning the scan body; the closure calls the model in train mode, whose nnx.Dropout draws from the model's nnx.Rngs stream
"""Beehive acoustic monitor: Monte-Carlo dropout over a hive-sound autoencoder to flag swarming."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class HiveConfig:
    n_bands: int = 12
    latent: int = 4
    n_samples: int = 6
    dropout: float = 0.3


class HiveAutoencoder(nnx.Module):
    def __init__(self, cfg: HiveConfig, rngs: nnx.Rngs):
        self.enc = nnx.Linear(cfg.n_bands, cfg.latent, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)
        self.dec = nnx.Linear(cfg.latent, cfg.n_bands, rngs=rngs)

    def __call__(self, spectrum, rngs=None):
        return self.dec(self.drop(nnx.tanh(self.enc(spectrum)), rngs=rngs))


def make_mc_step(model, spectrum):
    def step(carry, _):
        recon = model(spectrum)
        err = jnp.mean((recon - spectrum) ** 2, axis=-1)
        return carry, err
    return step


class SwarmDetector:
    def __init__(self, model, cfg: HiveConfig):
        self.model, self.cfg = model, cfg
        self.model.train()  # dropout stays on for uncertainty estimates

    def sample_errors(self, spectrum):
        step = make_mc_step(self.model, spectrum)
        _, errs = jax.lax.scan(step, None, None, length=self.cfg.n_samples)
        return errs


def main():
    cfg = HiveConfig()
    model = HiveAutoencoder(cfg, nnx.Rngs(params=0, dropout=1))
    spectrum = jax.random.normal(jax.random.key(2), (3, cfg.n_bands))
    return SwarmDetector(model, cfg).sample_errors(spectrum)
