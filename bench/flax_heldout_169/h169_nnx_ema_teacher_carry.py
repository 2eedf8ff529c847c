# label: ok
# flax-error: none
# class: 5 a factory make_ema_step(student_params, decay) returns the fori_loop body; the teacher's Param state is the carry and is written back with nnx.update
"""Mean-teacher / BYOL style EMA of a student network, done for several steps in lax.fori_loop.

The working twin: the factory captures only the student's parameter state (read-only); the
teacher's Param state is the fori_loop carry, updated functionally and written back into
the teacher with `nnx.update` after the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 4, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def make_ema_step(student_params, decay):
    def step(i, teacher_params):
        return jax.tree.map(lambda t, s: decay * t + (1.0 - decay) * s, teacher_params, student_params)
    return step


def main():
    student = Encoder(nnx.Rngs(0))
    teacher = Encoder(nnx.Rngs(1))
    student_params = nnx.state(student, nnx.Param)
    step = make_ema_step(student_params, decay=0.9)
    teacher_params = lax.fori_loop(0, 5, step, nnx.state(teacher, nnx.Param))
    nnx.update(teacher, teacher_params)
    gap = jnp.abs(teacher.l1.kernel[...] - student.l1.kernel[...]).max()
    print(gap)
    return None
