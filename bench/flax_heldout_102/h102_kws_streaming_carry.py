# label: ok
# flax-error: none
# class: 1 KeywordSpotter.__call__ runs the scan over audio frames itself, the 'stream' buffer goes through the carry and is written back after the loop
"""On-device keyword spotting: a streaming causal conv over log-mel frames, a GRU-free pooled head."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

N_MELS = 8
KERNEL = 3
N_KEYWORDS = 4


class StreamingConv(nn.Module):
    """Causal conv over [previous KERNEL-1 frames, new frame]; returns the shifted buffer."""
    features: int

    @nn.compact
    def __call__(self, buffer, frame):
        window = jnp.concatenate([buffer, frame[None]], axis=0)
        w = self.param("kernel", nn.initializers.lecun_normal(), (KERNEL * frame.shape[-1], self.features))
        return window[1:], nn.relu(window.reshape(-1) @ w)


class KeywordSpotter(nn.Module):
    features: int = 12

    def setup(self):
        self.conv = StreamingConv(self.features)
        self.head = nn.Dense(N_KEYWORDS)
        self.buf = self.variable("stream", "buffer", jnp.zeros, (KERNEL - 1, N_MELS))

    def __call__(self, frames):
        buf = self.buf
        if self.is_initializing():
            self.head(self.conv(buf.value, frames[0])[1])

        def body(carry, frame):
            buffer, pooled = carry
            buffer, h = self.conv(buffer, frame)
            return (buffer, jnp.maximum(pooled, h)), None

        (buffer, pooled), _ = lax.scan(body, (buf.value, jnp.zeros((self.features,))), frames)
        buf.value = buffer
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
