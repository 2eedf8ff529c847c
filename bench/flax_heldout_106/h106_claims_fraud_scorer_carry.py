# label: ok
# flax-error: none
# class: 5 make_scoring_step(model, variables) returns a step function over (batch_stats, claims) applying model.apply; the while_loop body calls it and carries batch_stats
"""Insurance claims intake: score claim batches for fraud until the review budget is spent."""
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class FraudScorer(nn.Module):
    hidden: int = 24

    @nn.compact
    def __call__(self, claims, train: bool = True):
        h = nn.Dense(self.hidden)(claims)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.98)(h)
        return nn.sigmoid(nn.Dense(1)(nn.silu(h)))[:, 0]


class Intake(NamedTuple):
    batch: jax.Array
    flagged: jax.Array
    batch_stats: Any


def make_scoring_step(model: FraudScorer, variables, threshold: float = 0.6):
    """Builds the intake step; normalisation adapts to this quarter's claim mix."""
    params = variables["params"]

    def step(batch_stats, claims):
        scores, upd = model.apply(
            {"params": params, "batch_stats": batch_stats}, claims, mutable=["batch_stats"]
        )
        return jnp.sum(scores > threshold), upd["batch_stats"]

    def drift_report(batch_stats):
        stats = batch_stats["BatchNorm_0"]
        return {"mean_shift": jnp.abs(stats["mean"]).max(), "var": stats["var"].mean()}

    return step, drift_report


def run_intake(step, queue, review_budget: int, batch_stats):
    def cond(s: Intake):
        return (s.batch < queue.shape[0]) & (s.flagged < review_budget)

    def body(s: Intake):
        flagged, stats = step(s.batch_stats, queue[s.batch])
        return Intake(s.batch + 1, s.flagged + flagged, stats)

    return lax.while_loop(cond, body, Intake(jnp.array(0), jnp.array(0), batch_stats))


def main():
    queue = jax.random.normal(jax.random.key(5), (10, 16, 7))
    model = FraudScorer()
    variables = model.init(jax.random.key(0), queue[0], train=False)
    step, drift_report = make_scoring_step(model, variables)
    final = run_intake(step, queue, review_budget=40, batch_stats=variables["batch_stats"])
    print("batches", final.batch, "flagged", final.flagged, drift_report(final.batch_stats))
