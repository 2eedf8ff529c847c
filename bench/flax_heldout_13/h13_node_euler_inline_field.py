# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a helper method of a compact module constructs the vector-field Dense layers and is called from the fori_loop Euler body
import jax
import jax.numpy as jnp
import flax.linen as nn


class LatentODE(nn.Module):
    latent: int = 4
    width: int = 16
    steps: int = 5

    def _vector_field(self, t, z):
        h = nn.tanh(nn.Dense(self.width, name="field_in")(z))
        h = h * (1.0 + t)
        return nn.Dense(self.latent, name="field_out")(h)

    @nn.compact
    def __call__(self, x):
        z0 = nn.Dense(self.latent, name="encoder")(x)
        dt = 1.0 / self.steps

        def euler(i, z):
            return z + dt * self._vector_field(i * dt, z)

        z1 = jax.lax.fori_loop(0, self.steps, euler, z0)
        return nn.Dense(x.shape[-1], name="decoder")(z1)


def reconstruction_loss(model, variables, x):
    return jnp.mean((model.apply(variables, x) - x) ** 2)


def main():
    model = LatentODE()
    x = jax.random.normal(jax.random.key(2), (6, 3))
    variables = model.init(jax.random.key(0), x)
    variables = jax.tree.map(lambda a: a + 0, variables)
    float(reconstruction_loss(model, variables, x))
    return None
