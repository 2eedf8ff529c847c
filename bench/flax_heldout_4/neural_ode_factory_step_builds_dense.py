# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 neural ODE: a module-level factory returns the RK4 step closing over a compact vector field first called in the scan
import jax
import jax.numpy as jnp
import flax.linen as nn


class VectorField(nn.Module):
    width: int

    @nn.compact
    def __call__(self, y, t):
        h = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], -1)
        h = nn.softplus(nn.Dense(self.width)(h))
        return nn.Dense(y.shape[-1])(h)


def make_rk4_step(field, dt):
    def step(y, t):
        k1 = field(y, t)
        k2 = field(y + dt / 2 * k1, t + dt / 2)
        k3 = field(y + dt / 2 * k2, t + dt / 2)
        k4 = field(y + dt * k3, t + dt)
        y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y, y

    return step


class NeuralODE(nn.Module):
    width: int = 32
    n_steps: int = 10

    @nn.compact
    def __call__(self, y0):
        dt = 1.0 / self.n_steps
        ts = jnp.arange(self.n_steps) * dt
        field = VectorField(self.width)
        _, ys = jax.lax.scan(make_rk4_step(field, dt), y0, ts)
        return ys


def main():
    y0 = jnp.ones((4, 2))
    model = NeuralODE()
    variables = model.init(jax.random.PRNGKey(0), y0)
    ys = model.apply(variables, y0)
    print(ys.shape)
    return None
