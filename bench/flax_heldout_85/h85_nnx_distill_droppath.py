# label: same-values
# flax-error: none
# class: 3 the Distiller draws one key from its nnx.Rngs before the scan; every step wraps that same key in nnx.Rngs(dropout=key) for the student's drop-path
"""Model-compression toolkit: distil into a student regularised by stochastic depth (drop-path)."""
import jax
import jax.numpy as jnp
from flax import nnx


class StudentBlock(nnx.Module):
    def __init__(self, dim, drop_rate, *, rngs):
        self.fc = nnx.Linear(dim, dim, rngs=rngs)
        self.drop_path = nnx.Dropout(drop_rate)

    def __call__(self, x, rngs=None):
        keep = self.drop_path(jnp.ones((x.shape[0], 1)), rngs=rngs)
        return x + keep * nnx.gelu(self.fc(x)), keep


class DistillHooks:
    def __init__(self):
        self.on_step = []


class Distiller:
    def __init__(self, student, teacher_fn, hooks, rngs):
        self.student = student
        self.rngs = rngs
        self.teacher_fn = teacher_fn
        self.hooks = hooks

    def run(self, batches):
        self.student.train()
        key = self.rngs.dropout()

        def body(carry, x):
            out, keep = self.student(x, rngs=nnx.Rngs(dropout=key))
            loss = jnp.mean((out - self.teacher_fn(x)) ** 2)
            return carry + loss, keep[:, 0]

        _, keeps = jax.lax.scan(body, jnp.zeros(()), batches)
        return keeps


def main():
    student = StudentBlock(8, 0.5, rngs=nnx.Rngs(0))
    distiller = Distiller(student, jnp.tanh, DistillHooks(), nnx.Rngs(dropout=1))
    batches = jax.random.normal(jax.random.PRNGKey(1), (5, 16, 8))
    return distiller.run(batches)
