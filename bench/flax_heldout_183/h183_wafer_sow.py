# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the scanner module's __call__ runs the scan over die rows and calls self.sow('intermediates', ...) inside the body
"""Semiconductor wafer inspection: row-by-row defect scoring with per-row diagnostics."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DefectScanner(nn.Module):
    features: int = 8

    def setup(self):
        self.proj = nn.Dense(self.features)
        self.score = nn.Dense(1)

    def __call__(self, die_rows):
        projected = self.score(nn.relu(self.proj(die_rows)))[..., 0]

        def row(acc, score):
            acc = 0.8 * acc + score
            self.sow("intermediates", "row_score", acc)
            return acc, None

        final, _ = jax.lax.scan(row, jnp.zeros(projected.shape[1:]), projected)
        return final


class WaferInspector:
    def __init__(self, scanner: DefectScanner, params):
        self.scanner = scanner
        self.params = params
        self.diagnostics = {}

    def inspect(self, wafer):
        final, state = self.scanner.apply({"params": self.params}, wafer, mutable=["intermediates"])
        self.diagnostics = state["intermediates"]
        return final

    def report(self):
        rows = jnp.stack(self.diagnostics["row_score"])
        return {"worst_row": jnp.argmax(rows.max(axis=-1)), "mean": rows.mean()}


def main():
    wafer = jax.random.uniform(jax.random.key(8), (7, 3, 5))  # rows x dies x probes
    scanner = DefectScanner()
    params = scanner.init(jax.random.key(0), wafer)["params"]
    inspector = WaferInspector(scanner, params)
    inspector.inspect(wafer)
    jax.block_until_ready(inspector.report())
    return None
