# label: ok
# flax-error: none
# class: 5 make_refine_loop returns a closure that splits the captured model and threads its state through the while_loop carry, updating the model afterwards
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
    def cond(carry):
        i, _, delta, _ = carry
        return (i < max_iters) & (delta > tol)

    def refine(x0):
        graphdef, state = nnx.split(model)

        def body(carry):
            i, x, _, state = carry
            work = nnx.merge(graphdef, state)
            x_new = work(x)
            return i + 1, x_new, jnp.max(jnp.abs(x_new - x)), nnx.state(work)

        init = (0, x0, jnp.array(jnp.inf, dtype=x0.dtype), state)
        _, x, _, state = lax.while_loop(cond, body, init)
        nnx.update(model, state)
        return x

    return refine


def main():
    model = Refiner(4, rngs=nnx.Rngs(0))
    refine = make_refine_loop(model)
    x0 = jnp.linspace(-1.0, 1.0, 12).reshape(3, 4)
    x = refine(x0)
    model.eval()
    jax.block_until_ready(model(x))
