# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the recurrent detector's own __call__ runs jax.lax.scan and calls self.sow('intermediates', ...) inside the body
"""Pipeline leak detection: a recurrent detector built from a YAML-like nested config
reads pressure/flow telemetry along a pipeline segment; a probe report reads the hidden
states it sowed."""
import jax
import jax.numpy as jnp
import flax.linen as nn

CONFIG = {
    "detector": {"kind": "recurrent", "features": 12, "sensors": 3},
    "report": {"collection": "intermediates", "name": "hidden"},
}

MODEL_KINDS = {}


def model_kind(name):
    def register(cls):
        MODEL_KINDS[name] = cls
        return cls
    return register


@model_kind("recurrent")
class LeakDetector(nn.Module):
    features: int
    sensors: int

    @nn.compact
    def __call__(self, telemetry):
        cell = nn.Dense(self.features, name="cell")
        readout = nn.Dense(1, name="readout")
        h = jnp.tanh(cell(jnp.concatenate([jnp.zeros(self.features), telemetry[0]])))
        first = readout(h)

        def tick(h, reading):
            h = jnp.tanh(cell(jnp.concatenate([h, reading])))
            self.sow("intermediates", "hidden", h)
            return h, readout(h)[0]

        _, scores = jax.lax.scan(tick, h, telemetry[1:])
        return jax.nn.sigmoid(jnp.concatenate([first, scores]))


def build(section):
    section = dict(section)
    return MODEL_KINDS[section.pop("kind")](**section)


class ProbeReport:
    def __init__(self, cfg):
        self.collection = cfg["collection"]
        self.name = cfg["name"]

    def hidden_energy(self, state):
        hs = state[self.collection][self.name]
        return jnp.mean(jnp.stack(hs) ** 2)


def main():
    detector = build(CONFIG["detector"])
    telemetry = jax.random.normal(jax.random.key(8), (20, CONFIG["detector"]["sensors"]))
    variables = detector.init(jax.random.key(9), telemetry)
    scores, state = detector.apply({"params": variables["params"]}, telemetry, mutable=["intermediates"])
    energy = ProbeReport(CONFIG["report"]).hidden_energy(state)
    assert scores.shape == (20,) and energy.shape == ()
    return None
