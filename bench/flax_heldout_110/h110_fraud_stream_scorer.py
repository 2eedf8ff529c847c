# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a model.bind(variables, mutable=["stats"]) held by the ScoringSession of a StreamProcessor; the scan body calls self.session.score, which updates the running stats inside the bound scope
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
        self.bound = model.bind(variables, mutable=["stats"])

    def score(self, batch):
        return self.bound(batch)

    def drift(self):
        return jnp.abs(self.bound.variables["stats"]["norm"]["mean"]).max()


class StreamProcessor:
    def __init__(self, session: ScoringSession, threshold: float = 0.8):
        self.session = session
        self.threshold = threshold

    def process_window(self, micro_batches):
        def on_batch(flagged, batch):
            p = self.session.score(batch)
            return flagged + (p > self.threshold).sum(), p.max()

        flagged, peaks = lax.scan(on_batch, jnp.zeros((), jnp.int32), micro_batches)
        return {"flagged": flagged, "peak": peaks.max(), "drift": self.session.drift()}


def main():
    model = FraudScorer()
    stream = jax.random.normal(jax.random.key(0), (5, 16, 6))  # 5 micro-batches x 16 txns x 6 features
    variables = model.init(jax.random.key(1), stream[0])
    processor = StreamProcessor(ScoringSession(model, variables))
    report = processor.process_window(stream)
    jax.block_until_ready(report)
    return None
