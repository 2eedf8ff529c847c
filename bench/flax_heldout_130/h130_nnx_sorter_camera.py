# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 ConveyorService.pipeline.stages["classify"] (BatchNorm and Dropout still in train mode) is called in the scan body
"""Recycling sorter vision (NNX): the conveyor service pushes camera frames through an
inspection pipeline whose classifier decides which air jet fires for each item."""
import jax
import jax.numpy as jnp
from flax import nnx


class MaterialClassifier(nnx.Module):
    def __init__(self, pixels, materials, rngs):
        self.stem = nnx.Linear(pixels, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(32, materials, rngs=rngs)

    def __call__(self, frames):
        h = nnx.relu(self.norm(self.stem(frames)))
        return self.head(self.drop(h))


class InspectionPipeline:
    def __init__(self, classifier):
        self.stages = {"classify": classifier}

    def classify(self, frames):
        return jnp.argmax(self.stages["classify"](frames), axis=-1)


class ConveyorService:
    def __init__(self, pipeline, jets):
        self.pipeline = pipeline
        self.jets = jets

    def run_belt(self, belt):
        def tick(fired, frames):
            material = self.pipeline.classify(frames)
            return fired + jax.nn.one_hot(material, self.jets).sum(0), material

        return jax.lax.scan(tick, jnp.zeros(self.jets), belt)


def main():
    classifier = MaterialClassifier(pixels=36, materials=4, rngs=nnx.Rngs(0, dropout=1))
    service = ConveyorService(InspectionPipeline(classifier), jets=4)
    belt = jax.random.uniform(jax.random.key(2), (5, 3, 36))
    fired, materials = service.run_belt(belt)
    print(fired, materials)
    return None
