# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "conv_buffer" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 closure in @nn.compact writes the 'cache' collection (streaming conv buffer) inside lax.scan; apply without mutable
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

        def hop(carry, frame):
            window = jnp.concatenate([buf.value[1:], frame[None]], axis=0)
            buf.value = window
            return carry, conv(window.reshape(-1))

        if self.is_initializing():
            conv(jnp.zeros((self.kernel * self.feat,)))
        _, feats = scan(hop, None, frames)
        return feats.mean(0)


def main():
    enc = StreamingEncoder()
    frames = jnp.ones((10, 8))
    variables = enc.init(jax.random.key(0), frames)
    logits = enc.apply(variables, frames)
    logits.block_until_ready()
    return None
