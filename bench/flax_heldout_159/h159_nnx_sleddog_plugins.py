# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a factory looks up a plugin class in a decorator registry and builds it around the NNX gait model, whose training-mode BatchNorm runs in the plugin's scan body
"""Sled dog team telemetry: analysis plugins over harness accelerometer strides."""
import jax
import jax.numpy as jnp
from flax import nnx

_ANALYSERS = {}


def analyser(name):
    def register(cls):
        _ANALYSERS[name] = cls
        return cls
    return register


class GaitEncoder(nnx.Module):
    def __init__(self, channels, rngs: nnx.Rngs):
        self.proj = nnx.Linear(channels, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, rngs=rngs)
        self.score = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, stride):
        return self.score(nnx.relu(self.norm(self.proj(stride)))).squeeze(-1)


@analyser("fatigue")
class FatigueAnalyser:
    def __init__(self, model, threshold=0.5):
        self.model = model
        self.threshold = threshold

    def process(self, strides):
        def on_stride(tired, stride):
            score = self.model(stride)
            return tired + (score > self.threshold).astype(jnp.int32), score

        return jax.lax.scan(on_stride, jnp.zeros(strides.shape[1], jnp.int32), strides)


@analyser("cadence")
class CadenceAnalyser:
    def __init__(self, model, threshold=0.5):
        self.threshold = threshold

    def process(self, strides):
        return jnp.zeros(strides.shape[1]), jnp.abs(strides).mean(axis=(0, 2))


def build_analyser(name, model, **options):
    return _ANALYSERS[name](model, **options)


def main():
    model = GaitEncoder(channels=6, rngs=nnx.Rngs(0))
    strides = jax.random.normal(jax.random.key(2), (7, 5, 6))
    reports = {name: build_analyser(name, model).process(strides) for name in ("cadence", "fatigue")}
    jax.block_until_ready(reports)
    return None
