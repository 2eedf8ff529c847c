# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the model merged inside the scan body is handed to the run's callbacks, and the wear logger keeps its plate-wear values
"""Plate-wear tracking for a printing press run, with metric-logging callbacks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class PlateWear(nnx.Variable):
    pass


class PressModel(nnx.Module):
    def __init__(self, zones: int, *, rngs: nnx.Rngs):
        self.roller = nnx.Linear(zones, zones, rngs=rngs)
        self.wear = PlateWear(jnp.zeros(zones))

    def __call__(self, sheet):
        ink = nnx.sigmoid(self.roller(sheet))
        self.wear[...] = self.wear[...] + 0.01 * ink
        return ink


class WearLogger:
    def __init__(self):
        self.rows = []

    def on_sheet(self, sheet, model):
        self.rows.append(model.wear[...])

    def report(self):
        return jnp.stack(self.rows).max(axis=0)


class InkTotals:
    def __init__(self):
        self.count = 0

    def on_sheet(self, sheet, model):
        self.count += 1


class PressRun:
    def __init__(self, model: PressModel, callbacks):
        self.model = model
        self.callbacks = callbacks

    def run(self, sheets):
        graphdef, state = nnx.split(self.model)

        def body(state, sheet):
            model = nnx.merge(graphdef, state)
            ink = model(sheet)
            for callback in self.callbacks:
                callback.on_sheet(sheet, model)
            return nnx.state(model), ink.sum()

        state, totals = scan(body, state, sheets)
        nnx.update(self.model, state)
        return totals


def main():
    sheets = jnp.tile(jnp.array([0.2, 0.5, 0.9], dtype=jnp.float32), (5, 1))
    logger = WearLogger()
    run = PressRun(PressModel(3, rngs=nnx.Rngs(4)), [logger, InkTotals()])
    totals = run.run(sheets)
    jax.block_until_ready((totals, logger.report()))
    return None
