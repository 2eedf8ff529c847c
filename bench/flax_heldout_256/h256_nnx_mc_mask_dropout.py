# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the enhancer's own uncertainty method runs the scan and its dropout draws from the enhancer's Rngs inside the body
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
        repeated = jnp.broadcast_to(h, (n_draws,) + h.shape)

        def draw(_, features):
            return None, jax.nn.sigmoid(self.out(self.drop(features, rngs=self.rngs)))

        _, masks = scan(draw, None, repeated)
        return masks


def log_magnitude_frame():
    return jnp.log1p(jnp.abs(jnp.cos(jnp.arange(N_BINS, dtype=jnp.float32))))


def main():
    estimator = MaskEstimator(N_BINS, 16, 0.25, rngs=nnx.Rngs(params=0, dropout=1))
    return estimator.uncertainty(log_magnitude_frame(), n_draws=4)
