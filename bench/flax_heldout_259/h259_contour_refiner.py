# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "sweeps" in "/" because collection "refine_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the refiner module's own __call__ runs the while_loop and writes its sweep counter variable from the body
"""Iterative contour refinement for prostate MRI masks: sweep until the mask stops moving."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class ContourRefiner(nn.Module):
    channels: int = 3
    tolerance: float = 1e-3
    max_sweeps: int = 6

    @nn.compact
    def __call__(self, image, coarse_logits):
        sweeps = self.variable("refine_stats", "sweeps", lambda: jnp.zeros((), jnp.int32))
        smooth = nn.Conv(1, (3, 3), padding="SAME", name="smooth")
        context = nn.Conv(1, (3, 3), padding="SAME", name="context")(image)

        def not_settled(state):
            step, _, delta = state
            return (step < self.max_sweeps) & (delta > self.tolerance)

        def sweep(state):
            step, logits, _ = state
            updated = logits + 0.5 * jnp.tanh(smooth(logits) + context)
            sweeps.value = sweeps.value + 1
            return step + 1, updated, jnp.max(jnp.abs(updated - logits))

        smooth(coarse_logits)
        _, refined, _ = while_loop(not_settled, sweep, (0, coarse_logits, jnp.inf))
        return refined


@dataclasses.dataclass
class RefinementJob:
    study_id: str
    image: jax.Array
    coarse: jax.Array


class MaskRefinementService:
    def __init__(self, refiner: ContourRefiner, seed: int = 0):
        self.refiner = refiner
        self.seed = seed
        self._variables = None

    def load(self, job: RefinementJob):
        variables = self.refiner.init(jax.random.key(self.seed), job.image, job.coarse)
        self._variables = {"params": variables["params"], "refine_stats": variables["refine_stats"]}

    def refine(self, job: RefinementJob):
        logits = self.refiner.apply(self._variables, job.image, job.coarse)
        return (logits > 0).astype(jnp.uint8)


def main():
    k_img, k_coarse = jax.random.split(jax.random.key(2))
    job = RefinementJob(
        study_id="mr-0042",
        image=jax.random.normal(k_img, (1, 8, 8, 1)),
        coarse=jax.random.normal(k_coarse, (1, 8, 8, 1)),
    )
    service = MaskRefinementService(ContourRefiner())
    service.load(job)
    mask = service.refine(job)
    jax.block_until_ready(mask)
    return None
