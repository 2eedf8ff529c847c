# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 an nn.Dense is constructed and called inside the inline raw scan body of a compact __call__
import jax
import jax.numpy as jnp
import flax.linen as nn


class UnrolledDecoder(nn.Module):
    hidden: int = 16
    steps: int = 5

    @nn.compact
    def __call__(self, z):
        def body(h, _):
            h = nn.tanh(nn.Dense(self.hidden, name="recur")(h))
            return h, h

        _, hs = jax.lax.scan(body, z, None, length=self.steps)
        return nn.Dense(2)(hs)


def main():
    model = UnrolledDecoder()
    z = jnp.ones((3, 16))
    variables = model.init(jax.random.key(0), z)
    out = model.apply(variables, z)
    print(out.shape)
    return None
