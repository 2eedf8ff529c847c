# label: ok
# flax-error: none
# class: 4 RK4.integrate, reached as node.solver.field, splits the field before the while_loop; its state rides in the loop state and is merged in the body
"""Neural ODE with an RK4 solver written as a while_loop, counting function evaluations.

ODEFunc keeps an NFE counter in a Variable subclass, as in NNX ports of torchdiffeq
examples; the NeuralODE wrapper owns an RK4 solver that owns the vector field.  The solver
threads the field's state through the loop and writes it back afterwards.
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
        graphdef, field_state = nnx.split(self.field)

        def cond(state):
            return state[0] < t1

        def body(state):
            t, y, field_state = state
            field = nnx.merge(graphdef, field_state)
            k1 = field(t, y)
            k2 = field(t + dt / 2, y + dt / 2 * k1)
            k3 = field(t + dt / 2, y + dt / 2 * k2)
            k4 = field(t + dt, y + dt * k3)
            return t + dt, y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4), nnx.state(field)

        _, y1, field_state = lax.while_loop(cond, body, (0.0, y0, field_state))
        nnx.update(self.field, field_state)
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
