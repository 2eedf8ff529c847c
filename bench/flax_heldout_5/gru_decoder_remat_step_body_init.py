# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 GRU decoder wraps its raw scan body in jax.checkpoint to save memory; the setup GRUCell is first called inside the checkpointed body during init
"""Long-sequence GRU decoder that rematerialises each step (jax.checkpoint on the scan body,
the usual memory trick for long unrolls). Written with `import flax.linen as fnn`."""
import jax
import jax.numpy as jnp
import flax.linen as fnn


class RematGRUDecoder(fnn.Module):
    hidden: int = 16
    out_dim: int = 3

    def setup(self):
        self.cell = fnn.GRUCell(self.hidden)
        self.proj = fnn.Dense(self.out_dim)

    def __call__(self, context, length: int = 5):
        @jax.checkpoint
        def step(carry, _):
            h, y_prev = carry
            h, out = self.cell(h, jnp.concatenate([y_prev, context], -1))
            y = self.proj(out)
            return (h, y), y

        h0 = jnp.zeros(context.shape[:-1] + (self.hidden,))
        y0 = jnp.zeros(context.shape[:-1] + (self.out_dim,))
        _, ys = jax.lax.scan(step, (h0, y0), None, length=length)
        return ys


def main():
    model = RematGRUDecoder()
    context = jnp.ones((2, 4))
    variables = model.init(jax.random.PRNGKey(0), context)
    ys = model.apply(variables, context)
    assert ys.shape == (5, 2, 3)
    return None
