# label: ok
# flax-error: none
# class: 4 MeanTeacherTrainer.inner_steps threads the params of `self.student` and `self.teacher` (properties over `self.models`) through the fori_loop carry and updates both models after the loop
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


def ema(teacher_params, student_params, decay):
    return jax.tree.map(lambda t, s: decay * t + (1.0 - decay) * s, teacher_params, student_params)


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
        teacher_def, teacher_params = nnx.split(self.teacher, nnx.Param)

        def loss_fn(params, teacher_params):
            student = nnx.merge(graphdef, params)
            teacher = nnx.merge(teacher_def, teacher_params)
            return jnp.mean((student(x) - teacher(x)) ** 2)

        def body(i, carry):
            params, teacher_params = carry
            grads = jax.grad(loss_fn)(params, teacher_params)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return params, ema(teacher_params, params, self.decay)

        params, teacher_params = lax.fori_loop(0, num_steps, body, (params, teacher_params))
        nnx.update(self.student, params)
        nnx.update(self.teacher, teacher_params)
        return loss_fn(params, teacher_params)


def main():
    trainer = MeanTeacherTrainer(TeacherStudent(seed=0))
    x = jnp.linspace(-1.0, 1.0, 12).reshape(4, 3)
    loss = trainer.inner_steps(x, num_steps=3)
    jax.block_until_ready((loss, nnx.state(trainer.models)))
    return None
