# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body calls self.ema_step(), which nnx.update-s self.pair.teacher with an average of self.pair.student's params
"""Mean-teacher EMA of an NNX student network inside a raw fori_loop.

Modelled on BYOL/mean-teacher ports to NNX: the teacher's weights are an
exponential moving average of the student's. To run several EMA steps per
outer step without a Python loop, the user wraps the update in
jax.lax.fori_loop and writes the teacher back with nnx.update in the body.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


class StudentTeacher(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.student = Encoder(rngs)
        self.teacher = Encoder(rngs)


class MeanTeacher:
    def __init__(self, pair, decay=0.99):
        self.pair = pair
        self.decay = decay

    def ema_step(self):
        s = nnx.state(self.pair.student, nnx.Param)
        t = nnx.state(self.pair.teacher, nnx.Param)
        new_t = jax.tree.map(lambda a, b: self.decay * a + (1 - self.decay) * b, t, s)
        nnx.update(self.pair.teacher, new_t)

    def run(self, n_steps):
        def body(i, carry):
            self.ema_step()
            return carry

        jax.lax.fori_loop(0, n_steps, body, 0)


def main():
    pair = StudentTeacher(nnx.Rngs(0))
    mt = MeanTeacher(pair)
    mt.run(5)
    x = jnp.ones((2, 6))
    print(jnp.abs(pair.teacher(x) - pair.student(x)).mean())
    return None
