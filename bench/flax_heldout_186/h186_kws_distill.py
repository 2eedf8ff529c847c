# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the student's batch_stats reach the scan body through trainer.student (a StudentState holder) and the body writes the new stats back onto it
"""Keyword-spotting distillation: a wide teacher produces soft targets for a small on-device student.

The trainer keeps the student's apply function, params and BatchNorm statistics on a mutable
StudentState record, as the serving code expects to find them there after training.
"""
import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class TeacherNet(nn.Module):
    width: int = 32
    n_keywords: int = 6

    @nn.compact
    def __call__(self, frames):
        h = nn.relu(nn.Dense(self.width)(frames))
        h = nn.relu(nn.Dense(self.width)(h))
        return nn.Dense(self.n_keywords)(h)


class StudentNet(nn.Module):
    n_keywords: int = 6

    @nn.compact
    def __call__(self, frames, train: bool = True):
        h = nn.Dense(12)(frames)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(self.n_keywords)(nn.relu(h))


@dataclasses.dataclass
class StudentState:
    apply_fn: Callable[..., Any]
    params: Any
    batch_stats: Any


@dataclasses.dataclass(frozen=True)
class DistillConfig:
    temperature: float = 2.0
    learning_rate: float = 0.05


class DistillTrainer:
    def __init__(self, teacher_apply, teacher_variables, student: StudentState, config: DistillConfig):
        self.teacher_apply = teacher_apply
        self.teacher_variables = teacher_variables
        self.student = student
        self.config = config

    def _soft_targets(self, frames):
        logits = self.teacher_apply(self.teacher_variables, frames)
        return jax.nn.softmax(logits / self.config.temperature)

    def _kd_loss(self, params, frames, targets):
        logits, updates = self.student.apply_fn(
            {"params": params, "batch_stats": self.student.batch_stats},
            frames, train=True, mutable=["batch_stats"])
        log_probs = jax.nn.log_softmax(logits / self.config.temperature)
        return -jnp.mean(jnp.sum(targets * log_probs, axis=-1)), updates

    def fit(self, batches):
        def body(params, frames):
            targets = self._soft_targets(frames)
            (loss, updates), grads = jax.value_and_grad(self._kd_loss, has_aux=True)(params, frames, targets)
            self.student.batch_stats = updates["batch_stats"]
            params = jax.tree.map(lambda p, g: p - self.config.learning_rate * g, params, grads)
            return params, loss

        params, losses = scan(body, self.student.params, batches)
        self.student.params = params
        return losses

    def export_logits(self, frames):
        variables = {"params": self.student.params, "batch_stats": self.student.batch_stats}
        return self.student.apply_fn(variables, frames, train=False)


def main():
    frames = jax.random.normal(jax.random.key(0), (5, 8, 20))
    teacher = TeacherNet()
    teacher_variables = teacher.init(jax.random.key(1), frames[0])
    student_net = StudentNet()
    student_variables = student_net.init(jax.random.key(2), frames[0], train=False)
    student = StudentState(student_net.apply, student_variables["params"], student_variables["batch_stats"])
    trainer = DistillTrainer(teacher.apply, teacher_variables, student, DistillConfig())
    trainer.fit(frames)
    trainer.export_logits(frames[0]).block_until_ready()
    return None
