# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the fori_loop body in DistillationLoop calls every hook in its hook list; TeacherEmaHook updates the teacher's parameters it holds
"""Distils a HOMO-LUMO gap teacher into a student, with hooks run after every distillation step."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class GapPredictor(nnx.Module):
    def __init__(self, features: int, hidden: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.softplus(self.body(x)))[..., 0]


class StepHook:
    def after_step(self, step, loss, student_params):
        raise NotImplementedError


class TeacherEmaHook(StepHook):
    def __init__(self, teacher: nnx.Module, decay: float = 0.99):
        self.teacher = teacher
        self.decay = decay

    def after_step(self, step, loss, student_params):
        teacher_params = nnx.state(self.teacher, nnx.Param)
        blended = jax.tree.map(
            lambda t, s: self.decay * t + (1.0 - self.decay) * s, teacher_params, student_params
        )
        nnx.update(self.teacher, blended)


class DistillationLoop:
    def __init__(self, teacher, student, hooks, lr=0.05):
        self.teacher = teacher
        self.student = student
        self.hooks = list(hooks)
        self.lr = lr

    def run(self, molecules, steps: int):
        graphdef, params = nnx.split(self.student, nnx.Param)

        def distill(step, carry):
            params, _ = carry

            def loss_fn(p):
                student = nnx.merge(graphdef, p)
                return jnp.mean((student(molecules) - self.teacher(molecules)) ** 2)

            loss, grads = jax.value_and_grad(loss_fn)(params)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            for hook in self.hooks:
                hook.after_step(step, loss, params)
            return params, loss

        params, loss = fori_loop(0, steps, distill, (params, jnp.zeros(())))
        nnx.update(self.student, params)
        return loss


def main():
    molecules = jax.random.normal(jax.random.key(0), (8, 6))
    teacher = GapPredictor(6, 12, nnx.Rngs(0))
    student = GapPredictor(6, 12, nnx.Rngs(1))
    loop = DistillationLoop(teacher, student, hooks=[TeacherEmaHook(teacher)])
    loss = loop.run(molecules, steps=3)
    jax.block_until_ready(loss)
