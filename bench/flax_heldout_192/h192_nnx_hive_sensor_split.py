# label: ok
# flax-error: none
# class: 5 make_mc_step(model) is a factory returning the scan body; keys split from the detector's nnx.Rngs stream up front come in as xs and reach nnx.Dropout as nnx.Rngs(dropout=key)
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
    def step(carry, key):
        recon = model(spectrum, rngs=nnx.Rngs(dropout=key))
        err = jnp.mean((recon - spectrum) ** 2, axis=-1)
        return carry, err
    return step


class SwarmDetector:
    def __init__(self, model, cfg: HiveConfig, rngs: nnx.Rngs):
        self.model, self.cfg, self.rngs = model, cfg, rngs
        self.model.train()  # dropout stays on for uncertainty estimates

    def sample_errors(self, spectrum):
        step = make_mc_step(self.model, spectrum)
        keys = jax.random.split(self.rngs.mc(), self.cfg.n_samples)
        _, errs = jax.lax.scan(step, None, keys)
        return errs


def main():
    cfg = HiveConfig()
    model = HiveAutoencoder(cfg, nnx.Rngs(params=0, dropout=1))
    spectrum = jax.random.normal(jax.random.key(2), (3, cfg.n_bands))
    return SwarmDetector(model, cfg, nnx.Rngs(mc=3)).sample_errors(spectrum)
