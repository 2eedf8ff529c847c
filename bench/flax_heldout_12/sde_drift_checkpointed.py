# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Euler-Maruyama step wrapped at the call site, lax.scan(jax.checkpoint(step), ...); the drift MLP is first called inside the wrapped step
import jax
import jax.numpy as jnp
import flax.linen as nn


class DriftNet(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(x.shape[-1])(nn.gelu(nn.Dense(32)(x)))


class LatentSDE(nn.Module):
    dt: float = 0.05

    @nn.compact
    def __call__(self, x0, dws):
        drift = DriftNet()
        diffusion = self.param("sigma", nn.initializers.ones, (x0.shape[-1],))

        def step(x, dw):
            x = x + drift(x) * self.dt + diffusion * dw
            return x, x

        _, path = jax.lax.scan(jax.checkpoint(step), x0, dws)
        return path


def main():
    model = LatentSDE()
    x0 = jnp.zeros((4, 2))
    dws = 0.1 * jax.random.normal(jax.random.PRNGKey(3), (12, 4, 2))
    variables = model.init(jax.random.PRNGKey(0), x0, dws)
    variables = jax.tree.map(lambda a: a + 0, variables)
    path = model.apply(variables, x0, dws)
    jax.block_until_ready(path)
    return None
