# label: ok
# flax-error: none
# class: 3 grow() splits make_rng('fire') into per-step keys passed as xs to the lax.scan body, which hands each to update()
"""Growing neural cellular automaton with stochastic asynchronous cell updates."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclass(frozen=True)
class NCAConfig:
    size: int = 12
    channels: int = 8
    hidden: int = 32
    fire_rate: float = 0.5


SOBEL_X = jnp.array([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]]) / 8.0


def perceive(grid):
    def conv(k):
        kern = jnp.tile(k[:, :, None, None], (1, 1, 1, grid.shape[-1]))
        return lax.conv_general_dilated(grid[None], kern, (1, 1), "SAME",
                                        dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                        feature_group_count=grid.shape[-1])[0]
    return jnp.concatenate([grid, conv(SOBEL_X), conv(SOBEL_X.T)], axis=-1)


class UpdateRule(nn.Module):
    cfg: NCAConfig

    @nn.compact
    def __call__(self, feats):
        h = nn.relu(nn.Dense(self.cfg.hidden)(feats))
        return nn.Dense(self.cfg.channels, kernel_init=nn.initializers.zeros)(h)


class CellularAutomaton(nn.Module):
    cfg: NCAConfig

    def setup(self):
        self.rule = UpdateRule(self.cfg)

    def _fire_mask(self, key=None):
        key = self.make_rng("fire") if key is None else key
        shape = (self.cfg.size, self.cfg.size, 1)
        return jax.random.bernoulli(key, self.cfg.fire_rate, shape).astype(jnp.float32)

    def update(self, grid, key=None):
        mask = self._fire_mask(key)
        return grid + self.rule(perceive(grid)) * mask, mask[..., 0]

    def grow(self, grid, steps):
        keys = jax.random.split(self.make_rng("fire"), steps)
        return lax.scan(lambda g, k: self.update(g, k), grid, keys)


def seed_grid(cfg):
    grid = jnp.zeros((cfg.size, cfg.size, cfg.channels))
    return grid.at[cfg.size // 2, cfg.size // 2, 3:].set(1.0)


def main():
    cfg = NCAConfig()
    nca = CellularAutomaton(cfg)
    grid = seed_grid(cfg)
    rngs = {"params": jax.random.key(0), "fire": jax.random.key(1)}
    variables = nca.init(rngs, grid, method=CellularAutomaton.update)
    final, masks = nca.apply(variables, grid, 6, method=CellularAutomaton.grow,
                             rngs={"fire": jax.random.key(7)})
    print(float(final[..., 3].mean()))
    return masks
