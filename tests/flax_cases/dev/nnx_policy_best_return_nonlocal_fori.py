# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a raw fori_loop evaluates a merged NNX policy each iteration and records the best return in a nonlocal name of the evaluation function, read after the loop
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.head = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.head(obs)).sum()


def evaluate(policy, observations):
    graphdef, state = nnx.split(policy)
    best_return = jnp.array(-jnp.inf)

    def body(i, total):
        nonlocal best_return
        pi = nnx.merge(graphdef, state)
        ret = pi(observations[i])
        best_return = jnp.maximum(best_return, ret)
        return total + ret

    total = jax.lax.fori_loop(0, observations.shape[0], body, 0.0)
    return total, best_return + 0.0


def main():
    policy = Policy(nnx.Rngs(0))
    evaluate(policy, jnp.ones((5, 3)))
    return None
