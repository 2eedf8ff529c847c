# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body carries the student's state but calls distiller.ema_update, which writes distiller.teacher's Params (distiller closed over)
"""Mean-teacher distillation with an EMA teacher in NNX.

The Distiller holds a student and a teacher of the same architecture. The
training loop is a raw lax.scan over batches: the student's state is split
out and carried through the scan, trained with SGD in the body, and after
each step distiller.ema_update moves the teacher towards the student.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Distiller(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, decay: float = 0.95):
        self.student = Net(rngs)
        self.teacher = nnx.clone(self.student)
        self.decay = decay

    def ema_update(self, student):
        s = nnx.state(student, nnx.Param)
        t = nnx.state(self.teacher, nnx.Param)
        new = jax.tree.map(lambda a, b: self.decay * a + (1 - self.decay) * b, t, s)
        nnx.update(self.teacher, new)


def train(distiller, xs, ys, lr=0.05):
    graphdef, s_state = nnx.split(distiller.student)

    def body(s_state, batch):
        x, y = batch
        student = nnx.merge(graphdef, s_state)
        target = distiller.teacher(x)

        def loss_fn(m):
            out = m(x)
            return jnp.mean((out - y) ** 2) + 0.5 * jnp.mean((out - target) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(student)
        params = nnx.state(student, nnx.Param)
        nnx.update(student, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        distiller.ema_update(student)
        return nnx.state(student), loss

    s_state, losses = scan(body, s_state, (xs, ys))
    nnx.update(distiller.student, s_state)
    return losses


def main():
    kx, ky = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(kx, (6, 8, 4))
    ys = jax.random.normal(ky, (6, 8, 2))
    distiller = Distiller(nnx.Rngs(0))
    losses = train(distiller, xs, ys)
    print("losses", losses, "teacher out", distiller.teacher(xs[0]).mean())
    return None
