# label: ok
# flax-error: none
# class: 1 the enhancer's own uncertainty method runs the scan; dropout keys are split from its Rngs before the loop and scanned as xs
"""Monte-Carlo dropout uncertainty of a speech-enhancement mask for a single spectral frame."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

N_BINS = 8


class MaskEstimator(nnx.Module):
    def __init__(self, n_bins: int, hidden: int, rate: float, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_bins, hidden, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.out = nnx.Linear(hidden, n_bins, rngs=rngs)
        self.rngs = rngs

    def __call__(self, frame):
        return jax.nn.sigmoid(self.out(self.drop(jax.nn.relu(self.hidden(frame)))))

    def uncertainty(self, frame, n_draws: int):
        h = jax.nn.relu(self.hidden(frame))
        keys = jax.random.split(self.rngs.dropout(), n_draws)

        def draw(_, key):
            return None, jax.nn.sigmoid(self.out(self.drop(h, rngs=key)))

        _, masks = scan(draw, None, keys)
        return masks


def log_magnitude_frame():
    return jnp.log1p(jnp.abs(jnp.cos(jnp.arange(N_BINS, dtype=jnp.float32))))


def main():
    estimator = MaskEstimator(N_BINS, 16, 0.25, rngs=nnx.Rngs(params=0, dropout=1))
    return estimator.uncertainty(log_magnitude_frame(), n_draws=4)
