# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 BatchNorm submodule reached through self inside a lax.scan over time steps; its batch_stats are written under the scan trace
"""Temporal conv net that normalizes every frame with the same BatchNorm,
iterating over frames with lax.scan instead of a Python loop.
The updated batch_stats are fed into the next training step."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class FrameEncoder(nn.Module):
    features: int = 8

    def setup(self):
        self.proj = nn.Dense(self.features)
        self.norm = nn.BatchNorm(use_running_average=False, momentum=0.9)

    def __call__(self, frames):
        h0 = self.norm(self.proj(frames[0]))  # make sure everything is initialized

        def per_frame(h, frame):
            h = nn.relu(self.norm(self.proj(frame)) + h)
            return h, h

        _, hs = scan(per_frame, h0, frames)
        return hs


def main():
    model = FrameEncoder()
    frames = jax.random.normal(jax.random.key(0), (6, 4, 3))
    variables = model.init(jax.random.key(1), frames)
    params, stats = variables["params"], variables["batch_stats"]
    for _ in range(2):
        _, mutated = model.apply({"params": params, "batch_stats": stats}, frames,
                                 mutable=["batch_stats"])
        stats = mutated["batch_stats"]
    jax.block_until_ready(stats)
    return None
