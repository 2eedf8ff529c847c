# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 ValueIteration.solve runs a while_loop whose body assigns the module's own self.V variable
"""Tabular value iteration in an NNX module with a learned reward head."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

S, A, F = 6, 3, 5
GAMMA, TOL = 0.9, 1e-4


class ValueIteration(nnx.Module):
    def __init__(self, P, rngs: nnx.Rngs):
        self.P = nnx.Variable(P)  # (S, A, S) transition probabilities
        self.reward = nnx.Linear(F, A, rngs=rngs)
        self.V = nnx.BatchStat(jnp.zeros((S,)))

    def solve(self, feats):
        R = self.reward(feats)

        def cond(c):
            delta, it = c
            return (delta > TOL) & (it < 200)

        def body(c):
            _, it = c
            q = R + GAMMA * jnp.einsum("sat,t->sa", self.P[...], self.V[...])
            new_v = q.max(axis=1)
            delta = jnp.abs(new_v - self.V[...]).max()
            self.V[...] = new_v
            return delta, it + 1

        _, iters = lax.while_loop(cond, body, (jnp.inf, 0))
        return iters


def main():
    P = jax.nn.softmax(jax.random.normal(jax.random.key(1), (S, A, S)), axis=-1)
    feats = jax.random.normal(jax.random.key(2), (S, F))
    vi = ValueIteration(P, nnx.Rngs(0))
    vi.solve(feats)
    vi.V[...].block_until_ready()
    return None
