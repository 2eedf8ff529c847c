# label: ok
# flax-error: none
# class: 3 the dropout key is split in the carry and a fresh subkey goes to apply at every step
"""The fix: keep the key in the scan carry and split it at every decoding step."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class FrameDecoder(nn.Module):
    frame: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, prev_frame, deterministic: bool):
        h = nn.gelu(nn.Dense(32)(prev_frame))
        keep = nn.Dropout(self.rate, deterministic=deterministic)(jnp.ones_like(h))
        h = h * keep
        return nn.Dense(self.frame)(h), keep


def main():
    model = FrameDecoder()
    first = jnp.zeros((1, 16))
    params = model.init(jax.random.PRNGKey(0), first, deterministic=True)["params"]

    def decode_step(carry, _):
        frame, key = carry
        key, sub = jax.random.split(key)
        nxt, mask = model.apply({"params": params}, frame, deterministic=False, rngs={"dropout": sub})
        return (nxt, key), mask

    _, masks = lax.scan(decode_step, (first, jax.random.PRNGKey(42)), None, length=8)
    return masks
