# label: same-values
# flax-error: none
# class: 3 FermentationSimulator.rngs (an nnx.Rngs) is reached in the scan body, which reads the yeast stream's stored key instead of drawing from the stream
"""Craft brewery: simulate gravity drop across a batch's primary fermentation with yeast-vigour noise."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class AttenuationModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.kinetics = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, gravity, temp_c, vigour):
        rate = nnx.sigmoid(self.kinetics(jnp.stack([gravity - 1.0, temp_c / 20.0, vigour]))[0]) * 0.004
        return jnp.maximum(gravity - rate * (gravity - 1.008), 1.008)


class FermentationSimulator:
    def __init__(self, model: AttenuationModel, seed: int):
        self.model = model
        self.rngs = nnx.Rngs(yeast=seed)

    def primary(self, og, temps_c):
        def day(gravity, temp_c):
            vigour = 1.0 + 0.15 * jax.random.normal(self.rngs.yeast.key[...], ())
            return self.model(gravity, temp_c, vigour), vigour

        _, vigour = jax.lax.scan(day, og, temps_c)
        return vigour


def main():
    temps = jnp.array([18.0, 19.0, 20.0, 20.0, 19.5, 18.0, 17.0, 16.0])
    sim = FermentationSimulator(AttenuationModel(rngs=nnx.Rngs(0)), seed=42)
    return sim.primary(jnp.asarray(1.056), temps)
