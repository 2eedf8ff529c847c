# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the teacher is self.teacher of the distillation trainer; the scan body updates its Params in place with nnx.update
"""DINO-style self-distillation with an EMA teacher, NNX modules, raw lax.scan over steps.

Modelled on NNX EMA questions: the student's state travels in the scan carry (split/merge), but
the teacher module is reached through the trainer object and updated in place with nnx.update
from inside the scan body.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Head(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


def distill_loss(student_logits, teacher_logits, t_s=0.1, t_t=0.04):
    p_t = jax.nn.softmax(teacher_logits / t_t)
    return -jnp.mean(jnp.sum(p_t * jax.nn.log_softmax(student_logits / t_s), axis=-1))


class DistillTrainer:
    def __init__(self, student, teacher, lr=0.05, momentum=0.9):
        self.student, self.teacher = student, teacher
        self.lr, self.momentum = lr, momentum

    def train(self, views):
        graphdef, state = nnx.split(self.student)

        def step(state, batch):
            v1, v2 = batch
            student = nnx.merge(graphdef, state)
            t_out = lax.stop_gradient(self.teacher(v2))
            grads = nnx.grad(lambda m: distill_loss(m(v1), t_out))(student)
            params = nnx.state(student, nnx.Param)
            nnx.update(student, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            m = self.momentum
            t_params = nnx.state(self.teacher, nnx.Param)
            nnx.update(self.teacher, jax.tree.map(lambda t, s: m * t + (1 - m) * s, t_params, nnx.state(student, nnx.Param)))
            return nnx.state(student), None

        state, _ = lax.scan(step, state, views)
        nnx.update(self.student, state)


def main():
    x = jax.random.normal(jax.random.key(0), (5, 8, 6))
    views = (x + 0.05, x - 0.05)
    student = Head(6, 10, nnx.Rngs(0))
    teacher = Head(6, 10, nnx.Rngs(0))
    trainer = DistillTrainer(student, teacher)
    trainer.train(views)
    jax.block_until_ready(trainer.teacher(x[0]))
