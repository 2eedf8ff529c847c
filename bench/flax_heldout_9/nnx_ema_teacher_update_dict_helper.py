# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 student and teacher held in a dict; a helper called from the raw scan body does nnx.update on the teacher
import jax
import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, x):
        return jnp.tanh(self.fc(x))


def ema_update(models, decay):
    student_state = nnx.state(models["student"], nnx.Param)
    teacher_state = nnx.state(models["teacher"], nnx.Param)
    new_state = jax.tree.map(lambda t, s: decay * t + (1 - decay) * s, teacher_state, student_state)
    nnx.update(models["teacher"], new_state)


def main():
    models = {"student": Encoder(nnx.Rngs(0)), "teacher": Encoder(nnx.Rngs(1))}
    views = jax.random.normal(jax.random.key(2), (5, 4))

    def body(carry, x):
        ema_update(models, 0.9)
        gap = jnp.sum((models["student"](x) - models["teacher"](x)) ** 2)
        return carry + gap, None

    total, _ = jax.lax.scan(body, 0.0, views)
    total.block_until_ready()
    return None
