# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the scan body computes an EMA of the captured teacher's params and writes it back with nnx.update(teacher, ...)
"""Mean-teacher / EMA target network updated once per scanned mini-batch.

Modelled on the manual state-update patterns discussed in google/flax#4722 (training an NNX
model with `scan`, updating state by hand) and the closure section of the NNX transforms
guide (google/flax#4333): the EMA teacher is refreshed inside the scan step with
`nnx.update`.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


def consistency(student, teacher, xs, decay=0.9):
    student_params = nnx.state(student, nnx.Param)

    def step(total, x):
        teacher_params = nnx.state(teacher, nnx.Param)
        ema = jax.tree.map(lambda t, s: decay * t + (1 - decay) * s, teacher_params, student_params)
        nnx.update(teacher, ema)
        gap = jnp.mean((teacher(x) - student(x)) ** 2)
        return total + gap, gap

    return jax.lax.scan(step, jnp.zeros(()), xs)


def main():
    student = Net(rngs=nnx.Rngs(0))
    teacher = Net(rngs=nnx.Rngs(1))
    xs = jax.random.normal(jax.random.key(2), (4, 5, 3))
    total, gaps = consistency(student, teacher, xs)
    gaps.block_until_ready()
    return None
