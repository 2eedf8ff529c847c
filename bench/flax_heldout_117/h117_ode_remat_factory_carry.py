# label: ok
# flax-error: none
# class: 5 make_euler_step returns a step function whose jax.checkpoint-wrapped rhs applies the model with mutable=['counters']; the counters travel in the fori_loop carry
"""Neural ODE solved with explicit Euler in a raw fori_loop; the dynamics count their
function evaluations (NFE) in a 'counters' collection.

Twin of h117_ode_remat_factory: the counters enter and leave the loop through the carry.
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


def make_euler_step(model, params, dt):
    @jax.checkpoint
    def rhs(y, counters):
        dy, updates = model.apply({"params": params, "counters": counters}, y, mutable=["counters"])
        return dy, updates["counters"]

    def step(i, carry):
        y, counters = carry
        dy, counters = rhs(y, counters)
        return y + dt * dy, counters

    return step


def main():
    y0 = jax.random.normal(jax.random.key(0), (8, 3))
    model = Dynamics()
    variables = model.init(jax.random.key(1), y0)
    step = make_euler_step(model, variables["params"], 0.1)
    yT, counters = lax.fori_loop(0, 10, step, (y0, variables["counters"]))
    print("final state norm", float(jnp.linalg.norm(yT)), "nfe", int(counters["nfe"]))
    return None
