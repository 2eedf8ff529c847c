# label: same-values
# flax-error: none
# class: 2 a local key drawn once from the local nnx.Rngs stream (rngs.members()) in build_surge_ensemble is used directly in every fori_loop step
"""Tide gauge storm-surge ensemble: perturb the wind forcing per ensemble member and run the surge
emulator, for the harbour master's flood-gate decision."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class SurgeEmulator(nnx.Module):
    def __init__(self, hours: int, *, rngs: nnx.Rngs):
        self.wind = nnx.Linear(hours * 2, 64, rngs=rngs)
        self.surge = nnx.Linear(64, hours, rngs=rngs)

    def __call__(self, wind_uv):
        return self.surge(nnx.gelu(self.wind(wind_uv.reshape(-1))))


def build_surge_ensemble(model, wind_uv, members: int, seed: int):
    rngs = nnx.Rngs(members=seed)
    key = rngs.members()
    out = jnp.zeros((members, wind_uv.shape[0]))

    def member(i, acc):
        perturbed = wind_uv + 1.5 * jax.random.normal(key, wind_uv.shape)
        return acc.at[i].set(model(perturbed))

    return fori_loop(0, members, member, out)


def main():
    hours = 18
    model = SurgeEmulator(hours, rngs=nnx.Rngs(0))
    t = jnp.linspace(0.0, 1.0, hours)
    wind_uv = jnp.stack([8.0 + 6.0 * t, -2.0 + 4.0 * t], axis=-1)
    return build_surge_ensemble(model, wind_uv, members=7, seed=5)
