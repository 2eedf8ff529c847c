# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_refine_loop returns a closure whose while_loop body clones the captured model and hands its batch statistics out through the `snapshot` dict
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Refiner(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.BatchNorm(dim, momentum=0.8, rngs=rngs)

    def __call__(self, x):
        return x + 0.1 * jnp.tanh(self.norm(self.linear(x)))


def make_refine_loop(model, tol=1e-3, max_iters=5):
    snapshot = {}

    def cond(carry):
        i, _, delta = carry
        return (i < max_iters) & (delta > tol)

    def body(carry):
        i, x, _ = carry
        work = nnx.clone(model)
        x_new = work(x)
        snapshot["batch_stats"] = nnx.state(work, nnx.BatchStat)
        return i + 1, x_new, jnp.max(jnp.abs(x_new - x))

    def refine(x0):
        _, x, _ = lax.while_loop(cond, body, (0, x0, jnp.array(jnp.inf, dtype=x0.dtype)))
        nnx.update(model, snapshot["batch_stats"])
        return x

    return refine


def main():
    model = Refiner(4, rngs=nnx.Rngs(0))
    refine = make_refine_loop(model)
    x0 = jnp.linspace(-1.0, 1.0, 12).reshape(3, 4)
    x = refine(x0)
    model.eval()
    jax.block_until_ready(model(x))
