# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a local model.bind(variables, mutable=["batch_stats"]) goes straight into the scan body; its batch statistics are read after the loop
"""Tide gauge quality control: residual anomaly scores per gauge across a run of tidal cycles."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ResidualScorer(nn.Module):
    @nn.compact
    def __call__(self, levels, train: bool = True):
        h = nn.Dense(8, name="harmonics")(levels)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95, name="norm")(h)
        return jnp.abs(nn.Dense(1, name="anomaly")(h))[..., 0]


def score_cycles(model, variables, cycles):
    scorer = model.bind(variables, mutable=["batch_stats"])

    def cycle(worst, levels):
        score = scorer(levels)
        return jnp.maximum(worst, score.max()), score

    worst, scores = lax.scan(cycle, jnp.zeros(()), cycles)
    drift = jnp.linalg.norm(scorer.variables["batch_stats"]["norm"]["mean"])
    return worst, scores, drift


def main():
    cycles = jax.random.normal(jax.random.key(0), (10, 9, 5))  # tidal cycles, gauges, features
    model = ResidualScorer()
    variables = model.init(jax.random.key(1), cycles[0], train=False)
    jax.block_until_ready(score_cycles(model, variables, cycles))
    return None
