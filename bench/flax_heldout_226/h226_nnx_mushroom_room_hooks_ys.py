# label: ok
# flax-error: none
# class: 4 the GrowthRoomRunner's scan body returns the model trunk's activations as ys; the hook list, with its CanopyProbe, is fired with each shift's slice after the loop
"""Mushroom grow rooms: a flush-yield model is run over the shifts of a growing cycle with monitoring hooks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class FlushYieldModel(nnx.Module):
    def __init__(self, climate, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(climate, 12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def features(self, climate):
        return nnx.tanh(self.trunk(climate))

    def __call__(self, climate):
        return self.head(self.features(climate))[..., 0]


class Hook:
    def after_shift(self, shift_output):
        pass

    def finish(self):
        return {}


class CanopyProbe(Hook):
    def __init__(self):
        self.activations = []

    def after_shift(self, shift_output):
        self.activations.append(shift_output["features"])

    def finish(self):
        stacked = jnp.stack(self.activations)
        return {"canopy_saturation": jnp.mean(jnp.abs(stacked) > 0.9)}


class GrowthRoomRunner:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = list(hooks)

    def _shift(self, harvest, climate):
        features = self.model.features(climate)
        yield_kg = self.model.head(features)[..., 0]
        return harvest + jnp.sum(yield_kg), {"features": features, "yield": yield_kg}

    def run_cycle(self, climates):
        harvest, outputs = lax.scan(self._shift, jnp.zeros(()), climates)
        for shift in range(climates.shape[0]):
            for hook in self.hooks:
                hook.after_shift(jax.tree.map(lambda leaf: leaf[shift], outputs))
        report = {"harvest": harvest}
        for hook in self.hooks:
            report.update(hook.finish())
        return report


def main():
    model = FlushYieldModel(5, nnx.Rngs(0))
    climates = jax.random.normal(jax.random.key(1), (9, 4, 5))
    report = GrowthRoomRunner(model, [CanopyProbe()]).run_cycle(climates)
    jax.block_until_ready(report)
    return None
