# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 PruningSchedule.weights (a pure dict from nnx.state of the model) is walked by a PruneVisitor in the scan body and reassigned on the schedule; after the loop it is written into the model with replace_by_pure_dict and nnx.update
"""Orchard yield model compression: a visitor walks the NNX state tree and zeroes
small kernel entries, with a rising threshold over several pruning rounds."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class YieldModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.canopy = nnx.Linear(6, 24, rngs=rngs)
        self.fruit = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.fruit(nnx.relu(self.canopy(x)))[..., 0]


class PruneVisitor:
    def __init__(self, prune_bias=False):
        self.prune_bias = prune_bias

    def visit(self, tree, threshold, path=()):
        if isinstance(tree, dict):
            return {k: self.visit(v, threshold, path + (k,)) for k, v in tree.items()}
        return self.visit_leaf(path, tree, threshold)

    def visit_leaf(self, path, leaf, threshold):
        if path[-1] == "kernel" or self.prune_bias:
            return jnp.where(jnp.abs(leaf) < threshold, 0.0, leaf)
        return leaf


class PruningSchedule:
    def __init__(self, model, visitor):
        self.model = model
        self.visitor = visitor
        self.weights = nnx.to_pure_dict(nnx.state(model))

    def run(self, thresholds):
        def round_(_, threshold):
            self.weights = self.visitor.visit(self.weights, threshold)
            return None, threshold

        scan(round_, None, thresholds)
        state = nnx.state(self.model)
        nnx.replace_by_pure_dict(state, self.weights)
        nnx.update(self.model, state)


def main():
    model = YieldModel(nnx.Rngs(0))
    PruningSchedule(model, PruneVisitor()).run(jnp.linspace(0.01, 0.1, 4))
    model(jnp.ones((3, 6))).block_until_ready()
    return None
