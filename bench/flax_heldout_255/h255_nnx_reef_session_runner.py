# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body merges the session's model state from the carry and parks the merged module on runner.session.live, which is called after the loop
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import lax
import flax.nnx as nnx


@dataclass
class DiveLog:
    site: str
    transects: jnp.ndarray


class BleachingClassifier(nnx.Module):
    def __init__(self, n_features: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_features, 6, rngs=rngs)
        self.norm = nnx.BatchNorm(6, rngs=rngs)
        self.classify = nnx.Linear(6, 3, rngs=rngs)

    def __call__(self, quadrats):
        return self.classify(nnx.relu(self.norm(self.embed(quadrats))))


class SurveySession:
    def __init__(self, seed: int):
        self.model = BleachingClassifier(4, rngs=nnx.Rngs(seed))
        self.live = self.model


class SurveyRunner:
    def __init__(self, seed: int = 9):
        self.session = SurveySession(seed)

    def adapt(self, log: DiveLog):
        graphdef, state = nnx.split(self.session.model)

        def per_transect(state, quadrats):
            model = nnx.merge(graphdef, state)
            logits = model(quadrats)
            self.session.live = model
            return nnx.state(model), jnp.argmax(logits, -1)

        _, labels = lax.scan(per_transect, state, log.transects)
        return labels

    def classify(self, quadrats):
        return self.session.live(quadrats)


def one_tree_island_log():
    grid = jnp.arange(3 * 5 * 4, dtype=jnp.float32).reshape(3, 5, 4)
    return DiveLog("one_tree_island", jnp.sin(grid / 3.0))


def main():
    runner = SurveyRunner()
    log = one_tree_island_log()
    labels = runner.adapt(log)
    logits = runner.classify(log.transects[0])
    jax.block_until_ready((labels, logits))
    return None
