# label: ok
# flax-error: none
# class: 4 FrameEvaluator reaches the classifier through ReefClassifierService.registry.models["bleaching"], switched to eval mode by the PhaseController
"""Coral reef monitoring: bleaching classes over survey frames; train/eval phases switched by a controller."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class BleachClassifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(6, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(8, 3, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.norm(self.embed(x)))))


class ModelRegistry:
    def __init__(self):
        self.models = {}


class TrainingPhase:
    def enter(self, registry):
        for model in registry.models.values():
            model.train()


class EvalPhase:
    def enter(self, registry):
        for model in registry.models.values():
            model.eval()


class PhaseController:
    def __init__(self, registry):
        self.registry = registry
        self.phase = None

    def switch(self, phase):
        self.phase = phase
        phase.enter(self.registry)


class FrameEvaluator:
    def __init__(self, service):
        self.service = service

    def run(self, frames):
        def step(histogram, frame):
            logits = self.service.registry.models["bleaching"](frame)
            return histogram + jax.nn.one_hot(jnp.argmax(logits, -1), 3).sum(0), None

        histogram, _ = lax.scan(step, jnp.zeros(3), frames)
        return histogram


class ReefClassifierService:
    def __init__(self, rngs):
        self.registry = ModelRegistry()
        self.registry.models["bleaching"] = BleachClassifier(rngs)
        self.controller = PhaseController(self.registry)
        self.evaluator = FrameEvaluator(self)


def main():
    service = ReefClassifierService(nnx.Rngs(0, dropout=1))
    frames = jax.random.uniform(jax.random.key(2), (5, 4, 6))
    service.controller.switch(TrainingPhase())
    service.registry.models["bleaching"](frames[0])  # one warm-up batch
    service.controller.switch(EvalPhase())
    service.evaluator.run(frames)
    return None
