# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a setup submodule whose stencil has a learned scale (self.param) is first called inside a raw fori_loop body during init
import flax.linen as nn
import jax
import jax.numpy as jnp


class LearnedStencil(nn.Module):
    @nn.compact
    def __call__(self, u_prev, u, c2):
        lap = jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)
        scale = self.param("scale", nn.initializers.normal(0.1), (u.shape[-1],))
        return 2 * u - u_prev + c2 * scale * lap


class WaveModel(nn.Module):
    cells: int = 16

    def setup(self):
        self.velocity = nn.Dense(self.cells)
        self.stencil = LearnedStencil()

    def __call__(self, source):
        c2 = (0.2 * nn.sigmoid(self.velocity(source))) ** 2

        def step(i, fields):
            u_prev, u = fields
            return u, self.stencil(u_prev, u, c2)

        _, u_last = jax.lax.fori_loop(0, 6, step, (source, source))
        return u_last


def main():
    model = WaveModel()
    source = jnp.zeros(16).at[0].set(1.0)
    variables = model.init(jax.random.key(0), source)
    model.apply(variables, source).block_until_ready()
    return None
