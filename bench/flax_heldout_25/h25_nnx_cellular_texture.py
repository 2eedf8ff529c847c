# label: ok
# flax-error: none
# class: 3 stochastic update mask from nnx.Rngs built on self.seed folded with the step index inside the raw scan body
"""Neural cellular automata for texture synthesis with stochastic asynchronous cell updates."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class NCAConfig:
    grid: int = 12
    channels: int = 6
    hidden: int = 32
    fire_rate: float = 0.5
    steps: int = 5


def perceive(state):
    sobel_x = jnp.roll(state, 1, 0) - jnp.roll(state, -1, 0)
    sobel_y = jnp.roll(state, 1, 1) - jnp.roll(state, -1, 1)
    return jnp.concatenate([state, sobel_x, sobel_y], -1)


class UpdateRule(nnx.Module):
    def __init__(self, cfg: NCAConfig, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(cfg.channels * 3, cfg.hidden, rngs=rngs)
        self.fc2 = nnx.Linear(cfg.hidden, cfg.channels, rngs=rngs)

    def __call__(self, perception):
        return self.fc2(nnx.relu(self.fc1(perception)))


class TextureNCA(nnx.Module):
    def __init__(self, cfg: NCAConfig, seed: int):
        self.cfg = cfg
        self.rule = UpdateRule(cfg, nnx.Rngs(seed))
        self.seed = seed + 100

    def _fire_mask(self, t):
        rngs = nnx.Rngs(fire=jax.random.fold_in(jax.random.key(self.seed), t))
        return jax.random.bernoulli(rngs.fire(), self.cfg.fire_rate, (self.cfg.grid, self.cfg.grid, 1))

    def step(self, state, t):
        mask = self._fire_mask(t)
        state = state + self.rule(perceive(state)) * mask
        return state, mask[..., 0]


def grow(nca, seed_state):
    return jax.lax.scan(nca.step, seed_state, jnp.arange(nca.cfg.steps))


def main():
    cfg = NCAConfig()
    nca = TextureNCA(cfg, seed=0)
    seed_state = jnp.zeros((cfg.grid, cfg.grid, cfg.channels)).at[cfg.grid // 2, cfg.grid // 2].set(1.0)
    texture, masks = grow(nca, seed_state)
    print("texture energy", float(jnp.sum(texture ** 2)))
    return masks
