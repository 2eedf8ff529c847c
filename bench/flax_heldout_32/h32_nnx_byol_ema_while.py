# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the while_loop body calls ema_update, which nnx.update's the closed-over teacher module with the blended state
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import while_loop

DIM, MAX_STEPS, DECAY = 4, 6, 0.9


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(DIM, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, DIM, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


def ema_update(teacher, student_params, decay):
    teacher_params = nnx.state(teacher, nnx.Param)
    new = jax.tree.map(lambda t, s: decay * t + (1 - decay) * s, teacher_params, student_params)
    nnx.update(teacher, new)


def distill(student, teacher, views, lr=0.1):
    graphdef, params = nnx.split(student, nnx.Param)

    def loss(p, x):
        z = nnx.merge(graphdef, p)(x)
        return jnp.mean((z - jax.lax.stop_gradient(teacher(x[::-1]))) ** 2)

    def cond(state):
        step, _, l = state
        return (step < MAX_STEPS) & (l > 1e-3)

    def body(state):
        step, p, _ = state
        l, g = jax.value_and_grad(loss)(p, views[step % views.shape[0]])
        p = optax.apply_updates(p, jax.tree.map(lambda g: -lr * g, g))
        ema_update(teacher, p, DECAY)
        return step + 1, p, l

    _, params, last = while_loop(cond, body, (0, params, jnp.inf))
    nnx.update(student, params)
    return last


def main():
    student = Encoder(nnx.Rngs(0))
    teacher = Encoder(nnx.Rngs(1))
    views = jax.random.normal(jax.random.key(2), (3, 5, DIM))
    last = distill(student, teacher, views)
    assert jnp.isfinite(last)
    return None
