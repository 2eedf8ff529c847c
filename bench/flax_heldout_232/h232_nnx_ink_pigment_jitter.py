# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls self.mixer.jitter(), which draws from the 'pigment' stream of the Rngs held by the station's mixer
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class PigmentMixer(nnx.Module):
    def __init__(self, pigments: int, spread: float, rngs: nnx.Rngs):
        self.tone = nnx.Linear(pigments, pigments, rngs=rngs)
        self.spread = spread
        self.rngs = rngs

    def jitter(self, dose):
        noise = jax.random.uniform(self.rngs.pigment(), dose.shape, minval=-1.0, maxval=1.0)
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
        def batch(total, dose):
            shade = self.mixer.jitter(dose)
            return total + shade, shade

        doses = jnp.broadcast_to(dose, (self.batches,) + dose.shape)
        _, shades = scan(batch, jnp.zeros_like(dose), doses)
        return shades


def main():
    station = InkStation.from_config({"seed": 3, "pigments": 4, "spread": 0.3, "batches": 5})
    dose = jnp.array([0.5, 0.2, 0.2, 0.1])
    return station.sample_batches(dose)
