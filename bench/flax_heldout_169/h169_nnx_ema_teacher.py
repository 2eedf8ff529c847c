# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a factory make_ema_step(teacher, student, decay) returns the fori_loop body, which writes the teacher's Params in place
"""Mean-teacher / BYOL style EMA of a student network, done for several steps in lax.fori_loop.

Shape of the reports: the EMA update is written NNX-style, assigning into the teacher's
Param variables, and the step function comes from a small factory; running it under a raw
`jax.lax.fori_loop` fails as soon as the first Param is written.
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


def make_ema_step(teacher, student, decay):
    teacher_params = jax.tree.leaves(nnx.state(teacher, nnx.Param), is_leaf=lambda v: isinstance(v, nnx.Variable))
    student_params = jax.tree.leaves(nnx.state(student, nnx.Param), is_leaf=lambda v: isinstance(v, nnx.Variable))

    def step(i, carry):
        for t, s in zip(teacher_params, student_params):
            t[...] = decay * t[...] + (1.0 - decay) * s[...]
        return carry + 1
    return step


def main():
    student = Encoder(nnx.Rngs(0))
    teacher = Encoder(nnx.Rngs(1))
    step = make_ema_step(teacher, student, decay=0.9)
    lax.fori_loop(0, 5, step, 0)
    gap = jnp.abs(teacher.l1.kernel[...] - student.l1.kernel[...]).max()
    print(gap)
    return None
