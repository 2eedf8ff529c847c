# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 inference service reads an NNX recurrent cell from a model dict in the scan body and writes the hidden state into a per-session cache dict on itself
"""A streaming inference service: sessions feed token chunks; the service runs an NNX GRU cell
over each chunk with a raw lax.scan and keeps the last hidden state per session."""
import jax
import jax.numpy as jnp
from flax import nnx


class InferenceService:
    def __init__(self, models):
        self.models = models  # name -> nnx module, built at start-up
        self.cache = {}

    def process(self, session, model_name, chunk):
        cell = self.models[model_name]
        h0 = self.cache.get(session, jnp.zeros((chunk.shape[1], cell.hidden_features)))

        def step(h, x):
            h, y = cell(h, x)
            self.cache[session] = h
            return h, y

        jax.lax.scan(step, h0, chunk)
        return None


def main():
    models = {name: nnx.GRUCell(3, 6, rngs=nnx.Rngs(i)) for i, name in enumerate(["small", "large"])}
    service = InferenceService(models)
    service.process("user-1", "small", jnp.ones((4, 2, 3)))
    service.process("user-1", "small", jnp.ones((4, 2, 3)))
    return None
