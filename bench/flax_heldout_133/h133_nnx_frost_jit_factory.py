# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_risk_step returns an nnx.jit-compiled step taking the model; a FrostWatch calls it on self.model from inside the scan body
import jax
import jax.numpy as jnp
from flax import nnx


class FrostRisk(nnx.Module):
    """Risk of bud damage in a vineyard block from canopy and soil temperatures."""

    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(sensors, 8, rngs=rngs)
        self.risk = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, temps):
        return nnx.sigmoid(self.risk(nnx.relu(self.hidden(-temps))))


def make_risk_step(threshold: float):
    @nnx.jit
    def step(model, temps):
        risk = model(temps)
        return jnp.where(risk > threshold, risk, 0.0)

    return step


class FrostWatch:
    def __init__(self, model: FrostRisk, threshold: float = 0.3):
        self.model = model
        self.step = make_risk_step(threshold)

    def overnight(self, temps_by_hour):
        def hour(peak, temps):
            risk = self.step(self.model, temps)
            return jnp.maximum(peak, risk.max()), None

        peak, _ = jax.lax.scan(hour, jnp.zeros(()), temps_by_hour)
        return peak


def main():
    watch = FrostWatch(FrostRisk(sensors=4, rngs=nnx.Rngs(0)))
    temps = jnp.linspace(3.0, -2.0, 10 * 5 * 4).reshape(10, 5, 4)
    jax.block_until_ready(watch.overnight(temps))
    return None
