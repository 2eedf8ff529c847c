# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 self.param is created in a helper called from a lax.cond branch inside the raw scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class GatedRecurrence(nn.Module):
    dim: int = 6

    def _gate(self, h):
        w = self.param("gate_w", nn.initializers.lecun_normal(), (self.dim, self.dim))
        return jax.nn.sigmoid(h @ w) * h

    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            h = jax.lax.cond(x.sum() > 0, self._gate, lambda v: v * 0.5, h + x)
            return h, h

        _, hs = jax.lax.scan(step, jnp.zeros(self.dim), xs)
        return hs


def main():
    model = GatedRecurrence()
    xs = jnp.ones((5, 6))
    variables = model.init(jax.random.key(0), xs)
    hs = model.apply(variables, xs)
    print(hs[-1])
    return None
