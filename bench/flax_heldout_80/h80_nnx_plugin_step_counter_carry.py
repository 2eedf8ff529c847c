# label: ok
# flax-error: none
# class: 5 an nnx.Variable subclass on a component looked up by name, its count carried by the while_loop and written back after it
"""Plugin system: iterative refinement components are registered by name; each counts its own calls."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class CallCount(nnx.Variable):
    pass


COMPONENTS = {}


def component(name):
    def deco(cls):
        COMPONENTS[name] = cls
        return cls
    return deco


@component("damped_refiner")
class DampedRefiner(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.calls = CallCount(jnp.zeros((), jnp.int32))

    def step(self, x):
        return x - 0.1 * nnx.tanh(self.proj(x))


def build(name, **kwargs):
    return COMPONENTS[name](**kwargs)


def refine(refiner, x, tol=1e-2, max_iters=20):
    def cond(state):
        i, x_prev, x, calls = state
        return (i < max_iters) & (jnp.linalg.norm(x - x_prev) > tol)

    def body(state):
        i, _, x, calls = state
        return i + 1, x, refiner.step(x), calls + 1

    i, _, x, calls = lax.while_loop(cond, body, (0, x + 1.0, x, refiner.calls.value))
    refiner.calls.value = calls
    return x


def main():
    refiner = build("damped_refiner", dim=4, rngs=nnx.Rngs(0))
    refine(refiner, jnp.ones((4,)))
    return None
