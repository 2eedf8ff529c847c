# label: ok
# flax-error: none
# class: 3 the 'state' collection is the jax.lax.scan carry; apply in the body runs with mutable=['state']
"""Same streaming enhancer; the 'state' collection is carried through the scan, each frame's
apply runs with mutable=['state'] and returns the new state."""
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
    params = variables["params"]

    def frame_step(state, mag):
        out, updates = model.apply({"params": params, **state}, mag, mutable=["state"])
        return updates, out

    state, enhanced = scan(frame_step, {"state": variables["state"]}, frames)
    print(enhanced.shape, state["state"]["noise_floor"].mean())
