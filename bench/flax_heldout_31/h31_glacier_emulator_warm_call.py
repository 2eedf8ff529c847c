# label: ok
# flax-error: none
# class: 3 submodule built in setup is called once before the bound-method scan body, so init creates it outside the loop
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class GlacierConfig:
    n_cells: int = 8
    hidden: int = 16
    n_years: int = 5
    dt: float = 0.1


class FlowLaw(linen.Module):
    cfg: GlacierConfig

    @linen.compact
    def __call__(self, thickness, smb):
        feats = jnp.concatenate([thickness, smb], axis=-1)
        h = linen.tanh(linen.Dense(self.cfg.hidden, name="enc")(feats))
        return linen.Dense(self.cfg.n_cells, name="flux")(h)


class GlacierEmulator(linen.Module):
    cfg: GlacierConfig

    def setup(self):
        self.flow = FlowLaw(self.cfg)
        self.ablation = linen.Dense(self.cfg.n_cells)

    def _advance(self, thickness, smb):
        flux = self.flow(thickness, smb)
        divergence = flux - jnp.roll(flux, 1, axis=-1)
        new = jnp.maximum(thickness + self.cfg.dt * (smb - divergence), 0.0)
        return new, new.mean()

    def __call__(self, thickness0, forcings):
        smb = self.ablation(forcings)
        initial_flux = self.flow(thickness0, smb[0])
        final, volumes = scan(self._advance, thickness0, smb)
        return final, volumes, initial_flux


def make_forcings(cfg, key):
    return jax.random.normal(key, (cfg.n_years, cfg.n_cells)) * 0.1


class EmulatorService:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.model = GlacierEmulator(cfg)
        self.key = jax.random.key(seed)
        self.variables = None

    def setup(self, thickness0, forcings):
        self.variables = self.model.init(self.key, thickness0, forcings)

    def project(self, thickness0, forcings):
        final, volumes, flux0 = self.model.apply(self.variables, thickness0, forcings)
        return {"final_volume": final.sum(), "trajectory": volumes, "initial_flux": flux0.mean()}


def main():
    cfg = GlacierConfig()
    service = EmulatorService(cfg)
    thickness0 = jnp.ones((cfg.n_cells,))
    forcings = make_forcings(cfg, jax.random.key(1))
    service.setup(thickness0, forcings)
    report = service.project(thickness0, forcings)
    _ = float(report["final_volume"]) + float(report["trajectory"][-1])
    return None
