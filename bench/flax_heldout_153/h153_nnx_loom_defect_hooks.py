# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the trainer's hooks list holds (name, callable) pairs; inside the scan body the 'snapshot' hook keeps nnx.state(merged model, nnx.BatchStat) in a recorder object, and the trainer nnx.update's the live model from it after the loop
"""Textile loom defect detection: a patch classifier with batch normalisation is calibrated on a
roll of fabric patches; hooks run after every patch batch, and the trainer restores the live
model's statistics from the last snapshot before serving."""
import jax
import jax.numpy as jnp
from flax import nnx


class DefectNet(nnx.Module):
    def __init__(self, n_pixels, rngs: nnx.Rngs):
        self.conv = nnx.Linear(n_pixels, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.cls = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, patches):
        return self.cls(nnx.relu(self.norm(self.conv(patches))))


class SnapshotRecorder:
    def __init__(self):
        self.snapshots = []

    def __call__(self, step, model, logits):
        self.snapshots.append(nnx.state(model, nnx.BatchStat))


def log_defect_rate(step, model, logits):
    return jnp.mean(jnp.argmax(logits, -1))


class CalibrationTrainer:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = hooks

    def calibrate(self, roll):
        graphdef, state = nnx.split(self.model)

        def patch_batch(carry, patches):
            step, state = carry
            model = nnx.merge(graphdef, state)
            logits = model(patches)
            for _, hook in self.hooks:
                hook(step, model, logits)
            return (step + 1, nnx.state(model)), None

        jax.lax.scan(patch_batch, (0, state), roll)

    def restore(self, recorder):
        nnx.update(self.model, recorder.snapshots[-1])
        self.model.eval()


def main():
    model = DefectNet(n_pixels=25, rngs=nnx.Rngs(0))
    recorder = SnapshotRecorder()
    trainer = CalibrationTrainer(model, [('defect_rate', log_defect_rate), ('snapshot', recorder)])
    roll = jnp.sin(jnp.linspace(0.0, 12.0, 6 * 8 * 25)).reshape(6, 8, 25)
    trainer.calibrate(roll)
    trainer.restore(recorder)
    logits = model(roll[0])
    jax.block_until_ready(logits)
    return None
