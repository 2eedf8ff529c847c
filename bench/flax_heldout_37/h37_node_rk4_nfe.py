# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the ODEFunc submodule is handed to a helper rk4_step called from a raw lax.fori_loop body; its 'diagnostics' nfe counter is bumped inside the loop
"""Neural ODE with a fixed-step RK4 solver; counts function evaluations like torchdiffeq."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ODEFunc(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, t, y):
        nfe = self.variable("diagnostics", "nfe", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            nfe.value += 1
        ty = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], -1)
        h = nn.tanh(nn.Dense(self.hidden)(ty))
        return nn.Dense(y.shape[-1])(h)


def rk4_step(f, t, y, dt):
    k1 = f(t, y)
    k2 = f(t + dt / 2, y + dt / 2 * k1)
    k3 = f(t + dt / 2, y + dt / 2 * k2)
    k4 = f(t + dt, y + dt * k3)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


class NeuralODE(nn.Module):
    n_steps: int = 4
    t1: float = 1.0

    @nn.compact
    def __call__(self, y0):
        func = ODEFunc()
        if self.is_initializing():
            func(0.0, y0)
        dt = self.t1 / self.n_steps

        def body(i, y):
            return rk4_step(func, i * dt, y, dt)

        return jax.lax.fori_loop(0, self.n_steps, body, y0)


def main():
    y0 = jax.random.normal(jax.random.key(0), (4, 2))
    model = NeuralODE()
    variables = model.init(jax.random.key(1), y0)
    y1, state = model.apply(variables, y0, mutable=["diagnostics"])
    nfe_per_step = state["diagnostics"]["ODEFunc_0"]["nfe"] / model.n_steps
    print(f"nfe/step={float(nfe_per_step):.1f}  |y1|={float(jnp.linalg.norm(y1)):.3f}")
