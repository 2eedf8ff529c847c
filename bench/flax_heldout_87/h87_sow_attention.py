# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,9] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.sow('intermediates', ...) is called inside the raw scan body and the sown tracer is read after apply
"""Show, attend and tell: an attention decoder over image regions, stepping with jax.lax.scan, sows
each step's attention map so the notebook can plot where the model looked."""
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
            self.sow("intermediates", "alpha", alpha)
            context = jnp.einsum("br,brf->bf", alpha, regions)
            h, _ = cell(h, context)
            return h, h

        _, hs = scan(step, h0, None, length=STEPS)
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
