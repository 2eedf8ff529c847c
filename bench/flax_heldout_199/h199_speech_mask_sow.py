# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[33] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the enhancer's __call__ runs the frame scan and sows each frame's mask into intermediates from the body
"""Frame-by-frame spectral-mask speech enhancement with a recurrent state per utterance."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class FrameEnhancer(nn.Module):
    n_bins: int = 33
    hidden: int = 24

    @nn.compact
    def __call__(self, spec):  # spec: [frames, bins] magnitudes
        cell = nn.GRUCell(features=self.hidden, name="frame_gru")
        mask_head = nn.Dense(self.n_bins, name="mask_head")
        h0 = jnp.zeros((self.hidden,))
        if self.is_initializing():
            h_warm, _ = cell(h0, jnp.log1p(spec[0]))
            mask_head(h_warm)

        def frame(h, mag):
            h, _ = cell(h, jnp.log1p(mag))
            mask = nn.sigmoid(mask_head(h))
            self.sow("intermediates", "mask", mask)
            return h, mask * mag

        _, enhanced = jax.lax.scan(frame, h0, spec)
        return enhanced


class EnhancementJob:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, spec):
        enhanced, state = self.model.apply(self.variables, spec, mutable=["intermediates"])
        masks = state["intermediates"]["mask"]
        suppression = 1.0 - jnp.mean(jnp.stack(masks))
        return enhanced, suppression


def main():
    spec = jnp.abs(jax.random.normal(jax.random.key(0), (20, 33)))
    model = FrameEnhancer()
    variables = model.init(jax.random.key(1), spec)
    job = EnhancementJob(model, {"params": variables["params"]})
    _, suppression = job.run(spec)
    float(suppression)
    return None
