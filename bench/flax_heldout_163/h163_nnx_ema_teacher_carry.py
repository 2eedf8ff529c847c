# label: ok
# flax-error: none
# class: 4 the whole distiller's state is carried through scan; the body merges it, trains d.student and calls d.ema_update on the merged copy
"""Mean-teacher distillation with an EMA teacher in NNX.

The Distiller holds a student and a teacher of the same architecture. The
training loop is a raw lax.scan over batches: the distiller's whole state
(student and teacher) is split out and carried through the scan. In the body
the student is trained with SGD and ema_update moves the teacher towards it.
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
    graphdef, state = nnx.split(distiller)

    def body(state, batch):
        x, y = batch
        d = nnx.merge(graphdef, state)
        target = d.teacher(x)

        def loss_fn(m):
            out = m(x)
            return jnp.mean((out - y) ** 2) + 0.5 * jnp.mean((out - target) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(d.student)
        params = nnx.state(d.student, nnx.Param)
        nnx.update(d.student, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        d.ema_update(d.student)
        return nnx.state(d), loss

    state, losses = scan(body, state, (xs, ys))
    nnx.update(distiller, state)
    return losses


def main():
    kx, ky = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(kx, (6, 8, 4))
    ys = jax.random.normal(ky, (6, 8, 2))
    distiller = Distiller(nnx.Rngs(0))
    losses = train(distiller, xs, ys)
    print("losses", losses, "teacher out", distiller.teacher(xs[0]).mean())
    return None
