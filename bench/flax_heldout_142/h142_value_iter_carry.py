# label: ok
# flax-error: none
# class: 1 ValueIteration.__call__ runs a while_loop with V in the carry and assigns the 'values' variable once after the loop
"""Value iteration on a random MDP whose rewards come from a learned reward head."""
import jax
import jax.numpy as jnp
from flax import linen as nn

S, A, F = 6, 3, 5
GAMMA, TOL = 0.9, 1e-4


class ValueIteration(nn.Module):
    @nn.compact
    def __call__(self, feats, P):
        R = nn.Dense(A)(feats)  # (S, A) reward per state and action
        V = self.variable("values", "V", jnp.zeros, (S,))

        def cond(c):
            _, delta, it = c
            return (delta > TOL) & (it < 200)

        def body(c):
            v, _, it = c
            q = R + GAMMA * jnp.einsum("sat,t->sa", P, v)
            new_v = q.max(axis=1)
            delta = jnp.abs(new_v - v).max()
            return new_v, delta, it + 1

        v, _, iters = jax.lax.while_loop(cond, body, (V.value, jnp.inf, 0))
        V.value = v
        return V.value, iters


def main():
    key = jax.random.key(0)
    feats = jax.random.normal(key, (S, F))
    P = jax.nn.softmax(jax.random.normal(jax.random.key(1), (S, A, S)), axis=-1)
    model = ValueIteration()
    variables = model.init(key, feats, P)
    (v, iters), state = model.apply(variables, feats, P, mutable=["values"])
    v.block_until_ready()
    return None
