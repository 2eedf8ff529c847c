# label: ok
# flax-error: none
# class: 4 the ScoringSession of a StreamProcessor keeps model and params; the running stats go through the scan carry and come back from apply(..., mutable=["stats"])
"""Credit-card fraud: streaming scorer over micro-batches of card transactions.

The normalizer keeps running feature statistics so the scorer adapts to merchant drift;
after a window the processor reports how far the feature means have drifted.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class StreamingNormalizer(nn.Module):
    momentum: float = 0.9

    @nn.compact
    def __call__(self, x):
        mean = self.variable("stats", "mean", lambda: jnp.zeros(x.shape[-1]))
        var = self.variable("stats", "var", lambda: jnp.ones(x.shape[-1]))
        if not self.is_initializing():
            m = self.momentum
            mean.value = m * mean.value + (1.0 - m) * x.mean(0)
            var.value = m * var.value + (1.0 - m) * x.var(0)
        return (x - mean.value) / jnp.sqrt(var.value + 1e-5)


class FraudScorer(nn.Module):
    @nn.compact
    def __call__(self, txns):
        z = StreamingNormalizer(name="norm")(txns)
        h = nn.tanh(nn.Dense(8, name="hidden")(z))
        return nn.sigmoid(nn.Dense(1, name="logit")(h))[..., 0]


class ScoringSession:
    def __init__(self, model: nn.Module, variables):
        self.model = model
        self.params = variables["params"]
        self.stats = variables["stats"]

    def score(self, stats, batch):
        p, updated = self.model.apply({"params": self.params, "stats": stats}, batch, mutable=["stats"])
        return p, updated["stats"]

    def drift(self):
        return jnp.abs(self.stats["norm"]["mean"]).max()


class StreamProcessor:
    def __init__(self, session: ScoringSession, threshold: float = 0.8):
        self.session = session
        self.threshold = threshold

    def process_window(self, micro_batches):
        def on_batch(carry, batch):
            flagged, stats = carry
            p, stats = self.session.score(stats, batch)
            return (flagged + (p > self.threshold).sum(), stats), p.max()

        init = (jnp.zeros((), jnp.int32), self.session.stats)
        (flagged, stats), peaks = lax.scan(on_batch, init, micro_batches)
        self.session.stats = stats
        return {"flagged": flagged, "peak": peaks.max(), "drift": self.session.drift()}


def main():
    model = FraudScorer()
    stream = jax.random.normal(jax.random.key(0), (5, 16, 6))  # 5 micro-batches x 16 txns x 6 features
    variables = model.init(jax.random.key(1), stream[0])
    processor = StreamProcessor(ScoringSession(model, variables))
    report = processor.process_window(stream)
    jax.block_until_ready(report)
    return None
