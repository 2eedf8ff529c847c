# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the masker's own __call__ runs the scan and sows each frame's mask into 'intermediates' from the body
"""Frame-recursive spectral masking for speech enhancement, with mask statistics for monitoring."""

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

N_BINS = 8
N_FRAMES = 6


def make_noisy_spectrogram(key, n_frames=N_FRAMES, n_bins=N_BINS):
    k_speech, k_noise = jax.random.split(key)
    speech = jnp.abs(jax.random.normal(k_speech, (n_frames, 2, n_bins)))
    noise = 0.3 * jnp.abs(jax.random.normal(k_noise, (n_frames, 2, n_bins)))
    return speech + noise


class RecursiveMasker(nn.Module):
    n_bins: int
    smoothing: float = 0.7

    @nn.compact
    def __call__(self, frames):
        proj = nn.Dense(self.n_bins, name="mask_proj")
        first_mask = nn.sigmoid(proj(jnp.concatenate([frames[0], jnp.zeros_like(frames[0])], -1)))

        def frame_step(prev_mask, frame):
            mask = nn.sigmoid(proj(jnp.concatenate([frame, prev_mask], -1)))
            self.sow("intermediates", "mask", mask)
            smoothed = self.smoothing * prev_mask + (1.0 - self.smoothing) * mask
            return smoothed, frame * smoothed

        _, enhanced = lax.scan(frame_step, first_mask, frames)
        return enhanced


class MaskMonitor:
    """Summarises how aggressive the masks were over a clip."""

    def summarize(self, intermediates):
        masks = jnp.stack(intermediates["mask"])
        return {"mean_gain": masks.mean(), "floor": masks.min()}


def enhance_clip(model, params, frames):
    enhanced, state = model.apply({"params": params}, frames, mutable=["intermediates"])
    return enhanced, state["intermediates"]


def main():
    frames = make_noisy_spectrogram(jax.random.key(3))
    model = RecursiveMasker(n_bins=N_BINS)
    params = model.init(jax.random.key(0), frames)["params"]
    enhanced, intermediates = enhance_clip(model, params, frames)
    report = MaskMonitor().summarize(intermediates)
    jax.block_until_ready((enhanced, report))
    return None
