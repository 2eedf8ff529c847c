# label: ok
# flax-error: none
# class: 1 NeuralODE.__call__ runs the RK4 solver as jax.lax.scan; each state leaves the body as a scan output and is sown after the loop
"""Neural ODE with a fixed-step RK4 solver written as a raw scan inside the module.

Twin of h117_neural_ode_sow: the trajectory leaves the scan as its stacked outputs and is sown
once, outside the body.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ODEFunc(nn.Module):
    dim: int = 2

    @nn.compact
    def __call__(self, t, y):
        h = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        h = nn.tanh(nn.Dense(32)(h))
        return nn.Dense(self.dim)(h)


class NeuralODE(nn.Module):
    steps: int = 20
    dt: float = 0.05

    def setup(self):
        self.func = ODEFunc()

    def __call__(self, y0):
        self.func(0.0, y0)  # create the parameters before the solver loop
        ts = jnp.arange(self.steps) * self.dt

        def rk4(y, t):
            k1 = self.func(t, y)
            k2 = self.func(t + self.dt / 2, y + self.dt / 2 * k1)
            k3 = self.func(t + self.dt / 2, y + self.dt / 2 * k2)
            k4 = self.func(t + self.dt, y + self.dt * k3)
            y_next = y + self.dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
            return y_next, y_next

        yT, traj = jax.lax.scan(rk4, y0, ts)
        self.sow("intermediates", "trajectory", traj)
        return yT


def main():
    y0 = jax.random.normal(jax.random.key(0), (16, 2))
    model = NeuralODE()
    variables = model.init(jax.random.key(1), y0)
    yT, state = model.apply(variables, y0, mutable=["intermediates"])
    traj = jnp.stack(state["intermediates"]["trajectory"])
    print("trajectory", traj.shape, float(jnp.abs(traj).max()))
    return None
