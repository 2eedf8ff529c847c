# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 lax.cond branch inside the scan body bumps a Variable of an outside module
import jax
import jax.numpy as jnp
from flax import nnx


class Clipper(nnx.Module):
    def __init__(self):
        self.n_clipped = nnx.Variable(jnp.array(0))

    def clip(self, g):
        self.n_clipped.value += 1
        return g / jnp.linalg.norm(g)


clipper = Clipper()


def main():
    gs = jax.random.normal(jax.random.key(0), (6, 3)) * 3

    def body(c, g):
        g = jax.lax.cond(jnp.linalg.norm(g) > 1.0, clipper.clip, lambda g: g, g)
        return c, g

    _, out = jax.lax.scan(body, None, gs)
    print(clipper.n_clipped.value)
    return None
