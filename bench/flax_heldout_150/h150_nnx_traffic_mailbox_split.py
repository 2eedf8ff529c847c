# label: ok
# flax-error: none
# class: 3 the SignalActor's self.rngs (an nnx.Rngs with a 'jitter' stream) is drawn once before the while_loop and split into one key per message; the body indexes the keys
"""Adaptive traffic signals: each intersection actor drains a mailbox of detector counts."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class PhasePlanner(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.plan = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, counts, jitter):
        return nnx.softmax(self.plan(counts) + jitter)


class SignalActor:
    def __init__(self, planner, seed):
        self.planner = planner
        self.rngs = nnx.Rngs(jitter=seed)
        self.mailbox = []

    def post(self, counts):
        self.mailbox.append(counts)

    def drain(self):
        msgs = jnp.stack(self.mailbox)
        self.mailbox = []
        n = msgs.shape[0]
        keys = jax.random.split(self.rngs.jitter(), n)

        def cond(state):
            return state[0] < n

        def body(state):
            i, splits = state
            jitter = 0.05 * jax.random.normal(keys[i], (4,))
            return i + 1, splits.at[i].set(self.planner(msgs[i], jitter))

        return lax.while_loop(cond, body, (0, jnp.zeros((n, 4))))[1]


def main():
    actor = SignalActor(PhasePlanner(nnx.Rngs(0)), seed=3)
    for _ in range(5):
        actor.post(jnp.array([12.0, 3.0, 8.0, 1.0]))
    return actor.drain()
