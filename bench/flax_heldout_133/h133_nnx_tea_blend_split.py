# label: ok
# flax-error: none
# class: 5 make_tasting_step returns functools.partial(_taste, panel); the scan body nnx.clone()s the panel and calls its Dropout with a key from the room's nnx.Rngs session stream split per batch before the loop and passed in as xs
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class TastingPanel(nnx.Module):
    """Scores a tea blend; dropout over the palate models which tasters attend a session."""

    def __init__(self, notes: int, rngs: nnx.Rngs):
        self.palate = nnx.Param(jnp.linspace(0.5, 1.5, notes))
        self.blend = nnx.Linear(notes, notes, rngs=rngs)
        self.attend = nnx.Dropout(0.4, rngs=rngs)

    def __call__(self, leaves, rngs=None):
        attending = self.attend(self.palate[...], rngs=rngs)
        return (self.blend(leaves) * attending).sum(-1), attending


def _taste(panel, total, key_and_leaves):
    key, leaves = key_and_leaves
    taster = nnx.clone(panel)
    score, attending = taster(leaves, rngs=key)
    return total + score.mean(), attending


def make_tasting_step(panel):
    return functools.partial(_taste, panel)


class BlendingRoom:
    def __init__(self, panel, seed):
        self.step = make_tasting_step(panel)
        self.rngs = nnx.Rngs(session=seed)

    def session(self, batches):
        keys = jax.random.split(self.rngs.session(), batches.shape[0])
        _, attendance = scan(self.step, jnp.zeros(()), (keys, batches))
        return attendance


def main():
    panel = TastingPanel(notes=6, rngs=nnx.Rngs(params=0, dropout=3))
    room = BlendingRoom(panel, seed=3)
    batches = jnp.linspace(0.0, 1.0, 9 * 2 * 6).reshape(9, 2, 6)
    return room.session(batches)
