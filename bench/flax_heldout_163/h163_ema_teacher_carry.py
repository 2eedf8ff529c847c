# label: ok
# flax-error: none
# class: 1 the EMA tracker's own method runs jax.lax.scan with the teacher weights in the carry and writes its 'ema' variable once after the loop
"""Mean-teacher training with an EMA copy of the student.

A small tracker module owns the teacher weights in an 'ema' collection. Its
`fit` method trains the student with plain SGD inside jax.lax.scan; the
teacher weights travel in the scan carry next to the student and are stored
in the 'ema' variable once the loop is over. The caller applies it with
mutable=['ema'] and evaluates the teacher afterwards.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

student = nn.Dense(3)


def loss_fn(params, teacher_params, x, y):
    pred = student.apply({"params": params}, x)
    target = student.apply({"params": teacher_params}, x)
    return jnp.mean((pred - y) ** 2) + 0.1 * jnp.mean((pred - target) ** 2)


class EMATracker(nn.Module):
    decay: float = 0.9
    lr: float = 0.1

    @nn.compact
    def __call__(self, params, xs, ys):
        teacher = self.variable("ema", "params", lambda: params)

        def body(carry, batch):
            params, teacher_params = carry
            x, y = batch
            loss, grads = jax.value_and_grad(loss_fn)(params, teacher_params, x, y)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            teacher_params = jax.tree.map(
                lambda t, s: self.decay * t + (1.0 - self.decay) * s, teacher_params, params
            )
            return (params, teacher_params), loss

        (params, teacher_params), losses = jax.lax.scan(body, (params, teacher.value), (xs, ys))
        teacher.value = teacher_params
        return params, losses


def main():
    kx, ky, kp = jax.random.split(jax.random.key(0), 3)
    xs = jax.random.normal(kx, (5, 16, 4))
    ys = jax.random.normal(ky, (5, 16, 3))
    params = student.init(kp, xs[0])["params"]
    tracker = EMATracker()
    variables = tracker.init(jax.random.key(1), params, xs[:1], ys[:1])
    (params, losses), updates = tracker.apply(variables, params, xs, ys, mutable=["ema"])
    teacher_params = updates["ema"]["params"]
    teacher_out = student.apply({"params": teacher_params}, xs[0])
    print("losses", losses, "teacher output", teacher_out.mean())
    return None
