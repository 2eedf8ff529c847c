# label: same-values
# flax-error: none
# class: 3 denoiser's nnx.Dropout called with the module's stored key attribute inside the raw scan body (Sampler._reverse)
"""Tabular diffusion with an MC-dropout denoiser for uncertainty-aware ancestral sampling."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class TabDiffConfig:
    features: int = 6
    hidden: int = 32
    timesteps: int = 6
    rows: int = 8
    dropout: float = 0.2


class Denoiser(nnx.Module):
    def __init__(self, cfg: TabDiffConfig, rngs: nnx.Rngs):
        self.inp = nnx.Linear(cfg.features + 1, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout)
        self.out = nnx.Linear(cfg.hidden, cfg.features, rngs=rngs)
        self.mc_key = jax.random.key(17)

    def features(self, x, t):
        tcol = jnp.full((x.shape[0], 1), t, jnp.float32)
        return nnx.silu(self.inp(jnp.concatenate([x, tcol], -1)))

    def __call__(self, x, t):
        h = self.features(x, t)
        mask = self.drop(jnp.ones_like(h), deterministic=False, rngs=self.mc_key)
        return self.out(h * mask), mask[0]


class Sampler:
    def __init__(self, denoiser: Denoiser, cfg: TabDiffConfig):
        self.denoiser = denoiser
        self.cfg = cfg
        self.betas = jnp.linspace(1e-3, 0.2, cfg.timesteps)

    def _reverse(self, x, t):
        beta = self.betas[t]
        eps_hat, mask_row = self.denoiser(x, t)
        x = (x - beta / jnp.sqrt(1.0 - beta) * eps_hat) / jnp.sqrt(1.0 - beta)
        return x, mask_row

    def sample(self, x_T):
        return jax.lax.scan(self._reverse, x_T, jnp.arange(self.cfg.timesteps)[::-1])


def main():
    cfg = TabDiffConfig()
    denoiser = Denoiser(cfg, nnx.Rngs(0))
    x_T = jax.random.normal(jax.random.key(3), (cfg.rows, cfg.features))
    rows, masks = Sampler(denoiser, cfg).sample(x_T)
    print("row means", rows.mean(0).round(2).tolist())
    return masks
