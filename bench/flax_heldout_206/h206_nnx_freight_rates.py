# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 RateService.backtest scans weekly lane snapshots; the body calls self.forecaster.predict, which runs self.forecaster.model with its BatchNorm still in training mode
"""Freight rate prediction: weekly backtest of a contract-vs-spot rate model per trade lane."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class LaneBook:
    lanes: tuple = ("CNSHA-USLAX", "VNSGN-DEHAM", "INNSA-USNYC", "KRPUS-NLRTM")
    features: int = 7


class RateModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(features, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.norm(self.encoder(x))))[..., 0]


class Forecaster:
    def __init__(self, model: RateModel):
        self.model = model

    def predict(self, snapshot):
        return self.model(snapshot)


class RateService:
    def __init__(self, book: LaneBook, forecaster: Forecaster):
        self.book = book
        self.forecaster = forecaster

    def backtest(self, snapshots, realised):
        def body(abs_err, week):
            snapshot, actual = week
            predicted = self.forecaster.predict(snapshot)
            return abs_err + jnp.abs(predicted - actual), predicted

        abs_err, predictions = jax.lax.scan(
            body, jnp.zeros(len(self.book.lanes)), (snapshots, realised)
        )
        return abs_err / snapshots.shape[0], predictions


def main():
    book = LaneBook()
    model = RateModel(book.features, nnx.Rngs(0))
    service = RateService(book, Forecaster(model))
    snapshots = jax.random.normal(jax.random.key(1), (10, len(book.lanes), book.features))
    realised = jax.random.normal(jax.random.key(2), (10, len(book.lanes)))
    mae, _ = service.backtest(snapshots, realised)
    mae.block_until_ready()
    return None
