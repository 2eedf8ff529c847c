# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 KeywordSpotter.__call__ runs the scan over audio frames itself and its StreamingConv submodule writes the 'stream' buffer variable in the body
"""On-device keyword spotting: a streaming causal conv over log-mel frames, a GRU-free pooled head."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

N_MELS = 8
KERNEL = 3
N_KEYWORDS = 4


class StreamingConv(nn.Module):
    """Causal conv that keeps the last KERNEL-1 frames between calls (one frame per call)."""
    features: int

    @nn.compact
    def __call__(self, frame):
        buf = self.variable("stream", "buffer", jnp.zeros, (KERNEL - 1, frame.shape[-1]))
        window = jnp.concatenate([buf.value, frame[None]], axis=0)
        buf.value = window[1:]
        w = self.param("kernel", nn.initializers.lecun_normal(), (KERNEL * frame.shape[-1], self.features))
        return nn.relu(window.reshape(-1) @ w)


class KeywordSpotter(nn.Module):
    features: int = 12

    def setup(self):
        self.conv = StreamingConv(self.features)
        self.head = nn.Dense(N_KEYWORDS)

    def __call__(self, frames):
        if self.is_initializing():
            self.head(self.conv(frames[0]))

        def body(pooled, frame):
            h = self.conv(frame)
            return jnp.maximum(pooled, h), None

        pooled, _ = lax.scan(body, jnp.zeros((self.features,)), frames)
        return self.head(pooled)


class DeviceRuntime:
    """What the firmware bridge calls for every 40 ms audio chunk."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.stream = variables["stream"]

    def on_chunk(self, frames):
        logits, mutated = self.model.apply(
            {"params": self.params, "stream": self.stream}, frames, mutable=["stream"])
        self.stream = mutated["stream"]
        return jnp.argmax(logits)


def main():
    model = KeywordSpotter()
    frames = jax.random.normal(jax.random.key(1), (10, N_MELS))
    variables = model.init(jax.random.key(0), frames)
    runtime = DeviceRuntime(model, variables)
    for chunk in jnp.split(frames, 2):
        runtime.on_chunk(chunk)
    return None
