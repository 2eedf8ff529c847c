# label: ok
# flax-error: none
# class: 4 the scan body calls self.mixer.jitter() with one key per batch, split from the mixer's 'pigment' stream before the loop and scanned as xs
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class PigmentMixer(nnx.Module):
    def __init__(self, pigments: int, spread: float, rngs: nnx.Rngs):
        self.tone = nnx.Linear(pigments, pigments, rngs=rngs)
        self.spread = spread
        self.rngs = rngs

    def jitter(self, dose, key):
        noise = jax.random.uniform(key, dose.shape, minval=-1.0, maxval=1.0)
        return jax.nn.softmax(self.tone(dose) + self.spread * noise)


class InkStation:
    def __init__(self, mixer: PigmentMixer, batches: int):
        self.mixer = mixer
        self.batches = batches

    @classmethod
    def from_config(cls, cfg: dict):
        rngs = nnx.Rngs(params=cfg["seed"], pigment=cfg["seed"] + 1)
        return cls(PigmentMixer(cfg["pigments"], cfg["spread"], rngs), cfg["batches"])

    def sample_batches(self, dose):
        def batch(total, xs):
            dose, key = xs
            shade = self.mixer.jitter(dose, key)
            return total + shade, shade

        doses = jnp.broadcast_to(dose, (self.batches,) + dose.shape)
        keys = jax.random.split(self.mixer.rngs.pigment(), self.batches)
        _, shades = scan(batch, jnp.zeros_like(dose), (doses, keys))
        return shades


def main():
    station = InkStation.from_config({"seed": 3, "pigments": 4, "spread": 0.3, "batches": 5})
    dose = jnp.array([0.5, 0.2, 0.2, 0.1])
    return station.sample_batches(dose)
