# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 LoomDefectScanner.__call__ owns the scan; the setup-defined head is first called (and so initialized) inside the scan body
"""Textile loom defect detection over a strip of fabric images.

The scanner encodes each row of the fabric strip and scans along the strip with a recurrent
state; the defect head is defined in setup and used per row inside the scan.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class LoomDefectScanner(nn.Module):
    hidden: int = 8

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.mix = nn.Dense(self.hidden)
        self.head = nn.Dense(2)

    def encode(self, strip):
        return nn.relu(self.encoder(strip))

    def __call__(self, strip):
        rows = self.encode(strip)
        state0 = jnp.zeros(rows.shape[1:])

        def along_strip(state, row):
            state = jnp.tanh(row + 0.5 * state)
            logits = self.head(self.mix(state))
            return state, nn.log_softmax(logits)

        _, per_row = lax.scan(along_strip, state0, rows)
        return per_row


def fabric_strip(rows=12, lanes=4, pixels=6):
    x = jnp.arange(rows * lanes * pixels, dtype=jnp.float32).reshape(rows, lanes, pixels)
    return jnp.sin(x / 7.0)


def main():
    strip = fabric_strip()
    model = LoomDefectScanner()
    variables = model.init(jax.random.key(0), strip)
    per_row = model.apply(variables, strip)
    jax.block_until_ready(per_row)
    return None
