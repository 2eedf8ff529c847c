# label: ok
# flax-error: none
# class: 5 attention maps leave the raw scan as its stacked ys and are sown once after the loop
"""Show, attend and tell with jax.lax.scan; the attention maps are returned as the scan's outputs
and sown after the loop, as suggested in the issue thread."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

REGIONS, FEAT, HID, STEPS = 9, 12, 16, 5


class AttendDecoder(nn.Module):
    @nn.compact
    def __call__(self, regions):
        query = nn.Dense(HID, name="query")
        keys = nn.Dense(HID, name="keys")(regions)
        cell = nn.GRUCell(HID, name="gru")
        h0 = jnp.mean(keys, axis=1)
        if self.is_initializing():
            cell(h0, regions[:, 0])
            query(h0)

        def step(h, _):
            scores = jnp.einsum("bd,brd->br", query(h), keys)
            alpha = jax.nn.softmax(scores, axis=-1)
            context = jnp.einsum("br,brf->bf", alpha, regions)
            h, _ = cell(h, context)
            return h, (h, alpha)

        _, (hs, alphas) = scan(step, h0, None, length=STEPS)
        self.sow("intermediates", "alpha", alphas)
        return hs


def main():
    regions = jax.random.normal(jax.random.key(0), (2, REGIONS, FEAT))
    model = AttendDecoder()
    variables = model.init(jax.random.key(1), regions)
    hs, state = model.apply({"params": variables["params"]}, regions, mutable=["intermediates"])
    alphas = state["intermediates"]["alpha"]
    heatmap = jnp.mean(jnp.stack(alphas), axis=0)
    heatmap.block_until_ready()
    return None
