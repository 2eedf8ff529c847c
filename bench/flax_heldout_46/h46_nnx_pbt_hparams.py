# label: trace-context
# flax-error: TraceContextError: Cannot mutate HyperParam from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the lax.fori_loop body closes over an NNX population and rescales each member's learning-rate Variable (explore)
"""NNX population-based training: perturb each member's learning rate during the explore phase."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class HyperParam(nnx.Variable):
    pass


class Member(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.net = nnx.Linear(4, 1, rngs=rngs)
        self.lr = HyperParam(jnp.asarray(1e-2))
        self.score = nnx.Variable(jnp.asarray(0.0))


class Population(nnx.Module):
    def __init__(self, size, *, rngs: nnx.Rngs):
        self.members = nnx.List([Member(rngs=rngs) for _ in range(size)])

    def explore(self, factors):
        def body(i, pop_lr):
            for m in self.members:
                m.lr.value = m.lr.value * factors[i]
            return pop_lr + 1
        return lax.fori_loop(0, factors.shape[0], body, 0)


def main():
    pop = Population(3, rngs=nnx.Rngs(0))
    pop.explore(jnp.array([0.8, 1.2, 1.0]))
    return None
