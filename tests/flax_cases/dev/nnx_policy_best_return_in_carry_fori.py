# label: ok
# flax-error: none
# class: 3 the same evaluation keeps the best return in the fori_loop carry next to the total
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

    def body(i, carry):
        total, best_return = carry
        pi = nnx.merge(graphdef, state)
        ret = pi(observations[i])
        return total + ret, jnp.maximum(best_return, ret)

    total, best_return = jax.lax.fori_loop(0, observations.shape[0], body, (0.0, jnp.array(-jnp.inf)))
    return total, best_return + 0.0


def main():
    policy = Policy(nnx.Rngs(0))
    evaluate(policy, jnp.ones((5, 3)))
    return None
