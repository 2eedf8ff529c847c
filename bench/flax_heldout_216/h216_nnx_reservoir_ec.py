# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the model reached through DosingService.pumps.model (train mode, BatchNorm) is called in the scan body
"""Hydroponic reservoir control: an EC/pH correction model drives the peristaltic pump bank
over a shift of sensor readings."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ECModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(4, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, reading):
        return self.out(nnx.relu(self.norm(self.inp(reading))))


class PumpBank:
    def __init__(self, model: ECModel, ml_per_unit: float = 0.8):
        self.model = model
        self.ml_per_unit = ml_per_unit


class DosingService:
    def __init__(self, pumps: PumpBank):
        self.pumps = pumps

    def run_shift(self, readings):
        def body(ec, reading):
            correction = self.pumps.model(reading).mean(0)
            dose = jnp.clip(correction, 0.0, 3.0) * self.pumps.ml_per_unit
            return ec + 0.05 * dose[0] - 0.01, dose

        return lax.scan(body, jnp.float32(1.8), readings)


def main():
    # EC, pH, water temperature, dissolved oxygen
    readings = jax.random.normal(jax.random.PRNGKey(0), (8, 3, 4))
    model = ECModel(nnx.Rngs(0))
    ec, doses = DosingService(PumpBank(model)).run_shift(readings)
    ec.block_until_ready()
    return None
