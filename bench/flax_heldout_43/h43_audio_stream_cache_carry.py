# label: ok
# flax-error: none
# class: 2 closure in @nn.compact carries the conv buffer through lax.scan; the 'cache' variable is written after the loop only when mutable
"""Streaming causal-conv audio encoder for keyword spotting, processing one hop of audio at a time."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class StreamingEncoder(nn.Module):
    kernel: int = 4
    feat: int = 8

    @nn.compact
    def __call__(self, frames):  # frames: [T, feat]
        buf = self.variable("cache", "conv_buffer", jnp.zeros, (self.kernel, self.feat))
        conv = nn.Dense(self.feat, name="depthwise")

        def hop(window, frame):
            window = jnp.concatenate([window[1:], frame[None]], axis=0)
            return window, conv(window.reshape(-1))

        if self.is_initializing():
            conv(jnp.zeros((self.kernel * self.feat,)))
        window, feats = scan(hop, buf.value, frames)
        if self.is_mutable_collection("cache"):
            buf.value = window
        return feats.mean(0)


def main():
    enc = StreamingEncoder()
    frames = jnp.ones((10, 8))
    variables = enc.init(jax.random.key(0), frames)
    logits = enc.apply(variables, frames)
    logits.block_until_ready()
    return None
