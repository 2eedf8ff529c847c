# label: ok
# flax-error: none
# class: 3 _fire_mask() draws make_rng('fire') only when given no key; the scan body hands update() the step's key from xs
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
        keys = jax.random.split(self.make_rng("fire"), steps)
        return jax.lax.scan(lambda g, k: self.update(g, k), grid, keys)


def main():
    model = Automaton()
    grid = jnp.ones((3, 4))
    variables = model.init({"params": jax.random.key(0), "fire": jax.random.key(1)}, grid)
    _, masks = model.apply(variables, grid, 5, method=Automaton.grow, rngs={"fire": jax.random.key(2)})
    return masks
