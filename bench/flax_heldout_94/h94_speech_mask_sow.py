# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.sow of the per-frame mask is called inside a raw jax.lax.scan over STFT frames
"""Speech enhancement with a recurrent mask estimator (GRU over STFT frames). The masks are
sown into 'intermediates' from inside the scan body to plot them after apply."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class MaskNet(nn.Module):
    hidden: int = 8
    bins: int = 5

    def setup(self):
        self.gru = nn.GRUCell(features=self.hidden)
        self.to_mask = nn.Dense(self.bins)

    def __call__(self, spec):  # spec: (frames, batch, bins) magnitudes
        h = jnp.zeros((spec.shape[1], self.hidden))
        if self.is_initializing():
            h, _ = self.gru(h, spec[0])
            self.to_mask(h)

        def frame(h, mag):
            h, _ = self.gru(h, mag)
            mask = nn.sigmoid(self.to_mask(h))
            self.sow("intermediates", "mask", mask)
            return h, mag * mask

        _, enhanced = scan(frame, h, spec)
        return enhanced


def main():
    model = MaskNet()
    spec = jnp.abs(jax.random.normal(jax.random.PRNGKey(3), (6, 2, 5)))
    variables = model.init(jax.random.PRNGKey(0), spec)
    enhanced, state = model.apply(variables, spec, mutable=["intermediates"])
    masks = jnp.stack(state["intermediates"]["mask"])
    print(masks.mean())
