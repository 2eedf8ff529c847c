# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 params reach the scan body through SchedulingService.adapter (ScorerAdapter -> module.apply); a ScoreRecorder hook keeps each slot's best score
"""Radio telescope scheduling: score candidate pointings per time slot and keep a nightly report."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class PointingScorer(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, features):
        h = nn.relu(nn.Dense(self.hidden, name="encode")(features))
        return nn.Dense(1, name="score")(h)[..., 0]


class ScorerAdapter:
    """Keeps the module and its variables together, as the serving layer hands them out."""

    def __init__(self, module, variables):
        self.module = module
        self.variables = variables

    def scores(self, features):
        return self.module.apply(self.variables, features)


class ScoreRecorder:
    """Hook: keeps the best score of every slot for the nightly report."""

    def __init__(self):
        self.best = []

    def on_slot_end(self, best_score):
        self.best.append(best_score)

    def report(self):
        values = jnp.stack(self.best)
        return {"mean_best": values.mean(), "worst_slot": values.argmin()}


@dataclass
class SchedulingService:
    adapter: ScorerAdapter
    hooks: list = field(default_factory=list)
    elevation_floor: float = 0.2

    def plan_night(self, slots):
        def body(floor, slot_features):
            scores = self.adapter.scores(slot_features)
            scores = jnp.where(slot_features[:, 0] > floor, scores, -1e9)
            for hook in self.hooks:
                hook.on_slot_end(jnp.max(scores))
            return floor, jnp.argmax(scores)

        _, picks = lax.scan(body, jnp.float32(self.elevation_floor), slots)
        return picks


def main():
    n_slots, n_targets, n_feat = 6, 5, 4
    slots = jax.random.uniform(jax.random.key(0), (n_slots, n_targets, n_feat))
    module = PointingScorer()
    variables = module.init(jax.random.key(1), slots[0])
    recorder = ScoreRecorder()
    service = SchedulingService(ScorerAdapter(module, variables), hooks=[recorder])
    picks = service.plan_night(slots)
    report = recorder.report()
    print(picks, float(report["mean_best"]))
    return None
