# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TransactionEncoder.__call__ owns its recurrent Dense cell and runs jax.lax.scan over the transaction sequence, calling the cell inside the body
import jax
import jax.numpy as jnp
from flax import linen as nn


class FeaturePipeline:
    """Turns raw card transactions into model features."""

    def __init__(self, amount_scale=250.0):
        self.amount_scale = amount_scale

    def transform(self, amounts, merchant_risk, hours):
        log_amount = jnp.log1p(amounts / self.amount_scale)
        night = ((hours < 6) | (hours > 22)).astype(jnp.float32)
        return jnp.stack([log_amount, merchant_risk, night], axis=-1)


class TransactionEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, features):
        # features: [time, batch, 3]
        cell = nn.Dense(self.hidden, name="recurrent")
        embed = nn.Dense(self.hidden, name="embed")
        h0 = jnp.zeros((features.shape[1], self.hidden))

        def step(h, x):
            h = jnp.tanh(cell(h) + embed(x))
            return h, h

        h_last, _ = jax.lax.scan(step, h0, features)
        return nn.Dense(1, name="fraud_logit")(h_last)[:, 0]


class FraudModel:
    """Thin wrapper holding the encoder and its variables."""

    def __init__(self, hidden, seed):
        self.encoder = TransactionEncoder(hidden=hidden)
        self.seed = seed
        self.variables = None

    def fit_shapes(self, features):
        self.variables = self.encoder.init(jax.random.key(self.seed), features)

    def logits(self, features):
        return self.encoder.apply(self.variables, features)


class ScoringService:
    def __init__(self, pipeline, model, threshold=0.7):
        self.pipeline = pipeline
        self.model = model
        self.threshold = threshold

    def warm_up(self, batch):
        self.model.fit_shapes(self.pipeline.transform(*batch))

    def score(self, batch):
        probs = jax.nn.sigmoid(self.model.logits(self.pipeline.transform(*batch)))
        return probs, probs > self.threshold


def make_batch(steps=5, cards=4):
    amounts = jnp.linspace(5.0, 900.0, steps * cards).reshape(steps, cards)
    merchant_risk = jnp.tile(jnp.array([0.1, 0.4, 0.05, 0.9]), (steps, 1))
    hours = jnp.arange(steps * cards).reshape(steps, cards) % 24
    return amounts, merchant_risk, hours


def main():
    service = ScoringService(FeaturePipeline(), FraudModel(hidden=8, seed=0))
    batch = make_batch()
    service.warm_up(batch)
    probs, flagged = service.score(batch)
    jax.block_until_ready((probs, flagged))
    return None
