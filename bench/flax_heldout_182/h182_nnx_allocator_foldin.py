# label: ok
# flax-error: none
# class: 1 VariantAllocator.assign_cohort draws one key from its own nnx.Rngs "assign" stream and its scan body folds each user id into it
"""Experiment allocator for a library-app recommendation test: assigns users to variants by weight."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class VariantWeight(nnx.Variable):
    """Allocation logits, tuned by the experimentation platform, never by gradients."""


class VariantAllocator(nnx.Module):
    def __init__(self, variants: tuple, seed: int):
        self.variants = variants
        self.logits = VariantWeight(jnp.zeros((len(variants),)))
        self.rngs = nnx.Rngs(assign=seed)

    def ramp(self, variant: str, boost: float):
        idx = self.variants.index(variant)
        self.logits[...] = self.logits[...].at[idx].add(boost)

    def assign_cohort(self, user_ids):
        cdf = jnp.cumsum(nnx.softmax(self.logits[...]))
        key = self.rngs.assign()

        def assign(counts, user_id):
            u = jax.random.uniform(jax.random.fold_in(key, user_id), ())
            arm = jnp.searchsorted(cdf, u)
            return counts.at[arm].add(1), (arm, u)

        counts, (arms, draws) = scan(assign, jnp.zeros(len(self.variants), jnp.int32), user_ids)
        return counts, arms, draws


class ExperimentService:
    def __init__(self, allocator: VariantAllocator):
        self.allocator = allocator

    def enroll(self, user_ids):
        counts, arms, draws = self.allocator.assign_cohort(user_ids)
        return {"counts": counts, "arms": arms, "draws": draws}


def main():
    allocator = VariantAllocator(("control", "shelf_v2", "shelf_v3"), seed=2024)
    allocator.ramp("shelf_v2", 0.5)
    service = ExperimentService(allocator)
    result = service.enroll(jnp.arange(100, 132))
    print("counts", result["counts"])
    return (result["arms"], result["draws"])
