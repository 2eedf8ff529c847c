# label: ok
# flax-error: none
# class: 2 the stages tuple of (name, module, variables) is a local of grade_harvest; the while_loop body walks it and applies each stage with mutable batch_stats, whose values travel in the loop state
"""Apple grading line: a tuple of Linen stages applied over repeated sorting passes."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ColourNormaliser(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        return nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)


class BlemishDetector(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        return x + 0.1 * jnp.tanh(nn.Dense(x.shape[-1])(x))


class RipenessHead(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        return x * nn.sigmoid(nn.Dense(1)(x))


STAGE_TYPES = (("colour", ColourNormaliser), ("blemish", BlemishDetector), ("ripeness", RipenessHead))


def build_stages(sample, seed: int = 0):
    stages = []
    for index, (name, module_cls) in enumerate(STAGE_TYPES):
        module = module_cls()
        variables = module.init(jax.random.key(seed + index), sample)
        sample = module.apply(variables, sample)
        stages.append((name, module, variables))
    return tuple(stages)


def grade_harvest(stages, fruit, *, max_passes: int = 6, confidence: float = 0.95):
    stats0 = tuple(variables.get("batch_stats", {}) for _, _, variables in stages)

    def unsure(state):
        n, _, score, _ = state
        return (n < max_passes) & (score < confidence)

    def sorting_pass(state):
        n, features, _, all_stats = state
        new_stats = []
        for (_, module, variables), stats in zip(stages, all_stats):
            features, updates = module.apply(
                {"params": variables.get("params", {}), "batch_stats": stats}, features,
                train=True, mutable=["batch_stats"])
            new_stats.append(updates.get("batch_stats", {}))
        score = nn.sigmoid(jnp.abs(features).mean())
        return n + 1, features, score, tuple(new_stats)

    state0 = (jnp.int32(0), fruit, jnp.float32(0.0), stats0)
    passes, graded, score, _ = lax.while_loop(unsure, sorting_pass, state0)
    return passes, graded, score


def main():
    fruit = jax.random.normal(jax.random.key(8), (10, 5))  # crate of ten apples, five colour bins
    stages = build_stages(fruit)
    passes, graded, score = grade_harvest(stages, fruit)
    print("passes", int(passes), "score", float(score))
    return None
