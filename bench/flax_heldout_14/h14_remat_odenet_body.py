# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 raw scan body wrapped in jax.checkpoint at the call site; the vector-field MLP is first called inside it during init
import jax
import jax.numpy as jnp
import flax.linen as nn


class VectorField(nn.Module):
    width: int = 32

    @nn.compact
    def __call__(self, t, y):
        h = jnp.concatenate([y, jnp.broadcast_to(t, y.shape[:-1] + (1,))], -1)
        h = nn.tanh(nn.Dense(self.width)(h))
        return nn.Dense(y.shape[-1])(h)


class NeuralODE(nn.Module):
    n_steps: int = 10
    t1: float = 1.0

    def setup(self):
        self.field = VectorField()

    def __call__(self, y0):
        dt = self.t1 / self.n_steps

        def rk2_step(y, t):
            k1 = self.field(t, y)
            k2 = self.field(t + dt, y + dt * k1)
            return y + 0.5 * dt * (k1 + k2), None

        ts = jnp.arange(self.n_steps) * dt
        y1, _ = jax.lax.scan(jax.checkpoint(rk2_step), y0, ts)
        return y1


def main():
    model = NeuralODE()
    y0 = jnp.ones((4, 3))
    variables = model.init(jax.random.PRNGKey(0), y0)
    variables = jax.tree.map(lambda a: a + 0, variables)
    y1 = model.apply(variables, y0)
    return None
