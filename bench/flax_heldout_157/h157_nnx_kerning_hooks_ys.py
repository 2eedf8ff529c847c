# label: ok
# flax-error: none
# class: 5 build_fit_step(graphdef, filters) returns the scan step, which emits nnx.state snapshots of the merged model as scan outputs; the snapshot hooks, closures built in a for loop by make_snapshot_hooks, receive the last stacked snapshot after the loop
"""Learned kerning for a digital type foundry: fitting pair adjustments with snapshot hooks."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class KerningTable(nnx.Variable):
    """Smoothed pair adjustments, in em units."""


class KerningModel(nnx.Module):
    def __init__(self, glyph_features: int, pairs: int, *, rngs: nnx.Rngs):
        self.pair_head = nnx.Linear(2 * glyph_features, pairs, rngs=rngs)
        self.table = KerningTable(jnp.zeros((pairs,)))

    def __call__(self, left, right):
        adjust = 0.05 * jnp.tanh(self.pair_head(jnp.concatenate([left, right], -1)))
        self.table[...] = 0.9 * self.table[...] + 0.1 * adjust.mean(0)
        return adjust


def make_snapshot_hooks(store: dict, filters: dict):
    hooks = []
    for name in filters:
        def hook(snapshots, name=name):
            store[name] = jax.tree.map(lambda stacked: stacked[-1], snapshots[name])
        hooks.append(hook)
    return hooks


def build_fit_step(graphdef, filters, target):
    def step(state, glyphs):
        model = nnx.merge(graphdef, state)
        left, right = glyphs
        loss = jnp.mean((model(left, right) - target) ** 2)
        snapshots = {name: nnx.state(model, f) for name, f in filters.items()}
        return nnx.state(model), (loss, snapshots)

    return step


def restore_snapshots(model, store: dict):
    for snapshot in store.values():
        nnx.update(model, snapshot)


def main():
    model = KerningModel(glyph_features=4, pairs=3, rngs=nnx.Rngs(0))
    store: dict = {}
    filters = {"weights": nnx.Param, "table": KerningTable}
    hooks = make_snapshot_hooks(store, filters)
    graphdef, state = nnx.split(model)
    glyphs = jax.random.normal(jax.random.key(1), (2, 6, 8, 4))  # left/right, proofs, pairs, features
    step = build_fit_step(graphdef, filters, target=jnp.full((3,), -0.02))
    state, (losses, snapshots) = lax.scan(step, state, (glyphs[0], glyphs[1]))
    for hook in hooks:
        hook(snapshots)
    restore_snapshots(model, store)
    proof = model(glyphs[0, 0], glyphs[1, 0])
    print("loss", float(losses[-1]), "proof", float(proof.mean()))
    return None
