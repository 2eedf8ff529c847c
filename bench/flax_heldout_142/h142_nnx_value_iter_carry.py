# label: ok
# flax-error: none
# class: 1 ValueIteration.solve runs a while_loop with V in the carry and assigns self.V once after the loop
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
            _, delta, it = c
            return (delta > TOL) & (it < 200)

        def body(c):
            v, _, it = c
            q = R + GAMMA * jnp.einsum("sat,t->sa", self.P[...], v)
            new_v = q.max(axis=1)
            delta = jnp.abs(new_v - v).max()
            return new_v, delta, it + 1

        v, _, iters = lax.while_loop(cond, body, (self.V[...], jnp.inf, 0))
        self.V[...] = v
        return iters


def main():
    P = jax.nn.softmax(jax.random.normal(jax.random.key(1), (S, A, S)), axis=-1)
    feats = jax.random.normal(jax.random.key(2), (S, F))
    vi = ValueIteration(P, nnx.Rngs(0))
    vi.solve(feats)
    vi.V[...].block_until_ready()
    return None
