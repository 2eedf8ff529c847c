# label: same-values
# flax-error: none
# class: 3 _fire_mask() draws make_rng('fire') when given no key; the scan body runs update() without one
import jax
import jax.numpy as jnp
import flax.linen as nn


class Automaton(nn.Module):
    channels: int = 4

    def _fire_mask(self, key=None):
        key = self.make_rng("fire") if key is None else key
        return jax.random.bernoulli(key, 0.5, (self.channels,)).astype(jnp.float32)

    def update(self, grid, key=None):
        mask = self._fire_mask(key)
        return grid + nn.Dense(self.channels)(grid) * mask, mask

    @nn.compact
    def __call__(self, grid):
        return self.update(grid)

    @nn.compact
    def grow(self, grid, steps: int):
        return jax.lax.scan(lambda g, _: self.update(g), grid, None, length=steps)


def main():
    model = Automaton()
    grid = jnp.ones((3, 4))
    variables = model.init({"params": jax.random.key(0), "fire": jax.random.key(1)}, grid)
    _, masks = model.apply(variables, grid, 5, method=Automaton.grow, rngs={"fire": jax.random.key(2)})
    return masks
