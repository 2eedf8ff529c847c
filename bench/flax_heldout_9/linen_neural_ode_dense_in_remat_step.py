# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 vector-field Dense built in an Euler step that is wrapped with jax.checkpoint at the scan call site
import jax
import jax.numpy as jnp
import flax.linen as nn


class EulerODE(nn.Module):
    dim: int = 3
    n_steps: int = 8
    dt: float = 0.1

    @nn.compact
    def __call__(self, y0):
        def euler_step(y, t):
            inp = jnp.concatenate([y, t[None]])
            dy = nn.Dense(self.dim, name="vector_field")(nn.tanh(nn.Dense(16, name="vf_hidden")(inp)))
            return y + self.dt * dy, y

        ts = jnp.arange(self.n_steps) * self.dt
        yT, path = jax.lax.scan(jax.checkpoint(euler_step), y0, ts)
        return yT, path


def main():
    ode = EulerODE()
    y0 = jnp.ones((3,))
    variables = ode.init(jax.random.key(0), y0)
    yT, path = ode.apply(variables, y0)
    path.block_until_ready()
    return None
