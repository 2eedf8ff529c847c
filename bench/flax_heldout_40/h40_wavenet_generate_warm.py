# label: ok
# flax-error: none
# class: 1 layers built in @nn.compact are called once on the prime window before the closure handed to jax.lax.scan, so init creates their params outside the loop
"""Sample-by-sample generation of mu-law audio with a tiny WaveNet-style stack.

The generation loop lives inside the model; the layers are built on the prime window first.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class GatedBlock(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, window):
        flat = window.reshape(window.shape[0], -1)
        filt = nn.Dense(self.channels, name="filter")(flat)
        gate = nn.Dense(self.channels, name="gate")(flat)
        return jnp.tanh(filt) * nn.sigmoid(gate)


class TinyWaveNet(nn.Module):
    channels: int = 16
    receptive_field: int = 8
    n_classes: int = 32

    @nn.compact
    def __call__(self, prime, num_samples: int):
        embed = nn.Embed(self.n_classes, self.channels)
        block = GatedBlock(self.channels)
        head = nn.Dense(self.n_classes)
        if self.is_initializing():
            # create every parameter outside the loop body
            head(block(embed(prime)))

        def step(window, _):
            logits = head(block(embed(window)))
            nxt = jnp.argmax(logits, axis=-1).astype(window.dtype)
            window = jnp.concatenate([window[:, 1:], nxt[:, None]], axis=1)
            return window, nxt

        _, samples = jax.lax.scan(step, prime, None, length=num_samples)
        return samples.T


def main():
    model = TinyWaveNet()
    prime = jnp.full((2, model.receptive_field), model.n_classes // 2, jnp.int32)
    variables = model.init(jax.random.key(0), prime, 4)
    audio = model.apply(variables, prime, 32)
    jax.block_until_ready(audio)
    return None
