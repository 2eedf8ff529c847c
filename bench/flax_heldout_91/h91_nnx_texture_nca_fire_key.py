# label: same-values
# flax-error: none
# class: 4 the rollout method draws one fire-mask key from self.rngs before the raw fori_loop and the body reuses it at every step
"""Texture-synthesis NCA (Niklasson et al. 2021 "Self-Organising Textures"): each step a random
subset of cells applies the learned update; the fire masks are returned for visualisation."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class TextureNCA(nnx.Module):
    def __init__(self, channels=12, hidden=48, fire_rate=0.5, *, rngs: nnx.Rngs):
        self.perceive = nnx.Conv(channels, 4 * channels, (3, 3), feature_group_count=channels, rngs=rngs)
        self.update = nnx.Sequential(
            nnx.Conv(4 * channels, hidden, (1, 1), rngs=rngs), nnx.relu,
            nnx.Conv(hidden, channels, (1, 1), kernel_init=nnx.initializers.zeros, rngs=rngs))
        self.rngs = rngs
        self.fire_rate = fire_rate

    def rollout(self, grid, steps):
        key = self.rngs.fire()
        masks = jnp.zeros((steps,) + grid.shape[:-1] + (1,), jnp.bool_)

        def body(i, carry):
            grid, masks = carry
            mask = jax.random.bernoulli(key, self.fire_rate, grid.shape[:-1] + (1,))
            grid = grid + self.update(self.perceive(grid)) * mask
            return grid, masks.at[i].set(mask)

        return lax.fori_loop(0, steps, body, (grid, masks))


def main():
    nca = TextureNCA(rngs=nnx.Rngs(params=0, fire=1))
    grid = jax.random.uniform(jax.random.PRNGKey(4), (1, 16, 16, 12))
    grid, masks = nca.rollout(grid, steps=6)
    return masks
