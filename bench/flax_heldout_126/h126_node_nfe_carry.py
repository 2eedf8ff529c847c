# label: ok
# flax-error: none
# class: 4 the while_loop body calls self.field(t, y, stats) on the solver, whose VectorField calls model.apply(..., mutable=['stats']); the stats ride in the loop state
"""Neural ODE integrated with a fixed-step solver in a while_loop, counting function
evaluations (NFE) in a 'stats' collection, as in the FFJORD / ODE-RNN papers.

The solver wraps the vector field in a small object holding the model and its params and
steps until t reaches t1; the NFE counter is passed in and returned with the loop state.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Dynamics(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, t, y):
        nfe = self.variable("stats", "nfe", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            nfe.value += 1
        h = jnp.concatenate([y, jnp.broadcast_to(t, y.shape[:-1] + (1,))], -1)
        h = nn.softplus(nn.Dense(self.hidden)(h))
        return nn.Dense(y.shape[-1])(h)


class VectorField:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]

    def __call__(self, t, y, stats):
        dy, updates = self.model.apply({"params": self.params, "stats": stats}, t, y, mutable=["stats"])
        return dy, updates["stats"]


class MidpointSolver:
    def __init__(self, field, dt):
        self.field = field
        self.dt = dt

    def solve(self, y0, t1, stats):
        def cond(state):
            t, _, _ = state
            return t < t1

        def body(state):
            t, y, stats = state
            k1, stats = self.field(t, y, stats)
            k2, stats = self.field(t + self.dt / 2, y + self.dt / 2 * k1, stats)
            return t + self.dt, y + self.dt * k2, stats

        _, y1, stats = lax.while_loop(cond, body, (0.0, y0, stats))
        return y1, stats


def main():
    y0 = jax.random.normal(jax.random.PRNGKey(0), (8, 3))
    model = Dynamics()
    variables = model.init(jax.random.PRNGKey(1), 0.0, y0)
    solver = MidpointSolver(VectorField(model, variables), dt=0.125)
    y1, stats = solver.solve(y0, 1.0, variables["stats"])
    print("y(1) norm", jnp.linalg.norm(y1), "nfe", stats["nfe"])
    return None
