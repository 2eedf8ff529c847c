# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 NeuralODE.__call__ owns the fori_loop; the RK4 body calls self.func and sows each state into 'intermediates' of the module's own scope
"""Fixed-step RK4 neural ODE whose solver loop is a raw fori_loop inside the Linen module.

Modelled on "how do I get the trajectory out of my ODE solver" threads: the user sows the state
at every step from inside the loop body and applies with mutable=['intermediates'], then stacks
the sown trajectory to plot it.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ODEFunc(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, t, y):
        ty = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        h = nn.tanh(nn.Dense(self.hidden)(ty))
        return nn.Dense(y.shape[-1])(h)


class NeuralODE(nn.Module):
    steps: int = 8
    t1: float = 1.0

    def setup(self):
        self.func = ODEFunc()

    def __call__(self, y0):
        dt = self.t1 / self.steps
        # initial slope, used to pick a sensible first step (and creates the parameters)
        f0 = self.func(0.0, y0)
        dt = jnp.minimum(dt, 0.5 / (jnp.linalg.norm(f0) + 1e-6))

        def rk4_step(i, y):
            t = i * dt
            k1 = self.func(t, y)
            k2 = self.func(t + dt / 2, y + dt / 2 * k1)
            k3 = self.func(t + dt / 2, y + dt / 2 * k2)
            k4 = self.func(t + dt, y + dt * k3)
            y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
            self.sow("intermediates", "trajectory", y)
            return y

        return lax.fori_loop(0, self.steps, rk4_step, y0)


def main():
    model = NeuralODE()
    y0 = jnp.array([[1.0, 0.0], [0.0, 1.0]])
    params = model.init(jax.random.key(0), y0)["params"]
    y1, state = model.apply({"params": params}, y0, mutable=["intermediates"])
    trajectory = jnp.stack(state["intermediates"]["trajectory"])
    jax.block_until_ready(trajectory.mean())
