# label: ok
# flax-error: none
# class: 2 the per-frame mask leaves the raw jax.lax.scan as ys and is sown once after the loop
"""Same mask estimator; the masks are returned from the scan body as ys and sown after the loop,
outside the trace."""
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
            return h, (mag * mask, mask)

        _, (enhanced, masks) = scan(frame, h, spec)
        self.sow("intermediates", "mask", masks)
        return enhanced


def main():
    model = MaskNet()
    spec = jnp.abs(jax.random.normal(jax.random.PRNGKey(3), (6, 2, 5)))
    variables = model.init(jax.random.PRNGKey(0), spec)
    enhanced, state = model.apply(variables, spec, mutable=["intermediates"])
    masks = jnp.stack(state["intermediates"]["mask"])
    print(masks.mean())
