# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trunk helper runs once before the recycling scan, but the recycle embedding (a setup submodule) is first called inside the body through another helper, so init creates its params there
import jax
import jax.numpy as jnp
import flax.linen as nn


class Recycler(nn.Module):
    dim: int = 8

    def setup(self):
        self.embed = nn.Dense(self.dim)
        self.layers = [nn.Dense(self.dim) for _ in range(2)]
        self.recycle = nn.Dense(self.dim)
        self.head = nn.Dense(3)

    def trunk(self, h):
        for layer in self.layers:
            h = nn.gelu(layer(h))
        return h

    def _iteration(self, h0, prev):
        return self.trunk(h0 + self.recycle(prev))

    def __call__(self, x):
        h0 = self.embed(x)
        first = self.trunk(h0)

        def body(prev, _):
            return self._iteration(h0, jax.lax.stop_gradient(prev)), None

        final, _ = jax.lax.scan(body, first, None, length=2)
        return self.head(final)


def main():
    model = Recycler()
    x = jnp.ones((2, 5))
    variables = model.init(jax.random.key(0), x)
    model.apply(variables, x).block_until_ready()
    return None
