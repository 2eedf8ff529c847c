# label: ok
# flax-error: none
# class: 4 RouteService.evaluators[route] -> Evaluator.metrics (nnx.MultiMetric); the scan body emits per-checkpoint loss and margin as ys and the metrics are updated after the loop
"""Ice-road trucking: evaluate an axle-load limit model over the checkpoints of a winter road."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx


class LoadLimitModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.features = nnx.Linear(4, 12, rngs=rngs)
        self.limit = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, ice):
        return nnx.softplus(self.limit(nnx.gelu(self.features(ice))))[..., 0]


class Evaluator:
    def __init__(self, model: LoadLimitModel):
        self.model = model
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), margin=nnx.metrics.Average("margin"))

    def score(self, ice, measured_limit):
        predicted = self.model(ice)
        loss = jnp.mean((predicted - measured_limit) ** 2)
        margin = jnp.mean(measured_limit - predicted)
        return loss, margin


class RouteService:
    def __init__(self, seed: int = 0):
        self.model = LoadLimitModel(nnx.Rngs(seed))
        self.evaluators: dict[str, Evaluator] = {}

    def evaluator(self, route: str) -> Evaluator:
        if route not in self.evaluators:
            self.evaluators[route] = Evaluator(self.model)
        return self.evaluators[route]

    def evaluate_route(self, route: str, checkpoints, limits):
        evaluator = self.evaluator(route)

        def body(carry, batch):
            ice, limit = batch
            loss, margin = evaluator.score(ice, limit)
            return carry + 1, (loss, margin)

        _, (losses, margins) = jax.lax.scan(body, 0, (checkpoints, limits))
        evaluator.metrics.update(loss=losses, margin=margins)
        return evaluator.metrics.compute()


def main():
    stops, lanes = 6, 5
    checkpoints = jnp.cos(jnp.arange(stops * lanes * 4, dtype=jnp.float32)).reshape(stops, lanes, 4)
    limits = 1.0 + 0.2 * checkpoints[..., 0]
    service = RouteService()
    summary = service.evaluate_route("tibbitt-contwoyto", checkpoints, limits)
    float(summary["loss"] + summary["margin"])
    return None
