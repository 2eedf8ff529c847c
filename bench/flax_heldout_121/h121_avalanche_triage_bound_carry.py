# label: ok
# flax-error: none
# class: 4 TriageDesk.scorer property returns ScoringHelper whose score(stats, x) applies with mutable=['batch_stats']; the stats ride in the scan carry and are committed after the loop
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
        self.model = model
        self.variables = variables

    def score(self, batch_stats, report):
        logits, updates = self.model.apply(
            {"params": self.variables["params"], "batch_stats": batch_stats},
            report, train=True, mutable=["batch_stats"])
        return logits, updates["batch_stats"]

    def commit(self, batch_stats):
        self.variables = {**self.variables, "batch_stats": batch_stats}

    def running_stats(self):
        return self.variables["batch_stats"]


class TriageDesk:
    def __init__(self, seed=0, n_features=5, batch=6):
        model = TriageNet()
        variables = model.init(jax.random.key(seed), jnp.zeros((batch, n_features)))
        self._helper = ScoringHelper(model, variables)

    @property
    def scorer(self):
        return self._helper

    def triage_shift(self, reports):
        scorer = self.scorer

        def body(carry, report):
            n_critical, stats = carry
            logits, stats = scorer.score(stats, report)
            n_critical = n_critical + jnp.sum(jnp.argmax(logits, -1) == 2)
            return (n_critical, stats), jax.nn.softmax(logits)

        init = (jnp.zeros((), jnp.int32), scorer.running_stats())
        (n_critical, stats), probs = jax.lax.scan(body, init, reports)
        scorer.commit(stats)
        return n_critical, probs

    def export_stats(self):
        return jax.tree.map(lambda a: jnp.round(a, 4), self._helper.running_stats())


def main():
    desk = TriageDesk()
    reports = jax.random.normal(jax.random.key(3), (5, 6, 5))
    n_critical, probs = desk.triage_shift(reports)
    handover = desk.export_stats()
    jax.block_until_ready((n_critical, probs, handover))
    return None
