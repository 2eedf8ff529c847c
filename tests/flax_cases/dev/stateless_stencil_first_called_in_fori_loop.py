# label: ok
# flax-error: none
# class: 2 a setup submodule that only applies a fixed finite-difference stencil (no parameters) is first called inside a raw fori_loop body; nothing is created there
import flax.linen as nn
import jax
import jax.numpy as jnp


class Stencil(nn.Module):
    @nn.compact
    def __call__(self, u_prev, u, c2):
        lap = jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)
        return 2 * u - u_prev + c2 * lap


class WaveModel(nn.Module):
    cells: int = 16

    def setup(self):
        self.velocity = nn.Dense(self.cells)
        self.stencil = Stencil()

    def __call__(self, source):
        c2 = (0.2 * nn.sigmoid(self.velocity(source))) ** 2

        def step(i, fields):
            u_prev, u = fields
            return u, self.stencil(u_prev, u, c2)

        _, u_last = jax.lax.fori_loop(0, 6, step, (source, source))
        return u_last


def main():
    model = WaveModel()
    source = jnp.zeros(16).at[0].set(1.0)
    variables = model.init(jax.random.key(0), source)
    model.apply(variables, source).block_until_ready()
    return None
