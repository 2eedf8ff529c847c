# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 distillation trainer closes over the student (BatchNorm, train mode) stored on the trainer; the raw scan body calls it, updating batch_stats
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
        def body(total, x):
            t = jax.nn.softmax(self.teacher(x) / self.temperature)
            s = self.student(x) / self.temperature
            return total + optax.softmax_cross_entropy(s, t).mean(), None

        total, _ = lax.scan(body, 0.0, batches)
        return total


def main():
    teacher = Net(32, nnx.Rngs(0))
    student = Net(8, nnx.Rngs(1))
    DistillTrainer(teacher, student).distill_loss(jnp.ones((3, 5, 6)))
    return None
