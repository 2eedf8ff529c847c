# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 QAT calibrator object walks the NNX model's layers; the fori_loop body records per-layer activation ranges in a dict on the calibrator
"""Quantisation-aware training: calibrate activation scales of an NNX MLP before fake-quant."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, sizes, rngs):
        self.layers = nnx.List(
            [nnx.Linear(a, b, rngs=rngs) for a, b in zip(sizes[:-1], sizes[1:])]
        )

    def __call__(self, x):
        for layer in self.layers:
            x = nnx.relu(layer(x))
        return x


class QATCalibrator:
    def __init__(self, model, bits=8):
        self.model = model
        self.bits = bits
        self.act_max = {}

    def observe(self, x):
        for idx, layer in enumerate(self.model.layers):
            x = nnx.relu(layer(x))
            prev = self.act_max.get(idx, jnp.zeros(()))
            self.act_max[idx] = jnp.maximum(prev, jnp.abs(x).max())
        return x

    def calibrate(self, batches):
        def body(i, carry):
            self.observe(batches[i])
            return carry + 1

        lax.fori_loop(0, batches.shape[0], body, 0)
        return {idx: m / (2 ** (self.bits - 1) - 1) for idx, m in self.act_max.items()}


def main():
    model = MLP((8, 16, 4), nnx.Rngs(0))
    batches = jax.random.normal(jax.random.PRNGKey(1), (5, 3, 8))
    QATCalibrator(model).calibrate(batches)
    return None
