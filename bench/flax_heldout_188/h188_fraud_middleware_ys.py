# label: ok
# flax-error: none
# class: 4 the scan body calls an AuditMiddleware -> ClipMiddleware -> Predictor chain; the captured "intermediates" leave the loop as scan outputs
"""Card-fraud scoring: the predict call is wrapped in middleware (feature clipping, audit
capture). The audit layer keeps the per-layer activations of the last scored batch for the
model-risk team's report."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FraudScorer(nn.Module):
    @nn.compact
    def __call__(self, transactions):
        h = nn.relu(nn.Dense(16, name="merchant_embed")(transactions))
        h = nn.relu(nn.Dense(8, name="risk_hidden")(h))
        return nn.sigmoid(nn.Dense(1, name="risk_out")(h))[..., 0]


class Predictor:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def __call__(self, batch):
        return self.model.apply(self.variables, batch, capture_intermediates=True,
                                mutable=["intermediates"])


class ClipMiddleware:
    def __init__(self, inner, limit: float):
        self.inner = inner
        self.limit = limit

    def __call__(self, batch):
        return self.inner(jnp.clip(batch, -self.limit, self.limit))


class AuditMiddleware:
    def __init__(self, inner):
        self.inner = inner
        self.last_activations = None

    def __call__(self, batch):
        scores, state = self.inner(batch)
        return scores, state["intermediates"]

    def report(self):
        return jax.tree.map(lambda a: jnp.abs(a).mean(), self.last_activations)


def score_stream(pipeline, batches):
    def step(flagged, batch):
        scores, activations = pipeline(batch)
        return flagged + jnp.sum(scores > 0.5), activations

    flagged, activations = lax.scan(step, jnp.zeros((), jnp.int32), batches)
    pipeline.last_activations = jax.tree.map(lambda a: a[-1], activations)
    return flagged


def main():
    model = FraudScorer()
    batches = jax.random.normal(jax.random.key(11), (5, 8, 7)) * 4.0
    variables = model.init(jax.random.key(0), batches[0])
    audit = AuditMiddleware(ClipMiddleware(Predictor(model, variables), limit=3.0))
    score_stream(audit, batches)
    audit.report()
    return None
