# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 KerningTuner.tune carries the split state through the scan, but the body passes nnx.state(model) of the model it merged there to each hook in self.hooks (WeightDriftHook keeps them) and the hooks summarise after the loop
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
            for hook in self.hooks:
                hook.on_step(nnx.state(model, nnx.Param))
            return nnx.state(model), None

        state, _ = scan(sheet_step, state, sheets)
        nnx.update(self.model, state)
        return [hook.summary() for hook in self.hooks]


def main():
    kp, kk = jax.random.split(jax.random.key(23))
    sheets = {"pairs": jax.random.normal(kp, (5, 20, 8)), "kern": 0.05 * jax.random.normal(kk, (5, 20))}
    tuner = KerningTuner(KerningModel(rngs=nnx.Rngs(0)), hooks=[WeightDriftHook()])
    print(tuner.tune(sheets))
    return None


if __name__ == "__main__":
    main()
