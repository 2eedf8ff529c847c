# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 NeuralODE.trajectory runs its own raw scan and sows every state into its 'intermediates' collection from the body
"""Neural ODE fitted to a spiral; the trajectory is recorded with sow.

The vector field is the module's __call__; `trajectory` integrates it with explicit Euler
steps in a lax.scan and sows each state so the caller can compare the path with the
observed points.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

NUM_STEPS, DT = 8, 0.1


class NeuralODE(nn.Module):
    hidden: int = 16

    def setup(self):
        self.net = nn.Sequential([nn.Dense(self.hidden), nn.tanh, nn.Dense(2)])

    def __call__(self, y):
        return self.net(y)

    def trajectory(self, y0):
        def euler(y, _):
            y = y + DT * self(y)
            self.sow("intermediates", "states", y)
            return y, None

        y_final, _ = scan(euler, y0, None, length=NUM_STEPS)
        return y_final


def main():
    t = jnp.arange(1, NUM_STEPS + 1) * DT
    observed = jnp.stack([jnp.cos(3 * t) * (1 - t), jnp.sin(3 * t) * (1 - t)], -1)
    y0 = jnp.array([1.0, 0.0])

    model = NeuralODE()
    variables = model.init(jax.random.PRNGKey(0), y0)
    _, state = model.apply(variables, y0, method=NeuralODE.trajectory, mutable=["intermediates"])
    path = jnp.stack(state["intermediates"]["states"])
    print("trajectory mse", jnp.mean((path - observed) ** 2))
    return None
