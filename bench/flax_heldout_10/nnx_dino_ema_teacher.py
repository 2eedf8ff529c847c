# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 module-level helper ema_update does nnx.update(teacher, ...) inside the raw scan body; models arrive as a tuple
"""DINO-style student/teacher (NNX) where the teacher's EMA update runs inside the scanned training loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Head(nnx.Module):
    def __init__(self, d_in, d_out, rngs):
        self.proj = nnx.Linear(d_in, 32, rngs=rngs)
        self.last = nnx.Linear(32, d_out, rngs=rngs)

    def __call__(self, x):
        return self.last(nnx.gelu(self.proj(x)))


def ema_update(teacher, student, momentum):
    t_state = nnx.state(teacher, nnx.Param)
    s_state = nnx.state(student, nnx.Param)
    new = jax.tree.map(lambda t, s: momentum * t + (1 - momentum) * s, t_state, s_state)
    nnx.update(teacher, new)


def dino_loss(student_out, teacher_out, temp_s=0.1, temp_t=0.04):
    t = jax.nn.softmax(teacher_out / temp_t, -1)
    return -jnp.mean(jnp.sum(t * jax.nn.log_softmax(student_out / temp_s, -1), -1))


def run_epoch(models, crops, momentum=0.996):
    student, teacher = models

    def step(carry, x):
        loss = dino_loss(student(x), teacher(x[::-1]))
        ema_update(teacher, student, momentum)
        return carry + loss, loss

    return lax.scan(step, jnp.array(0.0), crops)


def main():
    student = Head(8, 5, nnx.Rngs(0))
    teacher = Head(8, 5, nnx.Rngs(1))
    crops = jax.random.normal(jax.random.key(0), (4, 6, 8))
    total, losses = run_epoch((student, teacher), crops)
    return None
