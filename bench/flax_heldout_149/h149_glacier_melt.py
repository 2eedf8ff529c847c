# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the melt cell is wrapped in nn.remat to save memory; GlacierMassBalance.__call__ calls the remat cell inside a raw jax.lax.scan body, also during init
"""Glacier mass-balance emulator: a recurrent melt cell steps through daily forcing (temperature,
radiation, precipitation); the cell is rematerialised because runs span whole melt seasons."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class GlacierConfig:
    bands: int = 8  # elevation bands
    forcings: int = 3
    checkpoint_cells: bool = True


class MeltCell(nn.Module):
    bands: int

    @nn.compact
    def __call__(self, snowpack, forcing):
        drive = nn.Dense(self.bands, name="drive")(jnp.concatenate([snowpack, forcing], axis=-1))
        return jax.nn.relu(snowpack - 0.1 * jnp.tanh(drive))


def cell_factory(cfg):
    cls = nn.remat(MeltCell) if cfg.checkpoint_cells else MeltCell
    return lambda: cls(cfg.bands, name="melt_cell")


class GlacierMassBalance(nn.Module):
    cfg: GlacierConfig

    @nn.compact
    def __call__(self, forcing, snowpack):
        cell = cell_factory(self.cfg)()
        snowpack = cell(snowpack, forcing[0])  # spin-up day

        def body(pack, day):
            pack = cell(pack, day)
            return pack, pack.sum(axis=-1)

        pack, daily_mass = jax.lax.scan(body, snowpack, forcing[1:])
        return pack, daily_mass


def main():
    cfg = GlacierConfig()
    model = GlacierMassBalance(cfg)
    forcing = jax.random.normal(jax.random.key(0), (30, 2, cfg.forcings))
    snowpack = jnp.ones((2, cfg.bands))
    variables = model.init(jax.random.key(1), forcing, snowpack)
    model.apply(variables, forcing, snowpack)
    return None
