# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body in MeanTeacherTrainer.inner_steps passes `self.teacher` (a property returning `self.models.teacher`) to `ema_update`, which writes the teacher's Params with nnx.update
"""Mean teacher with NNX: K inner student steps, the teacher tracks the student by EMA."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


class TeacherStudent(nnx.Module):
    def __init__(self, seed: int):
        self.student = Net(nnx.Rngs(seed))
        self.teacher = Net(nnx.Rngs(seed + 1))


def ema_update(teacher, student_params, decay):
    teacher_params = nnx.state(teacher, nnx.Param)
    new = jax.tree.map(lambda t, s: decay * t + (1.0 - decay) * s, teacher_params, student_params)
    nnx.update(teacher, new)


@dataclass
class MeanTeacherTrainer:
    models: TeacherStudent
    decay: float = 0.9
    lr: float = 0.05

    @property
    def teacher(self):
        return self.models.teacher

    @property
    def student(self):
        return self.models.student

    def inner_steps(self, x, num_steps):
        graphdef, params = nnx.split(self.student, nnx.Param)

        def loss_fn(params):
            student = nnx.merge(graphdef, params)
            return jnp.mean((student(x) - self.teacher(x)) ** 2)

        def body(i, params):
            grads = jax.grad(loss_fn)(params)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            ema_update(self.teacher, params, self.decay)
            return params

        params = lax.fori_loop(0, num_steps, body, params)
        nnx.update(self.student, params)
        return loss_fn(params)


def main():
    trainer = MeanTeacherTrainer(TeacherStudent(seed=0))
    x = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
    loss = trainer.inner_steps(x, num_steps=3)
    jax.block_until_ready((loss, nnx.state(trainer.models)))
    return None
