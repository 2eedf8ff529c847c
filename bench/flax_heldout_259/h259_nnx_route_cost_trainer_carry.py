# label: ok
# flax-error: none
# class: 4 the model and optimizer sit in the trainer's TrainingBundle dataclass; their split state is the scan carry, merged in the body and written back into trainer.bundle after the loop
"""Route-cost regressor for van routing, trained over a day of dispatch batches."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class RouteCostModel(nnx.Module):
    def __init__(self, features: int, hidden: int, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, hidden, rngs=rngs)
        self.norm = nnx.LayerNorm(hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, legs):
        return self.out(nnx.gelu(self.norm(self.body(legs))))[..., 0]


@dataclasses.dataclass
class TrainingBundle:
    model: RouteCostModel
    optimizer: nnx.Optimizer

    @classmethod
    def create(cls, model: RouteCostModel, tx: optax.GradientTransformation) -> "TrainingBundle":
        return cls(model, nnx.Optimizer(model, tx, wrt=nnx.Param))


def cost_loss(model: RouteCostModel, legs, cost):
    return jnp.mean(optax.huber_loss(model(legs), cost, delta=5.0))


class RouteTrainer:
    def __init__(self, bundle: TrainingBundle):
        self.bundle = bundle
        self.history: list[float] = []

    def train_day(self, legs, costs):
        graphdef, state = nnx.split((self.bundle.model, self.bundle.optimizer))

        def dispatch_batch(carry, batch):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(cost_loss)(model, x, y)
            optimizer.update(model, grads)
            return (nnx.state((model, optimizer)), total + loss), loss

        (state, total), losses = lax.scan(dispatch_batch, (state, jnp.float32(0.0)), (legs, costs))
        nnx.update((self.bundle.model, self.bundle.optimizer), state)
        self.history.extend(losses.tolist())
        return total


def main():
    k_legs, k_noise = jax.random.split(jax.random.key(17))
    legs = jax.random.uniform(k_legs, (4, 8, 3))  # batches of (km, stops, toll flag)
    costs = 12.0 * legs[..., 0] + 3.0 * legs[..., 1] + jax.random.normal(k_noise, legs.shape[:2])
    bundle = TrainingBundle.create(RouteCostModel(3, 8, rngs=nnx.Rngs(1)), optax.adamw(1e-2))
    total = RouteTrainer(bundle).train_day(legs, costs)
    jax.block_until_ready(total)
    return None
