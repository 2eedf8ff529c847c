# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/field" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a neural ODE counts function evaluations in a 'diagnostics' variable; the raw lax.fori_loop RK4 body calls a jax.checkpoint-wrapped vector field that bumps the counter during apply
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class VectorField(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, t, y):
        nfe = self.variable("diagnostics", "nfe", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            nfe.value += 1
        h = nn.tanh(nn.Dense(self.width)(y))
        return nn.Dense(y.shape[-1])(h) * (1.0 - t)


class ContinuousDepthNet(nn.Module):
    steps: int = 4

    def setup(self):
        self.field = VectorField()

    def __call__(self, y0):
        if self.is_initializing():
            self.field(0.0, y0)
        dt = 1.0 / self.steps
        f = jax.checkpoint(lambda t, y: self.field(t, y))

        def rk4(i, y):
            t = i * dt
            k1 = f(t, y)
            k2 = f(t + dt / 2, y + dt / 2 * k1)
            k3 = f(t + dt / 2, y + dt / 2 * k2)
            k4 = f(t + dt, y + dt * k3)
            return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

        return lax.fori_loop(0, self.steps, rk4, y0)


def main():
    net = ContinuousDepthNet()
    y0 = jnp.ones((2, 3))
    variables = net.init(jax.random.PRNGKey(0), y0)
    y1 = net.apply({"params": variables["params"], "diagnostics": variables["diagnostics"]}, y0)
    y1.block_until_ready()
    return None
