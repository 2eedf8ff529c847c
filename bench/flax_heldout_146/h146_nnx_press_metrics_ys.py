# label: ok
# flax-error: none
# class: 3 the lax.scan body returns the per-sheet scores as its output and PressQualityMonitor.metrics is updated with them after the loop
"""Newspaper press: scores smudge and registration skew sheet by sheet."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SheetInspector(nnx.Module):
    def __init__(self, n_pixels: int, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_pixels, 12, rngs=rngs)
        self.smudge = nnx.Linear(12, 1, rngs=rngs)
        self.skew = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, scan_line):
        h = nnx.gelu(self.encoder(scan_line))
        return nnx.sigmoid(self.smudge(h)).squeeze(-1), jnp.abs(self.skew(h)).squeeze(-1)


class PressQualityMonitor:
    def __init__(self, inspector: SheetInspector):
        self.inspector = inspector
        self.metrics = nnx.MultiMetric(
            smudge=nnx.metrics.Average("smudge"),
            skew=nnx.metrics.Average("skew"),
        )

    def inspect_run(self, sheets):
        def body(rejects, sheet):
            smudge, skew = self.inspector(sheet)
            return rejects + jnp.sum(smudge > 0.7), (smudge, skew)

        rejects, (smudge, skew) = lax.scan(body, jnp.zeros((), jnp.int32), sheets)
        self.metrics.update(smudge=smudge, skew=skew)
        return rejects

    def report(self):
        return {name: float(v) for name, v in self.metrics.compute().items()}


def main():
    sheets = jax.random.uniform(jax.random.key(0), (10, 4, 20))  # sheets x scan lines x pixels
    monitor = PressQualityMonitor(SheetInspector(20, rngs=nnx.Rngs(1)))
    rejects = monitor.inspect_run(sheets)
    print(int(rejects), monitor.report())
    return None
