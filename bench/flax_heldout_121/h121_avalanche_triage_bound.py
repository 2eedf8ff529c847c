# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 TriageDesk.scorer property returns ScoringHelper.module, a model.bind(variables, mutable=['batch_stats']) called inside the scan body; stats exported after the loop
"""Ski patrol avalanche triage: each incoming field report (burial depth, time buried, pulse,
core temperature, airway) is scored into severity classes; a shift is scanned report batch by
report batch and the BatchNorm running statistics are exported for the morning handover."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TriageNet(nn.Module):
    n_classes: int = 3

    @nn.compact
    def __call__(self, report, train: bool = False):
        h = nn.Dense(24)(report)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.relu(h)
        return nn.Dense(self.n_classes)(h)


class ScoringHelper:
    def __init__(self, model, variables):
        self._bound = model.bind(variables, mutable=["batch_stats"])

    @property
    def module(self):
        return self._bound

    def running_stats(self):
        return self._bound.variables["batch_stats"]


class TriageDesk:
    def __init__(self, seed=0, n_features=5, batch=6):
        model = TriageNet()
        variables = model.init(jax.random.key(seed), jnp.zeros((batch, n_features)))
        self._helper = ScoringHelper(model, variables)

    @property
    def scorer(self):
        return self._helper.module

    def triage_shift(self, reports):
        scorer = self.scorer

        def body(n_critical, report):
            logits = scorer(report, train=True)
            n_critical = n_critical + jnp.sum(jnp.argmax(logits, -1) == 2)
            return n_critical, jax.nn.softmax(logits)

        return jax.lax.scan(body, jnp.zeros((), jnp.int32), reports)

    def export_stats(self):
        return jax.tree.map(lambda a: jnp.round(a, 4), self._helper.running_stats())


def main():
    desk = TriageDesk()
    reports = jax.random.normal(jax.random.key(3), (5, 6, 5))
    n_critical, probs = desk.triage_shift(reports)
    handover = desk.export_stats()
    jax.block_until_ready((n_critical, probs, handover))
    return None
