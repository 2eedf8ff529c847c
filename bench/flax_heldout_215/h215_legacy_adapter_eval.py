# label: ok
# flax-error: none
# class: 4 StreamScorer.score_stream -> self.adapter.predict -> model.bind(variables) kept on LegacyPredictorAdapter, switched to inference before the scan
"""Adapter that serves a Flax model behind the legacy water-meter anomaly API.

The old service exposed `predict(batch)` and a `mode` flag ("training"/"inference"); the adapter
translates those calls onto a bound Flax module. The scorer puts the adapter in inference mode
before scanning over meter batches, so the running statistics are only read.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class MeterAnomalyNet(nn.Module):
    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(12)(readings)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0]


class LegacyPredictorAdapter:
    """Implements the legacy `predict`/`set_mode` API on top of a Flax module."""

    _MODES = {"training": True, "inference": False}

    def __init__(self, model, variables, mode="training"):
        self._module = model.bind(variables)
        self._train = self._MODES[mode]

    def set_mode(self, mode):
        self._train = self._MODES[mode]

    def predict(self, batch):
        return self._module(batch["readings"], train=self._train)


class StreamScorer:
    def __init__(self, adapter, threshold=0.5):
        self.adapter = adapter
        self.threshold = threshold

    def score_stream(self, readings):
        self.adapter.set_mode("inference")

        def score(alerts, chunk):
            prob = self.adapter.predict({"readings": chunk})
            return alerts + (prob > self.threshold).sum(), prob

        return lax.scan(score, jnp.zeros((), jnp.int32), readings)


def main():
    readings = jnp.cos(jnp.arange(8 * 5 * 4, dtype=jnp.float32)).reshape(8, 5, 4)
    model = MeterAnomalyNet()
    variables = model.init(jax.random.key(0), readings[0], train=False)
    scorer = StreamScorer(LegacyPredictorAdapter(model, variables))
    alerts, probs = scorer.score_stream(readings)
    jax.block_until_ready((alerts, probs))
    return None
