# label: ok
# flax-error: none
# class: 5 a TimedCall wrapper adding logging and timing around the model call merges the carried state inside the scan body and returns it; ProofingTrainer applies the final carry with nnx.update after the loop
"""Bakery demand forecasting: adapts a croissant-demand model to the morning rush with a timing
and logging wrapper around each model call, then serves with the adapted statistics."""
import time
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclass(frozen=True)
class RushConfig:
    n_features: int = 5
    n_products: int = 3


class RushModel(nnx.Module):
    def __init__(self, cfg: RushConfig, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(cfg.n_features, momentum=0.7, rngs=rngs)
        self.head = nnx.Linear(cfg.n_features, cfg.n_products, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(self.norm(x)))


class TimedCall:
    """Wraps a split model: logs each call and how long tracing it took."""

    def __init__(self, graphdef, log):
        self.graphdef = graphdef
        self.log = log

    def __call__(self, state, batch):
        start = time.perf_counter()
        model = nnx.merge(self.graphdef, state)
        out = model(batch)
        self.log.append(("call", time.perf_counter() - start))
        return nnx.state(model), out


class ProofingTrainer:
    def __init__(self, cfg: RushConfig):
        self.model = RushModel(cfg, nnx.Rngs(1))
        graphdef, self.state = nnx.split(self.model)
        self.log = []
        self.call = TimedCall(graphdef, self.log)

    def adapt(self, mornings):
        def morning(state, batch):
            state, demand = self.call(state, batch)
            return state, demand.sum()

        final_state, totals = jax.lax.scan(morning, self.state, mornings)
        nnx.update(self.model, final_state)
        return totals

    def serve(self, batch):
        self.model.eval()
        return self.model(batch)


def main():
    trainer = ProofingTrainer(RushConfig())
    mornings = jnp.cos(jnp.arange(5 * 4 * 5, dtype=jnp.float32)).reshape(5, 4, 5) + 1.0
    totals = trainer.adapt(mornings)
    forecast = trainer.serve(mornings[-1])
    print("totals", totals, "forecast", forecast, "calls logged", len(trainer.log))
    return None
