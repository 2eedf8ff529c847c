# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TelemetryEncoder.__call__ runs the scan itself; its GRU cell is first called, and so created, inside the body
"""Wind-turbine telemetry encoder: a GRU summarises a 10-minute window of SCADA channels
(rotor speed, pitch, nacelle vibration) into an embedding used by the fault classifier."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

CHANNELS = ("rotor_rpm", "pitch_deg", "vibration_x", "vibration_y", "gen_temp")


class TelemetryEncoder(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, window):
        normalise = nn.LayerNorm(name="normalise")
        cell = nn.GRUCell(features=self.hidden, name="gru")
        carry = jnp.zeros((self.hidden,))

        def step(h, reading):
            h, _ = cell(h, normalise(reading))
            return h, h

        final, _ = lax.scan(step, carry, window)
        return nn.Dense(4, name="fault_logits")(final)


class FaultClassifier:
    def __init__(self, seed: int, window_len: int):
        self.encoder = TelemetryEncoder()
        example = jnp.zeros((window_len, len(CHANNELS)))
        self.variables = self.encoder.init(jax.random.key(seed), example)

    def classify(self, window):
        return jnp.argmax(self.encoder.apply(self.variables, window))


def main():
    window = jax.random.normal(jax.random.key(4), (60, len(CHANNELS)))
    classifier = FaultClassifier(seed=0, window_len=60)
    print("fault class:", int(classifier.classify(window)))
    return None
