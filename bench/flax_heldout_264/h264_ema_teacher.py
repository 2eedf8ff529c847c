# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body in Distiller.__call__ calls `self.teacher.absorb(...)`, which writes the teacher's 'ema' variable (mutable at apply)
"""Mean-teacher distillation: a few inner student steps, the teacher follows by EMA."""
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class EMATeacher(nn.Module):
    features: int
    decay: float = 0.9

    def setup(self):
        self.kernel = self.variable(
            "ema", "kernel", lambda: jnp.zeros((self.features, self.features))
        )

    def absorb(self, student_kernel):
        self.kernel.value = self.decay * self.kernel.value + (1.0 - self.decay) * student_kernel

    def __call__(self, x):
        return x @ self.kernel.value


class Distiller(nn.Module):
    features: int = 4
    inner_steps: int = 3
    lr: float = 0.1

    def setup(self):
        self.student = nn.Dense(self.features, use_bias=False)
        self.teacher = EMATeacher(self.features)

    def __call__(self, x, y):
        pred = self.student(x)
        _ = self.teacher(x)
        w0 = self.student.variables["params"]["kernel"]

        def mse(w):
            return jnp.mean((x @ w - y) ** 2)

        def inner(i, w):
            w = w - self.lr * jax.grad(mse)(w)
            self.teacher.absorb(w)
            return w

        w = lax.fori_loop(0, self.inner_steps, inner, w0)
        return pred, mse(w)


def evaluate(model: Any, variables, x):
    return model.apply(variables, x, method=lambda m, x: m.teacher(x))


def main():
    x = jnp.linspace(-1.0, 1.0, 8).reshape(2, 4)
    y = jnp.flip(x, axis=-1)
    model = Distiller()
    variables = model.init(jax.random.key(0), x, y)
    (_, loss), updates = model.apply(variables, x, y, mutable=["ema"])
    variables = {**variables, **updates}
    teacher_out = evaluate(model, variables, x)
    jax.block_until_ready((loss, teacher_out))
    return None
