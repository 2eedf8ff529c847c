# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 StowagePlanner.__call__ runs the fori_loop and declares its bay_scorer submodule lazily inside the body
"""Container-ship stowage: assigns containers to bays one after another, balancing weight."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class VesselProfile:
    bays: int = 6
    max_bay_tonnes: float = 40.0
    reefer_bays: tuple = field(default=(0, 5))


class StowagePlanner(nn.Module):
    vessel: VesselProfile

    @nn.compact
    def __call__(self, containers):
        """containers: [n, 5] = weight, length, reefer flag, port of discharge, hazard class."""
        reefer_mask = jnp.zeros(self.vessel.bays).at[jnp.array(self.vessel.reefer_bays)].set(1.0)

        def place(i, bay_load):
            scorer = nn.Dense(self.vessel.bays, name="bay_scorer")
            logits = scorer(containers[i])
            logits = logits - 10.0 * (bay_load > self.vessel.max_bay_tonnes)
            logits = logits + 2.0 * containers[i, 2] * reefer_mask
            return bay_load + containers[i, 0] * jax.nn.softmax(logits)

        return lax.fori_loop(0, containers.shape[0], place, jnp.zeros(self.vessel.bays))


def plan_voyage(planner, variables, manifest):
    loads = planner.apply(variables, manifest)
    return jnp.abs(loads - loads.mean()).max()  # worst trim imbalance


def main():
    planner = StowagePlanner(VesselProfile())
    manifest = jax.random.uniform(jax.random.key(0), (12, 5)) * jnp.array([30.0, 2.0, 1.0, 4.0, 3.0])
    variables = planner.init(jax.random.key(1), manifest)
    plan_voyage(planner, variables, manifest)
