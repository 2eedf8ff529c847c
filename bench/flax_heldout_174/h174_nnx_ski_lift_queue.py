# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 QueueForecaster.snapshots collects nnx.state of the model merged in the fori_loop body; after the loop nnx.update(self.model, self.snapshots[-1]) and a forecast call use it
"""Ski resort lift-queue forecasting with intraday recalibration.

Every 15-minute slot the forecaster recalibrates its normalisation on the gate
counts, keeping a snapshot of the model state per slot for the audit log; the last
snapshot becomes the live model for the afternoon forecast.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class QueueModel(nnx.Module):
    def __init__(self, n_gates, rngs: nnx.Rngs):
        self.encode = nnx.Linear(n_gates, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.7, rngs=rngs)
        self.wait = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, gate_counts):
        return nnx.softplus(self.wait(nnx.relu(self.norm(self.encode(gate_counts))))).squeeze(-1)


class QueueForecaster:
    def __init__(self, model: QueueModel):
        self.model = model
        self.snapshots = []

    def recalibrate(self, slots):
        graphdef, state = nnx.split(self.model)

        def per_slot(i, carry):
            state, waits = carry
            model = nnx.merge(graphdef, state)
            wait = model(slots[i]).mean()
            self.snapshots.append(nnx.state(model))
            return nnx.state(model), waits.at[i].set(wait)

        n = slots.shape[0]
        state, waits = fori_loop(0, n, per_slot, (state, jnp.zeros(n)))
        nnx.update(self.model, self.snapshots[-1])
        return waits

    def afternoon(self, gate_counts):
        self.model.eval()
        return self.model(gate_counts)


def main():
    slots = jax.random.poisson(jax.random.key(0), 20.0, (6, 5, 4)).astype(jnp.float32)
    forecaster = QueueForecaster(QueueModel(n_gates=4, rngs=nnx.Rngs(0)))
    forecaster.recalibrate(slots)
    forecaster.afternoon(slots[-1])
    return None
