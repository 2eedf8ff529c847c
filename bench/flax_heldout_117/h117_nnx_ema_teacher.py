# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 Distiller.sync's while_loop body reads self.student and writes the EMA into self.teacher with nnx.update
"""Mean-teacher / self-distillation: an EMA teacher pulled towards the NNX student in a raw while_loop.

Shape of the reports: EMA of parameters computed with nnx.state / nnx.update on modules closed
over by a jax.lax.while_loop body (run until the teacher is close enough to the student).
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Distiller:
    def __init__(self, student, teacher, decay=0.5):
        self.student = student
        self.teacher = teacher
        self.decay = decay

    def gap(self):
        s = nnx.state(self.student, nnx.Param)
        t = nnx.state(self.teacher, nnx.Param)
        return sum(jnp.sum((a - b) ** 2) for a, b in zip(jax.tree.leaves(s), jax.tree.leaves(t)))

    def sync(self, tol=1e-3, max_steps=50):
        def cond(i):
            return (i < max_steps) & (self.gap() > tol)

        def body(i):
            s = nnx.state(self.student, nnx.Param)
            t = nnx.state(self.teacher, nnx.Param)
            new_t = jax.tree.map(lambda a, b: self.decay * a + (1 - self.decay) * b, t, s)
            nnx.update(self.teacher, new_t)
            return i + 1

        return lax.while_loop(cond, body, 0)


def main():
    distiller = Distiller(Net(nnx.Rngs(0)), Net(nnx.Rngs(1)))
    steps = distiller.sync()
    x = jnp.ones((2, 4))
    print("steps", steps, "gap", distiller.teacher(x) - distiller.student(x))
    return None
