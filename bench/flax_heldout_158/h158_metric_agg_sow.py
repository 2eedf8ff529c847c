# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TranscriptScorer.__call__ runs jax.lax.scan itself and calls self.sow('intermediates', ...) inside the scan body; the MetricAggregator reduces what was sown
"""Metric aggregator for a call-centre transcription model.

The scorer walks the token posteriors left to right, tracking a decayed confidence, and sows
per-token entropy so the monitoring side can pick it up without a second forward pass. The
aggregator applies the model with the intermediates collection mutable and keeps running means
across batches.
"""
from collections import defaultdict

import flax.linen as nn
import jax
import jax.numpy as jnp


class TranscriptScorer(nn.Module):
    vocab: int = 11
    decay: float = 0.8

    @nn.compact
    def __call__(self, frames):
        logits = nn.Dense(self.vocab)(frames)
        log_probs = jax.nn.log_softmax(logits)

        def step(confidence, lp):
            entropy = -jnp.sum(jnp.exp(lp) * lp, axis=-1)
            self.sow("intermediates", "token_entropy", entropy)
            confidence = self.decay * confidence + (1 - self.decay) * jnp.max(lp, axis=-1)
            return confidence, confidence

        init = jnp.zeros(frames.shape[0])
        _, trace = jax.lax.scan(step, init, jnp.swapaxes(log_probs, 0, 1))
        return trace.T


class MetricAggregator:
    def __init__(self, model, params):
        self.model, self.params = model, params
        self.sums = defaultdict(lambda: jnp.zeros(()))
        self.counts = defaultdict(int)

    def observe(self, frames):
        trace, state = self.model.apply({"params": self.params}, frames, mutable=["intermediates"])
        for name, values in state["intermediates"].items():
            stacked = jnp.stack(values)
            self.sums[name] = self.sums[name] + stacked.sum()
            self.counts[name] += stacked.size
        return trace

    def summary(self):
        return {name: self.sums[name] / self.counts[name] for name in self.sums}


def main():
    frames = jax.random.normal(jax.random.key(0), (3, 2, 9, 6))
    model = TranscriptScorer()
    params = model.init(jax.random.key(1), frames[0])["params"]
    aggregator = MetricAggregator(model, params)
    for batch in frames:
        aggregator.observe(batch)
    jax.block_until_ready(aggregator.summary())
    return None
