# label: same-values
# flax-error: none
# class: 1 BandOrganDrive.simulate runs its own fori_loop and the body draws noise from the key held in its NoiseKey variable
"""Carousel maintenance: band-organ drive belt slip simulation.

The drive keeps its noise key in a custom Variable type so checkpoints carry it along with
the parameters. Each simulated tune should see fresh belt-slip noise.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class NoiseKey(nnx.Variable):
    """PRNG key carried in the module state."""


class BandOrganDrive(nnx.Module):
    def __init__(self, pulleys: int, seed: int, rngs: nnx.Rngs):
        self.belt = nnx.Linear(pulleys, pulleys, rngs=rngs)
        self.noise_key = NoiseKey(jax.random.key(seed))
        self.slip_scale = 0.2

    def simulate(self, rpm, tunes: int):
        def tune(i, out):
            slip = self.slip_scale * jax.random.normal(self.noise_key.get_value(), rpm.shape)
            return out.at[i].set(self.belt(rpm + slip))

        out = jnp.zeros((tunes,) + rpm.shape)
        return jax.lax.fori_loop(0, tunes, tune, out)


def main():
    drive = BandOrganDrive(5, seed=17, rngs=nnx.Rngs(0))
    rpm = jnp.array([1.0, 0.8, 1.2, 0.95, 1.05])
    per_tune = drive.simulate(rpm, tunes=6)
    print("belt torque spread", float(jnp.std(per_tune, axis=0).mean()))
    return per_tune
