# label: ok
# flax-error: none
# class: 5 the plugin loaded from the "voicing.ema" entry point blends an EMA state carried through the while_loop; the plugin's copy is nnx.update()d after the loop
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

    def initial(self):
        return nnx.state(self.ema)

    def on_step(self, ema_state, model):
        return jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p, ema_state, nnx.state(model))

    def commit(self, ema_state):
        nnx.update(self.ema, ema_state)


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
            step, _, loss, _ = carry
            return (step < self.max_steps) & (loss > 1e-3)

        def body(carry):
            step, state, _, plugin_states = carry
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model), grads))
            plugin_states = [p.on_step(s, model) for p, s in zip(self.plugins, plugin_states)]
            return step + 1, nnx.state(model), loss, plugin_states

        init = (0, state, jnp.float32(jnp.inf), [p.initial() for p in self.plugins])
        _, state, loss, plugin_states = lax.while_loop(cond, body, init)
        nnx.update(self.model, state)
        for plugin, plugin_state in zip(self.plugins, plugin_states):
            plugin.commit(plugin_state)
        return loss


def main():
    session = VoicingSession(PipeScaling(nnx.Rngs(0)), ["voicing.ema"])
    timbres = jax.random.normal(jax.random.key(2), (16, 3))
    targets = jnp.stack([timbres.sum(-1), timbres[:, 0], -timbres[:, 1], timbres[:, 2] ** 2], -1)
    loss = session.fit(timbres, targets)
    jax.block_until_ready(loss)
    return None
