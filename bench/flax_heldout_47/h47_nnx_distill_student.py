# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the Distiller merges the student from the scan carry and stores the merged (traced) student on self.student inside the body; it is evaluated after the loop
"""NNX distillation toolkit: a frozen teacher supervises a student trained in a raw scan."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Teacher(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Student(nnx.Module):
    def __init__(self, rngs):
        self.l = nnx.Linear(4, 3, rngs=rngs)

    def __call__(self, x):
        return self.l(x)


def kd_loss(student, teacher_logits, x, temperature):
    s = jax.nn.log_softmax(student(x) / temperature)
    t = jax.nn.softmax(teacher_logits / temperature)
    return -jnp.mean(jnp.sum(t * s, axis=-1))


class Distiller:
    def __init__(self, teacher, student, temperature=2.0):
        self.teacher, self.student = teacher, student
        self.teacher.eval()
        self.temperature = temperature
        self.tx = optax.sgd(0.1)

    def distill(self, xs):
        graphdef, params = nnx.split(self.student, nnx.Param)
        opt_state = self.tx.init(params)

        def body(carry, x):
            params, opt_state = carry
            student = nnx.merge(graphdef, params)
            t_logits = jax.lax.stop_gradient(self.teacher(x))
            grads = nnx.grad(kd_loss)(student, t_logits, x, self.temperature)
            updates, opt_state = self.tx.update(grads, opt_state)
            params = optax.apply_updates(nnx.state(student, nnx.Param), updates)
            self.student = nnx.merge(graphdef, params)
            return (params, opt_state), None

        jax.lax.scan(body, (params, opt_state), xs)
        return self.student(xs[0]).mean()


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 5, 4))
    d = Distiller(Teacher(nnx.Rngs(1)), Student(nnx.Rngs(2)))
    d.distill(xs)
    return None
