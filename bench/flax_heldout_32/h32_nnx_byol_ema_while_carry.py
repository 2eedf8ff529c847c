# label: ok
# flax-error: none
# class: 3 the while_loop body calls ema_update on teacher params held in the loop state; nnx.update writes the teacher after the loop
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


def ema_update(teacher_params, student_params, decay):
    return jax.tree.map(lambda t, s: decay * t + (1 - decay) * s, teacher_params, student_params)


def distill(student, teacher, views, lr=0.1):
    graphdef, params = nnx.split(student, nnx.Param)
    t_graphdef, t_params = nnx.split(teacher, nnx.Param)

    def loss(p, tp, x):
        z = nnx.merge(graphdef, p)(x)
        target = nnx.merge(t_graphdef, tp)(x[::-1])
        return jnp.mean((z - jax.lax.stop_gradient(target)) ** 2)

    def cond(state):
        step, _, _, l = state
        return (step < MAX_STEPS) & (l > 1e-3)

    def body(state):
        step, p, tp, _ = state
        l, g = jax.value_and_grad(loss)(p, tp, views[step % views.shape[0]])
        p = optax.apply_updates(p, jax.tree.map(lambda g: -lr * g, g))
        tp = ema_update(tp, p, DECAY)
        return step + 1, p, tp, l

    _, params, t_params, last = while_loop(cond, body, (0, params, t_params, jnp.inf))
    nnx.update(student, params)
    nnx.update(teacher, t_params)
    return last


def main():
    student = Encoder(nnx.Rngs(0))
    teacher = Encoder(nnx.Rngs(1))
    views = jax.random.normal(jax.random.key(2), (3, 5, DIM))
    last = distill(student, teacher, views)
    assert jnp.isfinite(last)
    return None
