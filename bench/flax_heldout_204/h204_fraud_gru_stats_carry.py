# label: ok
# flax-error: none
# class: 1 TransactionEncoder.__call__ runs lax.scan itself; the flagged count rides in the scan carry and is written after the loop
"""Card-fraud scoring service: a GRU encoder over a card's transaction window.

The encoder keeps a running count of transactions it flagged as high risk in a mutable
'stats' collection, which the scoring service exports to its monitoring dashboard.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class TransactionEncoder(nn.Module):
    hidden: int = 16
    risk_threshold: float = 0.5

    @nn.compact
    def __call__(self, txns):  # txns: [T, F]
        cell = nn.GRUCell(features=self.hidden, name="gru")
        risk_head = nn.Dense(1, name="risk_head")
        flagged = self.variable("stats", "flagged", jnp.zeros, (), jnp.float32)

        h0 = jnp.zeros((self.hidden,))
        # create the parameters outside the loop
        cell(h0, txns[0])
        risk_head(h0)

        def step(carry, x):
            h, count = carry
            h, _ = cell(h, x)
            risk = nn.sigmoid(risk_head(h))[0]
            count = count + (risk > self.risk_threshold).astype(jnp.float32)
            return (h, count), risk

        (_, count), risks = lax.scan(step, (h0, flagged.value), txns)
        if not self.is_initializing():
            flagged.value = count
        return risks


@dataclasses.dataclass
class ScoringReport:
    risks: jax.Array
    flagged: float


class FraudScoringService:
    def __init__(self, n_features: int, seed: int = 0):
        self.model = TransactionEncoder()
        dummy = jnp.zeros((4, n_features))
        self.variables = self.model.init(jax.random.key(seed), dummy)
        self.total_flagged = jnp.zeros(())

    def score_card(self, txns) -> ScoringReport:
        risks, updates = self.model.apply(self.variables, txns, mutable=["stats"])
        self.variables = {**self.variables, **updates}
        self.total_flagged = self.total_flagged + updates["stats"]["flagged"]
        return ScoringReport(risks=risks, flagged=float(self.total_flagged))


def main():
    service = FraudScoringService(n_features=6)
    txns = jax.random.normal(jax.random.key(1), (12, 6))
    report = service.score_card(txns)
    print("flagged", report.flagged, "max risk", float(report.risks.max()))
    return None
