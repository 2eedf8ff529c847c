# label: ok
# flax-error: none
# class: 1 SpeckleSimulator.__call__ runs the scan; the key drawn from the module's own speckle rng stream before the scan is folded with the step index in the body
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
        base_key = self.make_rng("speckle")

        def draw(_, step):
            key = jax.random.fold_in(base_key, step)
            noise = jax.random.gamma(key, self.looks, backscatter.shape) / self.looks
            return None, backscatter * gain * noise

        _, realisations = lax.scan(draw, None, jnp.arange(self.realisations))
        return realisations


def main():
    patch = jnp.full((4, 4, 2), 0.3)
    simulator = SpeckleSimulator()
    variables = simulator.init({"params": jax.random.key(0), "speckle": jax.random.key(1)}, patch)
    return simulator.apply(variables, patch, rngs={"speckle": jax.random.key(2)})
