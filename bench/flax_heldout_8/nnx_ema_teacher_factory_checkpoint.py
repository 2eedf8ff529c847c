# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a module-level factory builds the step over student/teacher passed as **kwargs; the step is wrapped in jax.checkpoint at the scan call site and EMA-updates the teacher
import jax
import jax.numpy as jnp
from flax import nnx


class Backbone(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(8, 8, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.proj(x))


def ema_update(teacher, student, decay):
    t_params = nnx.state(teacher, nnx.Param)
    s_params = nnx.state(student, nnx.Param)
    nnx.update(teacher, jax.tree.map(lambda t, s: decay * t + (1 - decay) * s, t_params, s_params))


def make_step(decay=0.99, **models):
    def step(loss_acc, views):
        a, b = views
        loss = jnp.mean((models["student"](a) - jax.lax.stop_gradient(models["teacher"](b))) ** 2)
        ema_update(models["teacher"], models["student"], decay)
        return loss_acc + loss, loss

    return step


def main():
    student = Backbone(nnx.Rngs(0))
    teacher = Backbone(nnx.Rngs(1))
    views = jax.random.normal(jax.random.key(2), (2, 6, 4, 8))
    step = make_step(student=student, teacher=teacher)
    total, losses = jax.lax.scan(jax.checkpoint(step), 0.0, (views[0], views[1]))
    print(total)
    return None
