# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the setup-defined refiner submodule is first called inside the jax.lax.while_loop body of __call__ while init creates its params
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class IterativeRefiner(nn.Module):
    features: int = 4
    max_iters: int = 5
    tol: float = 1e-3

    def setup(self):
        self.encoder = nn.Dense(self.features)
        self.refiner = nn.Sequential([nn.Dense(8), nn.tanh, nn.Dense(self.features)])

    def _update(self, z, context):
        return z + 0.5 * self.refiner(jnp.concatenate([z, context], axis=-1))

    def __call__(self, x):
        context = self.encoder(x)
        z0 = jnp.zeros_like(context)

        def cond(state):
            i, _, delta = state
            return jnp.logical_and(i < self.max_iters, delta > self.tol)

        def body(state):
            i, z, _ = state
            z_new = self._update(z, context)
            return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

        _, z, _ = lax.while_loop(cond, body, (0, z0, jnp.inf))
        return z


def main():
    model = IterativeRefiner()
    x = jax.random.normal(jax.random.key(0), (3, 6))
    variables = model.init(jax.random.key(1), x)
    z = model.apply(variables, x)
    print("refined", z.shape, float(jnp.abs(z).mean()))
    return None
