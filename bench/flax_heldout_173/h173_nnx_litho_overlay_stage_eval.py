# label: ok
# flax-error: none
# class: 4 OverlayCalibrator.run_lots' scan body calls self.stage.predict, which runs stage.model (an NNX net put in eval mode by calibrator.freeze() before the run)
"""Overlay calibrator for a lithography cluster.

Per-lot alignment marks (x/y translation, rotation, magnification residuals) are mapped to
overlay corrections for the next lot. The calibrator holds a correction stage per exposure
layer; a wafer run scans the lots in order and accumulates the corrections applied.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class OverlayNet(nnx.Module):
    def __init__(self, n_marks: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_marks, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(12, 4, rngs=rngs)  # dx, dy, rotation, magnification

    def __call__(self, marks):
        return self.head(nnx.gelu(self.norm(self.embed(marks))))


class CorrectionStage:
    def __init__(self, layer_name: str, model: OverlayNet, damping: float):
        self.layer_name = layer_name
        self.model = model
        self.damping = damping

    def predict(self, marks):
        return self.damping * jnp.mean(self.model(marks), axis=0)


class OverlayCalibrator:
    def __init__(self, stage: CorrectionStage):
        self.stage = stage

    def freeze(self):
        """Production runs must not move the normalisation statistics."""
        self.stage.model.eval()
        return self

    def run_lots(self, lots):
        def body(applied, marks):
            correction = self.stage.predict(marks)
            return applied + correction, correction

        return scan(body, jnp.zeros(4), lots)


def main():
    model = OverlayNet(n_marks=8, rngs=nnx.Rngs(0))
    calibrator = OverlayCalibrator(CorrectionStage("metal1", model, damping=0.6)).freeze()
    lots = jax.random.normal(jax.random.key(3), (5, 25, 8))  # lots x wafers x mark residuals
    applied, per_lot = calibrator.run_lots(lots)
    print("applied", applied)
    return None
