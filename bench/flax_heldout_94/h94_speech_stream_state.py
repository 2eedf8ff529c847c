# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "noise_floor" in "/" because collection "state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the streaming model's variables, 'state' included, are closed over by a jax.lax.scan over frames; apply has no mutable=
"""Streaming speech enhancement: a causal mask model keeps a running noise-floor estimate in a
'state' collection, and inference walks the frames with jax.lax.scan calling apply once per
frame."""
import jax
import jax.numpy as jnp
from flax import linen as nn

scan = jax.lax.scan


class StreamingMask(nn.Module):
    bins: int = 5
    decay: float = 0.9

    @nn.compact
    def __call__(self, mag):  # one frame: (batch, bins)
        floor = self.variable("state", "noise_floor", lambda: jnp.zeros(mag.shape))
        floor.value = self.decay * floor.value + (1 - self.decay) * jnp.minimum(mag, floor.value + 1.0)
        snr = mag / (floor.value + 1e-3)
        return mag * nn.sigmoid(nn.Dense(self.bins)(jnp.log1p(snr)))


def main():
    model = StreamingMask()
    frames = jnp.abs(jax.random.normal(jax.random.PRNGKey(2), (6, 2, 5)))
    variables = model.init(jax.random.PRNGKey(0), frames[0])

    def frame_step(_, mag):
        return None, model.apply(variables, mag)

    _, enhanced = scan(frame_step, None, frames)
    print(enhanced.shape)
