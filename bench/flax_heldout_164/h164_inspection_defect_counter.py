# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 DefectScorer.__call__ owns the 'telemetry' counter variable and bumps it inside its own scan body
"""Quality-inspection line: score camera frames of a conveyor and count rejected parts.

The scorer walks the frames of one shift with a raw scan; the shift report reads the
reject counter back from the 'telemetry' collection returned by apply.
"""
import dataclasses

import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class DefectScorer(nn.Module):
    threshold: float = 0.5

    @nn.compact
    def __call__(self, frames):
        rejects = self.variable("telemetry", "rejects", lambda: jnp.zeros((), jnp.int32))
        conv = nn.Conv(4, (3, 3))
        head = nn.Dense(1)
        head(conv(frames[0]).mean((1, 2)))

        def frame_step(worst, frame):
            score = nn.sigmoid(head(conv(frame).mean((1, 2)))[:, 0])
            rejects.value = rejects.value + jnp.sum(score > self.threshold)
            return jnp.maximum(worst, score.max()), score

        worst, scores = scan(frame_step, jnp.zeros(()), frames)
        return worst, scores


@dataclasses.dataclass
class ShiftReport:
    line_id: str
    worst_score: float = 0.0
    rejected: int = 0


class InspectionLine:
    def __init__(self, line_id: str, scorer: DefectScorer, variables):
        self.line_id = line_id
        self.scorer = scorer
        self.params = variables["params"]
        self.rejected_to_date = jnp.zeros((), jnp.int32)

    def run_shift(self, frames) -> ShiftReport:
        variables = {"params": self.params, "telemetry": {"rejects": jnp.zeros((), jnp.int32)}}
        (worst, _), telemetry = self.scorer.apply(variables, frames, mutable=["telemetry"])
        self.rejected_to_date = self.rejected_to_date + telemetry["telemetry"]["rejects"]
        return ShiftReport(self.line_id, float(worst), int(self.rejected_to_date))


def main():
    frames = jax.random.uniform(jax.random.key(2), (6, 2, 8, 8, 1))
    scorer = DefectScorer()
    variables = scorer.init(jax.random.key(0), frames)
    line = InspectionLine("press-shop-3", scorer, variables)
    report = line.run_shift(frames)
    print(report)
    return None
