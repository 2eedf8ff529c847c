# label: ok
# flax-error: none
# class: 1 the crust module runs the scan itself over jitter keys split from make_rng before the loop
"""Stochastic crust-browning simulation for deck ovens, one sample per bake cycle."""
import jax
import jax.numpy as jnp
from flax import linen as ln


class CrustSimulator(ln.Module):
    trays: int = 5
    cycles: int = 6
    jitter_scale: float = 0.15

    @ln.compact
    def __call__(self, dough_moisture):
        rate = self.param("browning_rate", ln.initializers.constant(0.4), (self.trays,))
        bias = self.param("browning_bias", ln.initializers.zeros_init(), (self.trays,))

        def bake_cycle(heat, key):
            jitter = self.jitter_scale * jax.random.normal(key, (self.trays,))
            browning = ln.sigmoid(rate * heat * (1.0 - dough_moisture) + bias + jitter)
            return heat, browning

        keys = jax.random.split(self.make_rng("jitter"), self.cycles)
        _, browning = jax.lax.scan(bake_cycle, jnp.full((self.trays,), 2.0), keys)
        return browning


class DeckOven:
    def __init__(self, serial: str):
        self.serial = serial
        self.sim = CrustSimulator()
        self.variables = self.sim.init(
            {"params": jax.random.key(0), "jitter": jax.random.key(1)}, jnp.zeros((5,))
        )

    def sample_cycles(self, moisture, seed: int):
        return self.sim.apply(self.variables, moisture, rngs={"jitter": jax.random.key(seed)})


def main():
    oven = DeckOven("DK-310")
    moisture = jnp.full((5,), 0.35)
    return oven.sample_cycles(moisture, seed=42)
