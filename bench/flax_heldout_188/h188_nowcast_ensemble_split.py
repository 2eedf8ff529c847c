# label: ok
# flax-error: none
# class: 1 the nowcaster's own compact method splits one make_rng("ensemble") key per member before fori_loop and the body indexes it
"""Precipitation nowcasting: the perturbed nowcaster extrapolates the latest radar frame and
draws ensemble members around it for the flood-warning desk."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PerturbedNowcaster(nn.Module):
    grid: int = 8
    members: int = 5
    noise_scale: float = 0.3

    @nn.compact
    def __call__(self, radar):
        base = nn.Dense(self.grid * self.grid, name="advect")(radar.reshape(-1))
        base = base.reshape(self.grid, self.grid)
        keys = jax.random.split(self.make_rng("ensemble"), self.members)

        def add_member(i, ensemble):
            perturbation = self.noise_scale * jax.random.normal(keys[i], base.shape)
            return ensemble.at[i].set(base + perturbation)

        empty = jnp.zeros((self.members, self.grid, self.grid))
        return jax.lax.fori_loop(0, self.members, add_member, empty)


class WarningDesk:
    def __init__(self, seed: int = 0):
        self.model = PerturbedNowcaster()
        radar = jnp.zeros((self.model.grid, self.model.grid))
        rngs = {"params": jax.random.key(seed), "ensemble": jax.random.key(seed + 1)}
        self.variables = self.model.init(rngs, radar)

    def ensemble(self, radar, key):
        return self.model.apply(self.variables, radar, rngs={"ensemble": key})


def main():
    desk = WarningDesk()
    radar = jnp.ones((8, 8)) * 0.5
    return desk.ensemble(radar, jax.random.key(42))
