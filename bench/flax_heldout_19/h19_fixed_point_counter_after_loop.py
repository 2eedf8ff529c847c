# label: ok
# flax-error: none
# class: 1 a 'counters' variable is read inline in the lax.while_loop cond/body; it is written once after the loop from the loop's step count
"""Deep-equilibrium style layer that iterates to a fixed point and records solver iterations.

Modelled on the counter variable of the Linen-to-NNX guide discussion (google/flax#4209,
`self.variable('counter', 'count', ...)`) combined with a fixed-point solver written with
`jax.lax.while_loop`; the iteration budget left is read from the counter in the loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class FixedPoint(nn.Module):
    width: int = 4
    tol: float = 1e-3
    budget: int = 200

    @nn.compact
    def __call__(self, x, train: bool = False):
        lin = nn.Dense(self.width)
        iters = self.variable("counters", "solver_iters", lambda: jnp.zeros((), jnp.int32))
        z0 = jnp.tanh(lin(jnp.zeros_like(x)) + x)

        def cond(state):
            i, z, delta = state
            return (iters.value + i < self.budget) & (delta > self.tol)

        def body(state):
            i, z, _ = state
            z_new = jnp.tanh(0.5 * lin(z) + x)
            return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

        n, z, _ = jax.lax.while_loop(cond, body, (jnp.array(0), z0, jnp.array(1.0)))
        if train:
            iters.value = iters.value + n
        return z


def main():
    x = jax.random.normal(jax.random.key(4), (3, 4))
    model = FixedPoint()
    variables = model.init(jax.random.key(0), x)
    z, state = model.apply(variables, x, train=True, mutable=["counters"])
    variables = {"params": variables["params"], "counters": state["counters"]}
    z, state = model.apply(variables, x, train=True, mutable=["counters"])
    z.block_until_ready()
    return None
