# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the evaluator's variables attribute goes into the scan body; the mutated intermediates collection is handed to the evaluator's probe object and read after the loop
"""Audit of stop-priority attention for last-mile delivery routes."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

NUM_FEATURES = 5  # lat, lon, parcel count, time-window start, time-window end


class StopScorer(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, stops):
        h = nn.relu(nn.Dense(self.hidden, name="embed")(stops))
        logits = nn.Dense(1, name="score")(h)[..., 0]
        priority = nn.softmax(logits)
        self.sow("intermediates", "stop_priority", priority)
        return jnp.sum(priority[:, None] * stops, axis=0)


class PriorityProbe:
    """Collects the per-route stop priority so the audit can report its spread."""

    def __init__(self):
        self.snapshots = []

    def record(self, intermediates):
        (priority,) = intermediates["stop_priority"]
        self.snapshots.append(priority)

    def mean_entropy(self):
        p = jnp.stack(self.snapshots)
        return -jnp.sum(p * jnp.log(p + 1e-9), axis=-1).mean()


class RouteAuditor:
    def __init__(self, model: nn.Module, variables, probe: PriorityProbe):
        self.model = model
        self.variables = variables
        self.probe = probe

    def audit(self, routes):
        def visit(weighted_total, stops):
            summary, state = self.model.apply(self.variables, stops, mutable=["intermediates"])
            self.probe.record(state["intermediates"])
            return weighted_total + summary, None

        total, _ = lax.scan(visit, jnp.zeros((NUM_FEATURES,)), routes)
        return {"weighted_total": total, "priority_entropy": self.probe.mean_entropy()}


def build_auditor(seed: int, sample_route):
    model = StopScorer()
    variables = model.init(jax.random.key(seed), sample_route)
    return RouteAuditor(model, {"params": variables["params"]}, PriorityProbe())


def main():
    routes = jax.random.uniform(jax.random.key(11), (4, 6, NUM_FEATURES))
    auditor = build_auditor(0, routes[0])
    report = auditor.audit(routes)
    jax.block_until_ready(report)
    return None
