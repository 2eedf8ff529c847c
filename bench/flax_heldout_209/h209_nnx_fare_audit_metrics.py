# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the lax.while_loop body updates auditor.board.metrics, an nnx.metrics.MultiMetric held by a metrics board on the auditor
"""Transit fare evasion detection: audit onboard validator logs route by route until the alert budget is spent."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class AuditConfig:
    n_routes: int = 7
    riders_per_route: int = 16
    alert_budget: float = 40.0


class EvasionClassifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(5, 12, rngs=rngs)
        self.head = nnx.Linear(12, 2, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.body(x)))


class MetricsBoard:
    def __init__(self):
        self.metrics = nnx.metrics.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            alerts=nnx.metrics.Average("alerts"),
        )


class FareAuditor:
    def __init__(self, config: AuditConfig, classifier):
        self.config = config
        self.classifier = classifier
        self.board = MetricsBoard()

    def audit(self, logs, labels):
        def under_budget(carry):
            route, spent = carry
            return (route < self.config.n_routes) & (spent < self.config.alert_budget)

        def audit_route(carry):
            route, spent = carry
            logits = self.classifier(logs[route])
            alerts = (logits.argmax(-1) == 1).sum().astype(jnp.float32)
            self.board.metrics.update(logits=logits, labels=labels[route], alerts=alerts)
            return route + 1, spent + alerts

        return lax.while_loop(under_budget, audit_route, (0, jnp.zeros(())))


def main():
    config = AuditConfig()
    logs = jax.random.normal(jax.random.key(0), (config.n_routes, config.riders_per_route, 5))
    labels = (logs[..., 0] > 1.0).astype(jnp.int32)
    auditor = FareAuditor(config, EvasionClassifier(nnx.Rngs(0)))
    auditor.audit(logs, labels)
    auditor.board.metrics.compute()
    return None
