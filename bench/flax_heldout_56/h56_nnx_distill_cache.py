# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a Distiller's TeacherCache (plain Python) is filled with the eval-mode nnx teacher's logits inside a fori_loop body; the student loss after the loop reads the cached logits
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Net(nnx.Module):
    def __init__(self, width, rngs):
        self.l1 = nnx.Linear(4, width, rngs=rngs)
        self.l2 = nnx.Linear(width, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


@dataclasses.dataclass
class TeacherCache:
    logits: jax.Array | None = None
    hits: int = 0


class Distiller:
    def __init__(self, teacher, student, temperature=2.0):
        self.teacher = teacher
        self.student = student
        self.temperature = temperature
        self.cache = TeacherCache()
        self.optimizer = nnx.Optimizer(student, optax.adam(1e-3), wrt=nnx.Param)

    def precompute_teacher(self, xs):
        self.teacher.eval()

        def body(i, agree):
            t_logits = self.teacher(xs[i])
            self.cache.logits = t_logits
            self.cache.hits += 1
            return agree + (jnp.argmax(t_logits, -1) == jnp.argmax(self.student(xs[i]), -1)).mean()

        return jax.lax.fori_loop(0, xs.shape[0], body, jnp.float32(0.0))

    def student_step(self, x):
        targets = jax.nn.softmax(self.cache.logits / self.temperature)

        def loss_fn(s):
            return optax.softmax_cross_entropy(s(x) / self.temperature, targets).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(self.student)
        self.optimizer.update(self.student, grads)
        return loss


def main():
    distiller = Distiller(Net(16, nnx.Rngs(0)), Net(4, nnx.Rngs(1)))
    xs = jax.random.normal(jax.random.key(2), (3, 5, 4))
    distiller.precompute_teacher(xs)
    distiller.student_step(xs[-1])
    return None
