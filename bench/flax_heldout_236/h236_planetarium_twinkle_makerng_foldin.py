# label: ok
# flax-error: none
# class: 1 the twinkle layer's own render_frames method draws its 'twinkle' key before the scan and folds in the frame index inside the body
"""Planetarium star twinkle: per-frame scintillation noise over a fixed star catalogue."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TwinkleLayer(nn.Module):
    stars: int
    amplitude: float = 0.15

    @nn.compact
    def render_frames(self, catalogue, frames: int):
        brightness = nn.Dense(self.stars, name="magnitude")(catalogue)
        show_key = self.make_rng("twinkle")

        def frame(carry, index):
            key = jax.random.fold_in(show_key, index)
            jitter = self.amplitude * jax.random.normal(key, brightness.shape)
            return carry, brightness * (1.0 + jitter)

        _, sequence = lax.scan(frame, None, jnp.arange(frames))
        return sequence


class ShowPlayer:
    def __init__(self, stars: int = 6, seed: int = 0):
        self.layer = TwinkleLayer(stars)
        self.seed = seed
        self.variables = None

    def load(self, catalogue):
        rngs = {"params": jax.random.key(self.seed), "twinkle": jax.random.key(self.seed + 1)}
        self.variables = self.layer.init(rngs, catalogue, 2, method=TwinkleLayer.render_frames)

    def play(self, catalogue, frames: int, show_seed: int):
        return self.layer.apply(
            self.variables, catalogue, frames,
            method=TwinkleLayer.render_frames, rngs={"twinkle": jax.random.key(show_seed)},
        )


def main():
    catalogue = jnp.array([[1.2, -0.4, 0.3], [0.5, 0.9, -1.1]])
    player = ShowPlayer()
    player.load(catalogue)
    return player.play(catalogue, frames=5, show_seed=42)
