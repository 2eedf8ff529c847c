# label: ok
# flax-error: none
# class: 3 the fori_loop body in vote() calls every model in ensemble.members, an nnx.List attribute of one SmokeEnsemble switched to eval mode before the loop
"""Wildfire smoke detection from lookout-tower cameras: five small classifiers look at
each frame embedding and vote (clear, haze, smoke); the tower reports the tally."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

CLASSES = 3


class SmokeMember(nnx.Module):
    def __init__(self, dim, hidden, rngs):
        self.body = nnx.Linear(dim, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(hidden, CLASSES, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.gelu(self.body(x))))


class SmokeEnsemble(nnx.Module):
    def __init__(self, dim, n_members, rngs):
        self.members = nnx.List([SmokeMember(dim, 8 + 4 * i, rngs) for i in range(n_members)])


def vote(ensemble, frames):
    def tally(t, counts):
        ballots = jnp.stack([jnp.argmax(member(frames[t])) for member in ensemble.members])
        winner = jnp.argmax(jnp.bincount(ballots, length=CLASSES))
        return counts.at[winner].add(1)

    return lax.fori_loop(0, frames.shape[0], tally, jnp.zeros(CLASSES, jnp.int32))


def main():
    ensemble = SmokeEnsemble(dim=12, n_members=5, rngs=nnx.Rngs(0, dropout=1))
    ensemble.eval()
    frames = jax.random.normal(jax.random.key(2), (15, 12))
    counts = vote(ensemble, frames)
    counts.block_until_ready()
    return None
