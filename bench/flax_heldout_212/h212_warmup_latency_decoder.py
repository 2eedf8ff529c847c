# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 LatencyDecoder.__call__ runs the scan and its recurrent cell is first called inside the body, so init creates the cell's params there
"""A serving process warms its model up on a sample batch before it accepts traffic: it
initialises the latency forecaster from the sample and runs it once to compile the path."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class LatencyDecoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, request_history):
        cell = nn.Dense(self.hidden, name="cell")
        readout = nn.Dense(1, name="readout")

        def step(h, features):
            h = jnp.tanh(cell(jnp.concatenate([h, features], -1)))
            return h, readout(h)[..., 0]

        h0 = jnp.zeros(request_history.shape[1:-1] + (self.hidden,))
        _, forecast = lax.scan(step, h0, request_history)
        return forecast


@dataclasses.dataclass
class WarmupServer:
    model: nn.Module
    sample_batch: jax.Array
    variables: dict | None = None
    ready: bool = False

    def warm_up(self, seed: int = 0):
        self.variables = self.model.init(jax.random.key(seed), self.sample_batch)
        forecast = self.model.apply(self.variables, self.sample_batch)
        self.ready = bool(jnp.isfinite(forecast).all())

    def serve(self, history):
        assert self.ready
        return self.model.apply(self.variables, history)


def main():
    sample = jnp.ones((6, 2, 3))
    server = WarmupServer(LatencyDecoder(), sample)
    server.warm_up()
    server.serve(jax.random.normal(jax.random.key(3), (6, 2, 3)))
    return None
