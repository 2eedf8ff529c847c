# label: ok
# flax-error: none
# class: 3 distillation trainer passes the student (BatchNorm, train mode) through the raw scan carry as a pytree and stores the returned student after the loop
"""Teacher/student distillation in NNX: a frozen teacher and a student with BatchNorm; the
trainer computes the distillation loss over a stream of batches with a raw lax.scan."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class Net(nnx.Module):
    def __init__(self, width, rngs):
        self.fc = nnx.Linear(6, width, rngs=rngs)
        self.bn = nnx.BatchNorm(width, rngs=rngs)
        self.head = nnx.Linear(width, 4, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.bn(self.fc(x))))


class DistillTrainer:
    def __init__(self, teacher, student, temperature=2.0):
        self.teacher = teacher
        self.student = student
        self.temperature = temperature
        self.teacher.eval()
        self.student.train()

    def distill_loss(self, batches):
        def body(carry, x):
            student, total = carry
            t = jax.nn.softmax(self.teacher(x) / self.temperature)
            s = student(x) / self.temperature
            return (student, total + optax.softmax_cross_entropy(s, t).mean()), None

        (student, total), _ = lax.scan(body, (self.student, 0.0), batches)
        nnx.update(self.student, nnx.state(student))
        return total


def main():
    teacher = Net(32, nnx.Rngs(0))
    student = Net(8, nnx.Rngs(1))
    DistillTrainer(teacher, student).distill_loss(jnp.ones((3, 5, 6)))
    return None
