# label: ok
# flax-error: none
# class: 3 a module-level while_loop fixed-point solver receives the NNX model after model.eval(), so the BatchNorm only reads its running statistics
"""Deep equilibrium model in NNX: the implicit layer z = f(z, x) (Linear + BatchNorm + tanh) is
solved by fixed-point iteration with jax.lax.while_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class DEQLayer(nnx.Module):
    def __init__(self, dx, dz, *, rngs: nnx.Rngs):
        self.W = nnx.Linear(dz, dz, rngs=rngs)
        self.U = nnx.Linear(dx, dz, rngs=rngs)
        self.norm = nnx.BatchNorm(dz, rngs=rngs)

    def __call__(self, z, x):
        return jnp.tanh(self.norm(self.W(z)) * 0.5 + self.U(x))


def solve_fixed_point(model, x, dz, max_iter=15, tol=1e-4):
    def cond(state):
        i, _, err = state
        return (i < max_iter) & (err > tol)

    def body(state):
        i, z, _ = state
        z_new = model(z, x)
        return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

    z0 = jnp.zeros((x.shape[0], dz))
    _, z_star, _ = jax.lax.while_loop(cond, body, (jnp.array(0), z0, jnp.array(1.0)))
    return z_star


def main():
    model = DEQLayer(3, 8, rngs=nnx.Rngs(0))
    x = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
    model.eval()  # BatchNorm uses running averages inside the solver
    solve_fixed_point(model, x, 8)
    return None
