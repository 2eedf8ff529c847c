# label: ok
# flax-error: none
# class: 1 one make_rng key is drawn in @nn.compact before the fori_loop and the body closure folds the step index into it
"""Growing neural cellular automaton (Mordvintsev et al.) with a stochastic per-cell fire mask."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class NCA(nn.Module):
    channels: int = 8
    fire_rate: float = 0.5
    steps: int = 6

    @nn.compact
    def __call__(self, grid):
        perceive = nn.Conv(self.channels * 3, (3, 3), feature_group_count=self.channels, use_bias=False)
        update = nn.Sequential([nn.Conv(32, (1, 1)), nn.relu, nn.Conv(self.channels, (1, 1), kernel_init=nn.initializers.zeros)])
        perceive(grid), update(perceive(grid))  # build params outside the loop
        key = self.make_rng("fire")
        H, W, _ = grid.shape

        def body(i, carry):
            x, masks = carry
            dx = update(perceive(x))
            fire = jax.random.bernoulli(jax.random.fold_in(key, i), self.fire_rate, (H, W, 1))
            x = x + dx * fire
            return x, masks.at[i].set(fire[..., 0])

        masks = jnp.zeros((self.steps, H, W), dtype=bool)
        _, masks = jax.lax.fori_loop(0, self.steps, body, (grid, masks))
        return masks


def main():
    grid = jnp.zeros((8, 8, 8)).at[4, 4, 3:].set(1.0)
    model = NCA()
    variables = model.init({"params": jax.random.key(0), "fire": jax.random.key(1)}, grid)
    return model.apply(variables, grid, rngs={"fire": jax.random.key(2)})
