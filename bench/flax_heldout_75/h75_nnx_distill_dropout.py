# label: same-values
# flax-error: none
# class: 2 a student manager splits the NNX student once; the scan body merges a copy of the closed-over state (with its dropout RngState) every step and never carries it; returns the student's token-drop masks per step
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Student(nnx.Module):
    def __init__(self, dim, classes, *, rngs: nnx.Rngs):
        self.token_drop = nnx.Dropout(0.3, rngs=rngs)
        self.proj = nnx.Linear(dim, classes, rngs=rngs)

    def __call__(self, x):
        mask = self.token_drop(jnp.ones(x.shape[:-1] + (1,)))
        return self.proj((x * mask).mean(axis=1)), mask[..., 0]


class Teacher(nnx.Module):
    def __init__(self, dim, classes, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, classes, rngs=rngs)

    def __call__(self, x):
        return self.proj(x.mean(axis=1))


class TeacherManager:
    def __init__(self, teacher):
        self.teacher = teacher

    def targets(self, x):
        return jax.nn.softmax(self.teacher(x) / 2.0)


class StudentManager:
    def __init__(self, student):
        self.graphdef, self.state = nnx.split(student)

    def forward(self, x):
        student = nnx.merge(self.graphdef, self.state, copy=True)
        return student(x)


class DistillationRun:
    def __init__(self, teacher_mgr, student_mgr):
        self.teacher_mgr, self.student_mgr = teacher_mgr, student_mgr

    def run(self, batches):
        def body(total, x):
            logits, mask = self.student_mgr.forward(x)
            loss = optax.softmax_cross_entropy(logits, self.teacher_mgr.targets(x)).mean()
            return total + loss, mask

        _, masks = jax.lax.scan(body, jnp.float32(0), batches)
        return masks


def main():
    batches = jax.random.normal(jax.random.key(1), (5, 2, 12, 6))
    rngs = nnx.Rngs(params=0, dropout=1)
    run = DistillationRun(TeacherManager(Teacher(6, 4, rngs=rngs)), StudentManager(Student(6, 4, rngs=rngs)))
    return run.run(batches)
