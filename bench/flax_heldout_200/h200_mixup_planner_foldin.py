# label: ok
# flax-error: none
# class: 1 MixupPlanner.__call__ runs the scan itself; self.make_rng('mixup') is drawn once before it and folded with the step inside the body
"""Mixup + label-smoothing target planner for a land-cover tile classifier: one epoch of soft targets per call."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


def smooth_one_hot(labels, num_classes, smoothing):
    hard = jax.nn.one_hot(labels, num_classes)
    return hard * (1.0 - smoothing) + smoothing / num_classes


class MixupPlanner(nn.Module):
    """Draws the mixing coefficient and the partner permutation for every step of an epoch."""

    num_classes: int = 7
    alpha: float = 0.4
    smoothing: float = 0.1
    steps_per_epoch: int = 6

    def mix_targets(self, key, labels):
        k_lam, k_perm = jax.random.split(key)
        lam = jax.random.beta(k_lam, self.alpha, self.alpha)
        perm = jax.random.permutation(k_perm, labels.shape[0])
        soft = smooth_one_hot(labels, self.num_classes, self.smoothing)
        return lam, perm, lam * soft + (1.0 - lam) * soft[perm]

    @nn.compact
    def __call__(self, labels):
        epoch_key = self.make_rng("mixup")

        def plan_step(carry, step):
            lam, perm, targets = self.mix_targets(jax.random.fold_in(epoch_key, step), labels)
            return carry, {"lam": lam, "perm": perm, "targets": targets}

        _, plan = scan(plan_step, None, jnp.arange(self.steps_per_epoch))
        return plan


class TileDataPipeline:
    def __init__(self, planner: MixupPlanner, seed: int):
        self.planner = planner
        self.seed = seed

    def epoch_plan(self, labels, epoch: int):
        rng = jax.random.fold_in(jax.random.key(self.seed), epoch)
        return self.planner.apply({}, labels, rngs={"mixup": rng})


def main():
    labels = jnp.array([0, 3, 1, 6, 2, 2, 5, 4])
    pipeline = TileDataPipeline(MixupPlanner(), seed=11)
    plan = pipeline.epoch_plan(labels, epoch=0)
    return {"lam": plan["lam"], "perm": plan["perm"]}
