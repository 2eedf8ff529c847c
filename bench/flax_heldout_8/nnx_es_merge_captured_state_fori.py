# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the policy state is split before the loop into a local and captured (not carried); the fori_loop body merges it and perturbs the merged copy
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class Actor(nnx.Module):
    def __init__(self, rngs):
        self.w = nnx.Linear(3, 3, rngs=rngs)

    def __call__(self, x):
        return self.w(x)


def main():
    actor = Actor(nnx.Rngs(1))
    graphdef, base_state = nnx.split(actor)
    noise = jax.random.normal(jax.random.key(5), (12, 3, 3))
    x = jnp.ones((2, 3))

    def member(i, best):
        candidate = nnx.merge(graphdef, base_state)
        candidate.w.kernel.value = candidate.w.kernel.value + 0.1 * noise[i]
        return jnp.maximum(best, -jnp.abs(candidate(x)).sum())

    best = fori_loop(0, noise.shape[0], member, -jnp.inf)
    print(best)
    return None
