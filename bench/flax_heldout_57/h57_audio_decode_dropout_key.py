# label: same-values
# flax-error: none
# class: 3 the dropout key passed to apply inside the raw scan body is closed over, not split per step
"""'All my dropout masks are the same': MC-dropout autoregressive decoding of an audio frame
sequence. apply(..., rngs={'dropout': key}) runs inside a raw scan body with a key from the
enclosing function; the program returns the dropout mask of every step."""
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
    dropout_key = jax.random.PRNGKey(42)

    def decode_step(frame, _):
        nxt, mask = model.apply({"params": params}, frame, deterministic=False, rngs={"dropout": dropout_key})
        return nxt, mask

    _, masks = lax.scan(decode_step, first, None, length=8)
    return masks
