# label: same-values
# flax-error: none
# class: 1 SpeckleSimulator.__call__ runs the scan and the body draws its key from the module's own speckle rng stream
"""Simulates multi-look speckle realisations of a SAR backscatter patch for augmentation."""

import jax
import jax.numpy as jnp
import jax.lax as lax
import flax.linen as nn


class SpeckleSimulator(nn.Module):
    looks: float = 4.0
    realisations: int = 4

    @nn.compact
    def __call__(self, backscatter):
        gain = self.param("gain", nn.initializers.ones, (backscatter.shape[-1],))

        def draw(_, __):
            key = self.make_rng("speckle")
            noise = jax.random.gamma(key, self.looks, backscatter.shape) / self.looks
            return None, backscatter * gain * noise

        _, realisations = lax.scan(draw, None, None, length=self.realisations)
        return realisations


def main():
    patch = jnp.full((4, 4, 2), 0.3)
    simulator = SpeckleSimulator()
    variables = simulator.init({"params": jax.random.key(0), "speckle": jax.random.key(1)}, patch)
    return simulator.apply(variables, patch, rngs={"speckle": jax.random.key(2)})
