# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_scoring_step(model, variables) returns a step function closing over model.bind(variables, mutable=["batch_stats"]); the while_loop body calls it
"""Insurance claims intake: score claim batches for fraud until the review budget is spent."""
from typing import NamedTuple

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


def make_scoring_step(model: FraudScorer, variables, threshold: float = 0.6):
    """Builds the intake step; normalisation adapts to this quarter's claim mix."""
    scorer = model.bind(variables, mutable=["batch_stats"])

    def step(claims):
        return jnp.sum(scorer(claims) > threshold)

    def drift_report():
        stats = scorer.variables["batch_stats"]["BatchNorm_0"]
        return {"mean_shift": jnp.abs(stats["mean"]).max(), "var": stats["var"].mean()}

    return step, drift_report


def run_intake(step, queue, review_budget: int):
    def cond(s: Intake):
        return (s.batch < queue.shape[0]) & (s.flagged < review_budget)

    def body(s: Intake):
        return Intake(s.batch + 1, s.flagged + step(queue[s.batch]))

    return lax.while_loop(cond, body, Intake(jnp.array(0), jnp.array(0)))


def main():
    queue = jax.random.normal(jax.random.key(5), (10, 16, 7))
    model = FraudScorer()
    variables = model.init(jax.random.key(0), queue[0], train=False)
    step, drift_report = make_scoring_step(model, variables)
    final = run_intake(step, queue, review_budget=40)
    print("batches", final.batch, "flagged", final.flagged, drift_report())
