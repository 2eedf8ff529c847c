# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 MeanTeacher.run scans a step that calls the ema_update helper, which nnx.update()s the teacher held on the MeanTeacher object from inside the loop
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(3, 3, rngs=rngs)

    def __call__(self, x):
        return jnp.tanh(self.fc(x))


def ema_update(teacher, student, decay):
    t = nnx.state(teacher, nnx.Param)
    s = nnx.state(student, nnx.Param)
    nnx.update(teacher, jax.tree.map(lambda a, b: decay * a + (1 - decay) * b, t, s))


class MeanTeacher:
    def __init__(self, decay=0.9):
        self.student = Net(nnx.Rngs(0))
        self.teacher = Net(nnx.Rngs(1))
        self.decay = decay

    def run(self, xs):
        def step(carry, x):
            ema_update(self.teacher, self.student, self.decay)
            return carry, self.teacher(x)

        _, targets = jax.lax.scan(step, None, xs)
        return targets


def main():
    mt = MeanTeacher()
    targets = mt.run(jnp.ones((4, 2, 3)))
    targets.block_until_ready()
    return None
