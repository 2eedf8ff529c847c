# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the 'lab_dip_refit' factory from the RECIPES decorator registry returns the while_loop body; it records nnx.state of the merged model on run_log.last_state, which is written back with nnx.update after the loop
"""Textile dye matching: recipes that refit a colour model to a lab dip.

The colour model maps dye concentrations (and fibre/liquor ratio) to CIELAB coordinates. When a
new lab dip is measured on the spectrophotometer, a registered recipe refits the model for a few
steps until the colour difference is below tolerance, then the dyehouse predicts the bulk batch.
"""
import dataclasses
from typing import Any, Callable, Dict

import jax
import jax.numpy as jnp
import flax.nnx as nnx

RECIPES: Dict[str, Callable[..., Callable]] = {}


def recipe(name: str):
    def register(factory):
        RECIPES[name] = factory
        return factory

    return register


class ColourModel(nnx.Module):
    def __init__(self, n_dyes: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_dyes + 1, 16, rngs=rngs)
        self.lab = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, recipe_vec):
        return self.lab(nnx.tanh(self.mix(recipe_vec)))


@dataclasses.dataclass
class RunLog:
    last_state: Any = None
    notes: str = ""


def delta_e(model, x, lab_target):
    return jnp.mean(jnp.sqrt(jnp.sum((model(x) - lab_target) ** 2, axis=-1) + 1e-8))


@recipe("lab_dip_refit")
def make_refit_step(graphdef, run_log: RunLog, x, lab_target, lr: float = 0.05):
    def step(carry):
        i, state = carry
        model = nnx.merge(graphdef, state)
        grads = nnx.grad(delta_e)(model, x, lab_target)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        run_log.last_state = nnx.state(model)
        return i + 1, nnx.state(model)

    return step


def main():
    model = ColourModel(n_dyes=3, rngs=nnx.Rngs(0))
    x = jax.random.uniform(jax.random.key(1), (12, 4))
    lab_target = jnp.stack([60.0 - 20.0 * x[:, 0], 15.0 * x[:, 1], -10.0 * x[:, 2]], axis=-1) / 10.0
    run_log = RunLog()
    graphdef, state = nnx.split(model)
    step = RECIPES["lab_dip_refit"](graphdef, run_log, x, lab_target)
    jax.lax.while_loop(lambda c: c[0] < 8, step, (0, state))
    nnx.update(model, run_log.last_state)
    print("delta E after refit", delta_e(model, x, lab_target))
    return None
