# label: ok
# flax-error: none
# class: 4 Evaluator.run's scan body applies the ETA model with mutable=["intermediates"] and returns the sown collection as the scan's ys; the callbacks in self.callbacks get the stacked ys after the loop
"""Freight ETA evaluation: per-leg predictions with callbacks that record sown leg embeddings."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class LegETAModel(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, legs):
        h = nn.tanh(nn.Dense(self.hidden, name="leg_encoder")(legs))
        self.sow("intermediates", "leg_embedding", h.mean(axis=0))
        return nn.softplus(nn.Dense(1, name="eta_head")(h))[..., 0]


class Callback:
    def on_steps(self, stacked):
        pass

    def on_end(self):
        pass


class IntermediateRecorder(Callback):
    def __init__(self):
        self.records = None
        self.summary = None

    def on_steps(self, stacked):
        self.records = stacked["intermediates"]["leg_embedding"][0]

    def on_end(self):
        self.summary = self.records.mean(axis=0)


class Evaluator:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def run(self, shipments):
        def body(total, legs):
            eta, state = self.model.apply(self.variables, legs, mutable=["intermediates"])
            return total + eta.sum(), (eta, state)

        total, (etas, states) = lax.scan(body, 0.0, shipments)
        for cb in self.callbacks:
            cb.on_steps(states)
            cb.on_end()
        return total, etas


def main():
    model = LegETAModel()
    shipments = jax.random.uniform(jax.random.key(2), (5, 3, 4))
    variables = model.init(jax.random.key(0), shipments[0])
    recorder = IntermediateRecorder()
    total, _ = Evaluator(model, {"params": variables["params"]}, [recorder]).run(shipments)
    recorder.summary.block_until_ready()
    return None
