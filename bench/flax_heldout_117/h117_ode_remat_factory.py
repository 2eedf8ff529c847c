# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_euler_step returns a step function whose jax.checkpoint-wrapped rhs applies the model with the closed-over variables (no mutable=) inside lax.fori_loop
"""Neural ODE solved with explicit Euler in a raw fori_loop; the dynamics count their
function evaluations (NFE) in a 'counters' collection.

Shape of the reports: a step-function factory plus jax.checkpoint around model.apply, where the
module writes a collection that apply was not told is mutable.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Dynamics(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, y):
        nfe = self.variable("counters", "nfe", lambda: jnp.zeros((), jnp.int32))
        nfe.value += 1
        h = nn.softplus(nn.Dense(self.hidden)(y))
        return nn.Dense(y.shape[-1])(h)


def make_euler_step(model, variables, dt):
    @jax.checkpoint
    def rhs(y):
        return model.apply(variables, y)

    def step(i, y):
        return y + dt * rhs(y)

    return step


def main():
    y0 = jax.random.normal(jax.random.key(0), (8, 3))
    model = Dynamics()
    variables = model.init(jax.random.key(1), y0)
    step = make_euler_step(model, variables, 0.1)
    yT = lax.fori_loop(0, 10, step, y0)
    print("final state norm", float(jnp.linalg.norm(yT)))
    return None
