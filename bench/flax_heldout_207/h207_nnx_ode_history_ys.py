# label: ok
# flax-error: none
# class: 1 NeuralODE.integrate runs the scan itself; the body returns each state as a scan output and the list self.trajectory is filled after the loop
"""A neural ODE integrated with fixed-step RK4 in a raw jax.lax.scan; the module keeps the
trajectory of the last integration for plotting."""
import jax
import jax.numpy as jnp
from flax import nnx


class NeuralODE(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)
        self.trajectory = []

    def field(self, h):
        return self.l2(jnp.tanh(self.l1(h)))

    def integrate(self, h0, dt, steps):
        def body(h, _):
            k1 = self.field(h)
            k2 = self.field(h + 0.5 * dt * k1)
            k3 = self.field(h + 0.5 * dt * k2)
            k4 = self.field(h + dt * k3)
            h = h + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
            return h, h

        h, hs = jax.lax.scan(body, h0, None, length=steps)
        self.trajectory.extend(hs)
        return h


def main():
    model = NeuralODE(2, nnx.Rngs(0))
    model.integrate(jnp.array([1.0, 0.0]), 0.1, 10)
    jnp.stack(model.trajectory).max()
    return None


if __name__ == "__main__":
    main()
