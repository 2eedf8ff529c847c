# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the while_loop body in solve appends each residual to deq.residuals, a plain list attribute of the DEQ module
"""NNX deep-equilibrium layer solved with a while_loop; residuals are logged on the module."""
import jax
import jax.numpy as jnp
from flax import nnx

D = 8


class DEQ(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.W = nnx.Linear(D, D, use_bias=False, rngs=rngs)
        self.U = nnx.Linear(D, D, rngs=rngs)
        self.residuals = []  # convergence log for plotting

    def f(self, z, x):
        return jnp.tanh(0.5 * self.W(z) + self.U(x))


def solve(deq, x, tol=1e-5, max_iter=50):
    def cond(c):
        _, res, it = c
        return (res > tol) & (it < max_iter)

    def body(c):
        z, _, it = c
        z_new = deq.f(z, x)
        res = jnp.linalg.norm(z_new - z)
        deq.residuals.append(res)
        return z_new, res, it + 1

    z, _, _ = jax.lax.while_loop(cond, body, (jnp.zeros_like(x), jnp.inf, 0))
    return z


def main():
    deq = DEQ(nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (3, D))
    z = solve(deq, x)
    z.block_until_ready()
    log = jnp.stack(deq.residuals)
    print("final residual", float(log[-1]))
    return None
