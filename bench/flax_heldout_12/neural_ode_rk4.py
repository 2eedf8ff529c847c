# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 vector field given as a dataclass field `net: nn.Module`, first called through a lambda handed to a module-level RK4 integrator that runs lax.scan
import jax
import jax.numpy as jnp
import flax.linen as nn


def rk4_integrate(f, y0, ts):
    def step(y, t_pair):
        t0, t1 = t_pair
        h = t1 - t0
        k1 = f(y, t0)
        k2 = f(y + 0.5 * h * k1, t0 + 0.5 * h)
        k3 = f(y + 0.5 * h * k2, t0 + 0.5 * h)
        k4 = f(y + h * k3, t1)
        y_next = y + h / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y_next, y_next
    _, ys = jax.lax.scan(step, y0, (ts[:-1], ts[1:]))
    return ys


class VectorField(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, y, t):
        h = jnp.concatenate([y, jnp.broadcast_to(t, y.shape[:-1] + (1,))], -1)
        h = nn.tanh(nn.Dense(self.hidden)(h))
        return nn.Dense(y.shape[-1])(h)


class NeuralODE(nn.Module):
    net: nn.Module

    def __call__(self, y0, ts):
        return rk4_integrate(lambda y, t: self.net(y, t), y0, ts)


def main():
    model = NeuralODE(net=VectorField())
    y0 = jnp.ones((4, 3))
    ts = jnp.linspace(0.0, 1.0, 6)
    variables = model.init(jax.random.PRNGKey(0), y0, ts)
    variables = jax.tree.map(lambda a: a + 0, variables)
    traj = model.apply(variables, y0, ts)
    jax.block_until_ready(traj)
    return None
