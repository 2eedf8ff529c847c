# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body merges the model from the carry and stores it in trainer.registry.latest (a dataclass default_factory dict); the service predicts with it after the scan
"""Seed bank viability: refits a germination-rate model on each accession batch and serves it."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class GerminationModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.l2(nnx.relu(self.l1(x))))[:, 0]


@dataclass
class ModelRegistry:
    latest: dict = field(default_factory=dict)
    versions: list = field(default_factory=list)


@dataclass
class ViabilityTrainer:
    model: GerminationModel
    registry: ModelRegistry = field(default_factory=ModelRegistry)
    lr: float = 0.1

    def refit(self, batches):
        graphdef, state = nnx.split(self.model)

        def body(state, batch):
            x, rate = batch
            model = nnx.merge(graphdef, state)
            grads = nnx.grad(lambda m: jnp.mean((m(x) - rate) ** 2))(model)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            self.registry.latest["germination"] = model
            return nnx.state(model), None

        state, _ = lax.scan(body, state, batches)
        nnx.update(self.model, state)


class ViabilityService:
    def __init__(self, registry: ModelRegistry):
        self.registry = registry

    def predict(self, accessions):
        return self.registry.latest["germination"](accessions)


def main():
    trainer = ViabilityTrainer(GerminationModel(nnx.Rngs(0)))
    x = jax.random.normal(jax.random.key(1), (5, 12, 4))
    rate = jax.nn.sigmoid(x.sum(-1))
    trainer.refit((x, rate))
    predicted = ViabilityService(trainer.registry).predict(x[0])
    jax.block_until_ready(predicted)
    return None
