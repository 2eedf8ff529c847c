# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 build_fit_step(graphdef, hooks) returns the scan step; the snapshot hooks, closures built in a for loop by make_snapshot_hooks, store nnx.state of the merged model from inside the step, and restore_snapshots puts those scan tracers back into the model after the loop
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
    for name, variable_filter in filters.items():
        def hook(model, name=name, variable_filter=variable_filter):
            store[name] = nnx.state(model, variable_filter)
        hooks.append(hook)
    return hooks


def build_fit_step(graphdef, hooks, target):
    def step(state, glyphs):
        model = nnx.merge(graphdef, state)
        left, right = glyphs
        loss = jnp.mean((model(left, right) - target) ** 2)
        for hook in hooks:
            hook(model)
        return nnx.state(model), loss

    return step


def restore_snapshots(model, store: dict):
    for snapshot in store.values():
        nnx.update(model, snapshot)


def main():
    model = KerningModel(glyph_features=4, pairs=3, rngs=nnx.Rngs(0))
    store: dict = {}
    hooks = make_snapshot_hooks(store, {"weights": nnx.Param, "table": KerningTable})
    graphdef, state = nnx.split(model)
    glyphs = jax.random.normal(jax.random.key(1), (2, 6, 8, 4))  # left/right, proofs, pairs, features
    step = build_fit_step(graphdef, hooks, target=jnp.full((3,), -0.02))
    state, losses = lax.scan(step, state, (glyphs[0], glyphs[1]))
    restore_snapshots(model, store)
    proof = model(glyphs[0, 0], glyphs[1, 0])
    print("loss", float(losses[-1]), "proof", float(proof.mean()))
    return None
