# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "refine_passes" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 GapFiller.__call__ runs the while_loop itself and its body updates the module's own telemetry counter
"""Smart-meter gap filling: iterative imputation of missing half-hourly readings."""
import jax
import jax.numpy as jnp
from flax import linen

MAX_PASSES = 8
TOL = 1e-3


class GapFiller(linen.Module):
    width: int = 24

    @linen.compact
    def __call__(self, readings, mask):
        passes = self.variable("telemetry", "refine_passes", lambda: jnp.zeros((), jnp.int32))
        smoother = linen.Dense(self.width, name="smoother")
        filled = jnp.where(mask, readings, jnp.mean(readings, axis=-1, keepdims=True))
        filled = jnp.where(mask, readings, smoother(filled))

        def unfinished(state):
            it, _, delta = state
            return (it < MAX_PASSES) & (delta > TOL)

        def refine(state):
            it, current, _ = state
            proposal = jnp.where(mask, readings, smoother(current))
            if not self.is_initializing():
                passes.value = passes.value + 1
            return it + 1, proposal, jnp.max(jnp.abs(proposal - current))

        _, filled, _ = jax.lax.while_loop(unfinished, refine, (0, filled, jnp.float32(jnp.inf)))
        return filled


class MeterBatchJob:
    def __init__(self, filler, variables):
        self.filler = filler
        self.variables = variables

    def run(self, readings, mask):
        filled = self.filler.apply(self.variables, readings, mask)
        return jnp.sum(filled, axis=-1) * 0.5  # kWh per meter


def main():
    key = jax.random.key(9)
    k1, k2 = jax.random.split(key)
    readings = 0.3 + 0.1 * jax.random.uniform(k1, (6, 24))
    mask = jax.random.bernoulli(k2, 0.8, (6, 24))
    filler = GapFiller()
    variables = filler.init(jax.random.key(0), readings, mask)
    job = MeterBatchJob(filler, variables)
    jax.block_until_ready(job.run(readings, mask))
    return None
