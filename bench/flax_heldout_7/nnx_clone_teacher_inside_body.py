# label: ok
# flax-error: none
# class: 3 nnx.clone of an outside student model taken inside one lax.switch branch of a raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Student(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, x):
        return jnp.tanh(self.fc(x))


def main():
    student = Student(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(3), (6, 4))

    def snapshot(x):
        teacher = nnx.clone(student)
        return teacher(x)

    def direct(x):
        return student(x)

    def damped(x):
        return 0.5 * student(x)

    def step(c, inp):
        i, x = inp
        y = jax.lax.switch(i % 3, [snapshot, direct, damped], x)
        return c + jnp.sum(y), y

    total, ys = jax.lax.scan(step, 0.0, (jnp.arange(6), xs))
    total.block_until_ready()
    return None
