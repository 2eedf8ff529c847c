# label: ok
# flax-error: none
# class: 3 module-level grow() gets model.apply and calls it inside a raw fori_loop body with rngs={'dropout': fold_in(key, i)}, a fresh key per step
"""Neural cellular automaton with stochastic (asynchronous) cell updates: each step only a random
half of the cells fire, implemented with a per-cell Dropout mask (growing-NCA training loop)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class NCAUpdate(nn.Module):
    channels: int = 8
    fire_rate: float = 0.5

    @nn.compact
    def __call__(self, grid, deterministic: bool = False):
        dx = nn.Conv(32, (3, 3))(grid)
        dx = nn.Conv(self.channels, (1, 1))(nn.relu(dx))
        mask = nn.Dropout(1.0 - self.fire_rate, broadcast_dims=(-1,))(
            jnp.ones(grid.shape[:-1] + (1,)), deterministic=deterministic)
        mask = (mask > 0).astype(grid.dtype)
        return grid + dx * mask, mask


def grow(apply_fn, params, grid, key, steps):
    masks = jnp.zeros((steps,) + grid.shape[:-1] + (1,))

    def body(i, carry):
        grid, masks = carry
        grid, mask = apply_fn(params, grid, rngs={"dropout": jax.random.fold_in(key, i)})
        return grid, masks.at[i].set(mask)

    return jax.lax.fori_loop(0, steps, body, (grid, masks))


def main():
    seed = jnp.zeros((12, 12, 8)).at[6, 6, 3:].set(1.0)
    model = NCAUpdate()
    params = model.init(jax.random.PRNGKey(0), seed, deterministic=True)
    grid, masks = grow(model.apply, params, seed, jax.random.PRNGKey(42), steps=5)
    return masks
