# label: ok
# flax-error: none
# class: 4 the state leaves the scan through the carry; calibrator.adapter.on_step gets the module nnx.merge'd from the final carry after the loop
"""Sawmill log grading: calibrate the board-grade model on a shift's scanner logs, then report with the latest model."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class GradeNet(nnx.Module):
    def __init__(self, din, n_grades, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, n_grades, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def grade_loss(model, x, y):
    logits = model(x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=-1))


class ReportAdapter:
    """Keeps the most recent model for the shift report."""

    def __init__(self):
        self.latest = None

    def on_step(self, model):
        self.latest = model


class GradingCalibrator:
    def __init__(self, model, adapter, lr=0.05):
        self.graphdef, self.state = nnx.split(model)
        self.adapter = adapter
        self.lr = lr

    def calibrate(self, logs, grades):
        def body(state, batch):
            x, y = batch
            model = nnx.merge(self.graphdef, state)
            grads = nnx.grad(grade_loss)(model, x, y)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            return nnx.state(model), None

        self.state, _ = lax.scan(body, self.state, (logs, grades))
        self.adapter.on_step(nnx.merge(self.graphdef, self.state))


def main():
    logs = jax.random.normal(jax.random.key(14), (4, 8, 7))
    grades = jax.random.randint(jax.random.key(15), (4, 8), 0, 3)
    calibrator = GradingCalibrator(GradeNet(7, 3, nnx.Rngs(0)), ReportAdapter())
    calibrator.calibrate(logs, grades)
    report = calibrator.adapter.latest(logs[0]).argmax(-1)
    print(report)
    return None
