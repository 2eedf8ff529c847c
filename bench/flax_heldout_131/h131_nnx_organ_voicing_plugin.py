# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the plugin loaded from the "voicing.ema" entry point holds an EMA copy of the model and nnx.update()s it inside the while_loop body
"""Pipe organ voicing: fits a pipe-scaling model to target timbres, with plugins hooked on each step."""
import importlib

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

ENTRY_POINTS = {"voicing.ema": f"{__name__}:EmaWeightsPlugin"}


def load_plugin(name, **kwargs):
    module_name, attr = ENTRY_POINTS[name].split(":")
    return getattr(importlib.import_module(module_name), attr)(**kwargs)


class PipeScaling(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 4, rngs=rngs)  # cut-up, mouth width, flue, languid

    def __call__(self, timbre):
        return self.l2(nnx.tanh(self.l1(timbre)))


class EmaWeightsPlugin:
    def __init__(self, model, decay=0.9):
        self.ema = nnx.clone(model)
        self.decay = decay

    def on_step(self, model):
        blended = jax.tree.map(
            lambda e, p: self.decay * e + (1 - self.decay) * p, nnx.state(self.ema), nnx.state(model)
        )
        nnx.update(self.ema, blended)


class VoicingSession:
    def __init__(self, model, plugin_names, lr=0.05, max_steps=15):
        self.model = model
        self.plugins = [load_plugin(n, model=model) for n in plugin_names]
        self.lr, self.max_steps = lr, max_steps

    def fit(self, timbres, targets):
        graphdef, state = nnx.split(self.model)

        def loss_fn(m):
            return jnp.mean((m(timbres) - targets) ** 2)

        def cond(carry):
            step, _, loss = carry
            return (step < self.max_steps) & (loss > 1e-3)

        def body(carry):
            step, state, _ = carry
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model), grads))
            for plugin in self.plugins:
                plugin.on_step(model)
            return step + 1, nnx.state(model), loss

        _, state, loss = lax.while_loop(cond, body, (0, state, jnp.float32(jnp.inf)))
        nnx.update(self.model, state)
        return loss


def main():
    session = VoicingSession(PipeScaling(nnx.Rngs(0)), ["voicing.ema"])
    timbres = jax.random.normal(jax.random.key(2), (16, 3))
    targets = jnp.stack([timbres.sum(-1), timbres[:, 0], -timbres[:, 1], timbres[:, 2] ** 2], -1)
    loss = session.fit(timbres, targets)
    jax.block_until_ready(loss)
    return None
