# label: ok
# flax-error: none
# class: 1 the NCA's __call__ runs a raw scan whose body closure returns every intermediate grid as the scan output
"""Neural CA morphogenesis: keep the intermediate grids to render a growth video and compute an overflow loss."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class GrowingCA(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.perceive = nnx.Conv(channels, channels * 3, (3, 3), feature_group_count=channels, rngs=rngs)
        self.update = nnx.Conv(channels * 3, channels, (1, 1), rngs=rngs)

    def __call__(self, x, steps: int):
        def body(x, _):
            x = jnp.clip(x + 0.1 * self.update(nnx.relu(self.perceive(x))), -1.0, 1.0)
            return x, x[..., :4]

        x, frames = lax.scan(body, x, None, length=steps)
        return x, frames


def main():
    ca = GrowingCA(8, nnx.Rngs(0))
    seed = jnp.zeros((1, 8, 8, 8)).at[:, 4, 4, 3:].set(1.0)
    x, frames = ca(seed, steps=6)
    video = jnp.stack(list(frames))
    overflow = jnp.mean(jnp.abs(video - jnp.clip(video, 0.0, 1.0)))
    overflow.block_until_ready()
