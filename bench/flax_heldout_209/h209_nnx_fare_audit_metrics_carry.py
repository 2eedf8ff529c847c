# label: ok
# flax-error: none
# class: 4 the state of auditor.board.metrics, an nnx.metrics.MultiMetric held by a metrics board on the auditor, rides in the lax.while_loop carry and is written back after it
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
        graphdef, metric_state = nnx.split(self.board.metrics)

        def under_budget(carry):
            route, spent, _ = carry
            return (route < self.config.n_routes) & (spent < self.config.alert_budget)

        def audit_route(carry):
            route, spent, metric_state = carry
            metrics = nnx.merge(graphdef, metric_state)
            logits = self.classifier(logs[route])
            alerts = (logits.argmax(-1) == 1).sum().astype(jnp.float32)
            metrics.update(logits=logits, labels=labels[route], alerts=alerts)
            return route + 1, spent + alerts, nnx.state(metrics)

        route, spent, metric_state = lax.while_loop(under_budget, audit_route, (0, jnp.zeros(()), metric_state))
        nnx.update(self.board.metrics, metric_state)
        return route, spent


def main():
    config = AuditConfig()
    logs = jax.random.normal(jax.random.key(0), (config.n_routes, config.riders_per_route, 5))
    labels = (logs[..., 0] > 1.0).astype(jnp.int32)
    auditor = FareAuditor(config, EvasionClassifier(nnx.Rngs(0)))
    auditor.audit(logs, labels)
    jax.block_until_ready(auditor.board.metrics.compute())
    return None
