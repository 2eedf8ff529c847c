# label: ok
# flax-error: none
# class: 4 KerningTuner.tune carries the split state through the scan and returns nnx.state(model, nnx.Param) of each step as ys; each hook in self.hooks (WeightDriftHook) gets the per-step params after the loop and summarises them
"""Typesetting: fine-tune a kerning-pair model on a foundry's proof sheets, watching weight drift.

The tuner is the foundry service's generic fine-tuning loop; hooks are how the type designers
plug in their own monitoring (here: how far the kerning weights drift per proof sheet).
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class KerningModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.pair = nnx.Linear(8, 1, rngs=rngs)  # left and right glyph side bearings

    def __call__(self, pairs):
        return self.pair(pairs)[..., 0]  # kerning in em units


class WeightDriftHook:
    def __init__(self):
        self.history = []

    def on_step(self, params):
        self.history.append(params)

    def summary(self):
        kernels = jnp.stack([p["pair"]["kernel"][...] for p in self.history])
        return {"steps": len(self.history), "drift": jnp.abs(kernels - kernels[0]).max()}


class KerningTuner:
    def __init__(self, model: KerningModel, hooks, learning_rate=0.02):
        self.model = model
        self.hooks = hooks
        self.learning_rate = learning_rate

    def tune(self, sheets):
        graphdef, state = nnx.split(self.model)

        def sheet_step(state, sheet):
            model = nnx.merge(graphdef, state)
            grads = nnx.grad(lambda m: jnp.mean((m(sheet["pairs"]) - sheet["kern"]) ** 2))(model)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.learning_rate * g, nnx.state(model), grads))
            return nnx.state(model), nnx.state(model, nnx.Param)

        state, per_sheet = scan(sheet_step, state, sheets)
        nnx.update(self.model, state)
        for t in range(sheets["pairs"].shape[0]):
            for hook in self.hooks:
                hook.on_step(jax.tree.map(lambda leaf: leaf[t], per_sheet))
        return [hook.summary() for hook in self.hooks]


def main():
    kp, kk = jax.random.split(jax.random.key(23))
    sheets = {"pairs": jax.random.normal(kp, (5, 20, 8)), "kern": 0.05 * jax.random.normal(kk, (5, 20))}
    tuner = KerningTuner(KerningModel(rngs=nnx.Rngs(0)), hooks=[WeightDriftHook()])
    print(tuner.tune(sheets))
    return None


if __name__ == "__main__":
    main()
