# label: ok
# flax-error: none
# class: 3 the runner's dropout_key attribute, folded with the scan step index, is handed to apply as the dropout rng
"""Sensor-dropout augmentation for cold-storage temperature probes: simulate failing probes per shift."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import scan


class ProbeEncoder(linen.Module):
    width: int = 6
    drop_rate: float = 0.4

    @linen.compact
    def __call__(self, temps, *, deterministic: bool):
        h = linen.Dense(self.width, name="probe_embed")(temps)
        return linen.Dropout(self.drop_rate)(h, deterministic=deterministic)


@dataclass
class Shift:
    aisle: str
    probes: jnp.ndarray


class AugmentRunner:
    def __init__(self, encoder: ProbeEncoder, params, dropout_key):
        self.encoder = encoder
        self.params = params
        self.dropout_key = dropout_key

    def _encode(self, step, temps):
        step_key = jax.random.fold_in(self.dropout_key, step)
        return self.encoder.apply({"params": self.params}, temps, deterministic=False, rngs={"dropout": step_key})

    def simulate(self, shift: Shift, shifts: int):
        def body(carry, step):
            return carry, self._encode(step, shift.probes)

        _, encoded = scan(body, None, jnp.arange(shifts))
        return encoded


def main():
    encoder = ProbeEncoder()
    shift = Shift("blast-freezer", jnp.array([-24.0, -23.5, -25.1, -22.8]) / 10.0)
    params = encoder.init(jax.random.key(0), shift.probes, deterministic=True)["params"]
    runner = AugmentRunner(encoder, params, jax.random.key(17))
    return runner.simulate(shift, shifts=5)
