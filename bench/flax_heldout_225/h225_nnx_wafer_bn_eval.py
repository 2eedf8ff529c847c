# label: ok
# flax-error: none
# class: 5 the BatchNorm statistics (read only, model.eval()) reach the scan body through make_inspection_step(), a factory returning a jax.checkpoint-wrapped step
"""Semiconductor wafer inspection (NNX): score die images lot by lot with a checkpointed step."""
import jax
import jax.numpy as jnp
from flax import nnx


class DefectInspector(nnx.Module):
    def __init__(self, pixels: int, classes: int, rngs: nnx.Rngs):
        self.stem = nnx.Linear(pixels, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, dies):
        return self.head(nnx.gelu(self.norm(self.stem(dies))))


def make_inspection_step(inspector: DefectInspector):
    @jax.checkpoint
    def inspect(defect_counts, lot):
        logits = inspector(lot)
        flagged = jax.nn.one_hot(jnp.argmax(logits, axis=-1), logits.shape[-1]).sum(axis=0)
        return defect_counts + flagged, flagged

    return inspect


class LineMonitor:
    def __init__(self, inspector: DefectInspector, classes: int):
        self.inspector = inspector
        self.classes = classes

    def prepare(self):
        self.inspector.eval()

    def run(self, lots):
        step = make_inspection_step(self.inspector)
        counts, per_lot = jax.lax.scan(step, jnp.zeros((self.classes,)), lots)
        return counts


def main():
    inspector = DefectInspector(pixels=16, classes=4, rngs=nnx.Rngs(0))
    lots = jnp.tanh(jnp.arange(6 * 10 * 16, dtype=jnp.float32).reshape(6, 10, 16) / 97.0)
    monitor = LineMonitor(inspector, classes=4)
    monitor.prepare()
    counts = monitor.run(lots)
    jax.block_until_ready(counts)
    return None
