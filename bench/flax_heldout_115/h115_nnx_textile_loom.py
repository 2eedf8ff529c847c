# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 LoomDistiller holds student and teacher models; the scan body computes an EMA of the student's params and calls nnx.update(self.teacher, ...)
"""Textile loom fault detection: a teacher model tracks an EMA of the student while scoring shuttle windows."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LoomFaultNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.vibration = nnx.Linear(6, 10, rngs=rngs)
        self.fault = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, window):
        return nnx.sigmoid(self.fault(nnx.relu(self.vibration(window))))[..., 0]


class LoomDistiller:
    def __init__(self, student, decay=0.99):
        self.student = student
        self.teacher = nnx.clone(student)
        self.decay = decay

    def _ema(self, teacher_params, student_params):
        return jax.tree.map(lambda t, s: self.decay * t + (1.0 - self.decay) * s, teacher_params, student_params)

    def score_shift(self, windows):
        def window_step(alarms, window):
            soft_labels = self.teacher(window)
            new_params = self._ema(nnx.state(self.teacher, nnx.Param), nnx.state(self.student, nnx.Param))
            nnx.update(self.teacher, new_params)
            return alarms + jnp.sum(soft_labels > 0.5), soft_labels

        return jax.lax.scan(window_step, jnp.zeros((), jnp.int32), windows)


def main():
    windows = jax.random.normal(jax.random.key(0), (8, 12, 6))  # windows, picks, sensor channels
    distiller = LoomDistiller(LoomFaultNet(nnx.Rngs(0)))
    jax.block_until_ready(distiller.score_shift(windows))
    return None
