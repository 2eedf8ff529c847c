# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a recipe looked up in the RECIPES decorator registry builds the scan step; the step writes the batch_stats returned by apply into run.batch_stats
"""Training recipes for a beehive acoustic health classifier.

Microphones in the hive produce band-energy spectra; the classifier flags queenless or swarming
colonies. Recipes are registered by name and each builds a step function for lax.scan; the
`stats_warmup` recipe re-estimates the BatchNorm statistics on fresh recordings before a
deployment.
"""
import dataclasses
from typing import Any, Callable, Dict

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

RECIPES: Dict[str, Callable[..., "Recipe"]] = {}


def register_recipe(name: str):
    def wrap(cls):
        RECIPES[name] = cls
        return cls

    return wrap


class HiveClassifier(nn.Module):
    n_states: int = 3  # healthy, queenless, swarming

    @nn.compact
    def __call__(self, spectrum, train: bool = False):
        h = nn.Dense(32)(spectrum)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.7)(h)
        return nn.Dense(self.n_states)(nn.relu(h))


@dataclasses.dataclass
class RunState:
    params: Any
    batch_stats: Any


class Recipe:
    def __init__(self, model: nn.Module):
        self.model = model

    def build_step(self, run: RunState):
        raise NotImplementedError

    def evaluate(self, run: RunState, spectra):
        logits = self.model.apply({"params": run.params, "batch_stats": run.batch_stats}, spectra)
        return jnp.argmax(logits, axis=-1)


@register_recipe("stats_warmup")
class StatsWarmup(Recipe):
    def build_step(self, run: RunState):
        model = self.model

        def step(count, spectra):
            variables = {"params": run.params, "batch_stats": run.batch_stats}
            _, updates = model.apply(variables, spectra, train=True, mutable=["batch_stats"])
            run.batch_stats = updates["batch_stats"]
            return count + spectra.shape[0], None

        return step


def main():
    model = HiveClassifier()
    recordings = jax.random.normal(jax.random.key(4), (6, 8, 20))
    variables = model.init(jax.random.key(0), recordings[0])
    run = RunState(variables["params"], variables["batch_stats"])
    recipe = RECIPES["stats_warmup"](model)
    seen, _ = lax.scan(recipe.build_step(run), 0, recordings)
    print("seen", seen, "verdicts", recipe.evaluate(run, recordings[-1]))
    return None
