# label: trace-context
# flax-error: TraceContextError: Cannot mutate NFE from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the while_loop body calls self.field(t, y) inside RK4.integrate, reached as node.solver.field; ODEFunc counts its evaluations in an nnx.Variable
"""Neural ODE with an RK4 solver written as a while_loop, counting function evaluations.

ODEFunc keeps an NFE counter in a Variable subclass, as in NNX ports of torchdiffeq
examples; the NeuralODE wrapper owns an RK4 solver that owns the vector field.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class NFE(nnx.Variable):
    pass


class ODEFunc(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.net = nnx.Sequential(nnx.Linear(dim, 32, rngs=rngs), nnx.tanh, nnx.Linear(32, dim, rngs=rngs))
        self.nfe = NFE(jnp.array(0, jnp.int32))

    def __call__(self, t, y):
        self.nfe.value += 1
        return self.net(y)


class RK4:
    def __init__(self, field, dt):
        self.field = field
        self.dt = dt

    def integrate(self, y0, t1):
        dt = self.dt

        def cond(state):
            return state[0] < t1

        def body(state):
            t, y = state
            k1 = self.field(t, y)
            k2 = self.field(t + dt / 2, y + dt / 2 * k1)
            k3 = self.field(t + dt / 2, y + dt / 2 * k2)
            k4 = self.field(t + dt, y + dt * k3)
            return t + dt, y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

        _, y1 = lax.while_loop(cond, body, (0.0, y0))
        return y1


class NeuralODE:
    def __init__(self, dim, rngs):
        self.solver = RK4(ODEFunc(dim, rngs), dt=0.25)

    def __call__(self, y0):
        return self.solver.integrate(y0, 1.0)


def main():
    node = NeuralODE(3, nnx.Rngs(0))
    y1 = node(jnp.ones((4, 3)))
    print("y(1)", y1.sum(), "nfe", node.solver.field.nfe.value)
    return None
