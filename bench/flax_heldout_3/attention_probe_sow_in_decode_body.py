# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 self.sow of per-step attention weights inside a raw decode scan, intermediates mutable
"""Shape from interpretability code that sows attention maps ("intermediates") while decoding, as
in the flax `sow` guide, here inside a jax.lax.scan decode loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class AttnDecoder(nn.Module):
    hidden: int = 8

    def setup(self):
        self.query = nn.Dense(self.hidden)
        self.cell = nn.GRUCell(self.hidden)

    def __call__(self, memory, h0, steps: int = 4):
        self.query(h0)
        self.cell(h0, memory[:, 0])

        def step(h, _):
            q = self.query(h)
            w = jax.nn.softmax(jnp.einsum("bd,btd->bt", q, memory), -1)
            self.sow("intermediates", "attn", w)
            ctx = jnp.einsum("bt,btd->bd", w, memory)
            h, _ = self.cell(h, ctx)
            return h, h

        h, hs = jax.lax.scan(step, h0, None, length=steps)
        return hs


def main():
    model = AttnDecoder()
    memory = jax.random.normal(jax.random.PRNGKey(0), (2, 5, 8))
    h0 = jnp.zeros((2, 8))
    variables = model.init(jax.random.PRNGKey(1), memory, h0)
    hs, inter = model.apply({"params": variables["params"]}, memory, h0, mutable=["intermediates"])
    attn_maps = jnp.stack(inter["intermediates"]["attn"])
    entropy = -(attn_maps * jnp.log(attn_maps + 1e-9)).sum(-1).mean()
    float(entropy)
    return None
