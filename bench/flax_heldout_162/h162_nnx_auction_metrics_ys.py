# label: ok
# flax-error: none
# class: 3 evaluator.model (held by one Evaluator) is read inside the scan body; per-lot loss and MAE leave as ys and evaluator.metrics is updated after the loop
"""Livestock auction pricing: an evaluator scores the hammer-price model lot by
lot and keeps running loss and MAE in NNX metrics."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class HammerPriceModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(6, 12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, lot):
        return self.head(nnx.gelu(self.body(lot)))[..., 0]


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            mae=nnx.metrics.Average("mae"),
        )

    def evaluate(self, lots, prices):
        def step(_, batch):
            x, y = batch
            pred = self.model(x)
            loss = ((pred - y) ** 2).mean()
            return None, (loss, jnp.abs(pred - y).mean())

        _, (losses, maes) = scan(step, None, (lots, prices))
        self.metrics.update(loss=losses, mae=maes)
        return self.metrics.compute()


def main():
    lots = jax.random.normal(jax.random.key(0), (5, 10, 6))
    prices = jax.random.uniform(jax.random.key(1), (5, 10))
    evaluator = Evaluator(HammerPriceModel(nnx.Rngs(2)))
    evaluator.evaluate(lots, prices)
    return None
