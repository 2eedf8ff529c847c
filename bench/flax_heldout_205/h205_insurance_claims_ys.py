# label: ok
# flax-error: none
# class: 1 ClaimScorer.__call__ runs jax.lax.scan returning line risks as ys, sown once after the loop
"""Insurance claim triage: score each line item of a claim and flag claims for manual review."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ClaimScorer(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, line_items):
        encode = nn.Dense(self.hidden, name="encode")
        risk_head = nn.Dense(1, name="risk_head")
        risk_head(encode(line_items[0]))  # create parameters before the loop

        def body(running_total, item):
            risk = nn.sigmoid(risk_head(nn.relu(encode(item))))[0]
            return running_total + risk * item[0], risk

        exposure, line_risk = jax.lax.scan(body, jnp.float32(0.0), line_items)
        self.sow("intermediates", "line_risk", line_risk)
        return exposure


class TriageService:
    def __init__(self, scorer, variables, threshold=0.6):
        self.scorer = scorer
        self.variables = variables
        self.threshold = threshold

    def triage(self, line_items):
        exposure, state = self.scorer.apply(self.variables, line_items, mutable=["intermediates"])
        risks = state["intermediates"]["line_risk"]
        flagged = sum((r > self.threshold).astype(jnp.int32).sum() for r in risks)
        return {"exposure": exposure, "flagged_lines": flagged}


def main():
    claim = jax.random.uniform(jax.random.key(0), (6, 5))  # amount, provider score, code rarity, ...
    scorer = ClaimScorer()
    variables = scorer.init(jax.random.key(1), claim)
    service = TriageService(scorer, {"params": variables["params"]})
    jax.block_until_ready(service.triage(claim))
    return None
