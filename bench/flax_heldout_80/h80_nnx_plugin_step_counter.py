# label: trace-context
# flax-error: TraceContextError: Cannot mutate CallCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an nnx.Variable subclass on a solver component looked up by name in a registry, incremented in a while_loop body
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

    def __call__(self, x):
        self.calls.value += 1
        return x - 0.1 * nnx.tanh(self.proj(x))


def build(name, **kwargs):
    return COMPONENTS[name](**kwargs)


def refine(refiner, x, tol=1e-2, max_iters=20):
    def cond(state):
        i, x_prev, x = state
        return (i < max_iters) & (jnp.linalg.norm(x - x_prev) > tol)

    def body(state):
        i, _, x = state
        return i + 1, x, refiner(x)

    return lax.while_loop(cond, body, (0, x + 1.0, x))


def main():
    refiner = build("damped_refiner", dim=4, rngs=nnx.Rngs(0))
    refine(refiner, jnp.ones((4,)))
    return None
