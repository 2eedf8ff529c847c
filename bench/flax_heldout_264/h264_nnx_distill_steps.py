# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 5 the scan body is built by the step factory `make_distill_step(student, optimizer, teacher)`; it closes over the outer student and optimizer and runs nnx.value_and_grad / optimizer.update on them
"""Knowledge distillation over a few minibatches, one optimizer step per batch."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


class Classifier(nnx.Module):
    def __init__(self, din, hidden, classes, rngs: nnx.Rngs):
        self.fc = nnx.Linear(din, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.fc(x)))


def distill_loss(student, teacher, x, temperature):
    t = jax.nn.softmax(teacher(x) / temperature)
    s = jax.nn.log_softmax(student(x) / temperature)
    return -jnp.mean(jnp.sum(t * s, axis=-1)) * temperature**2


def make_distill_step(student, optimizer, teacher, temperature=2.0):
    def step(total, x):
        loss, grads = nnx.value_and_grad(distill_loss)(student, teacher, x, temperature)
        optimizer.update(student, grads)
        return total + loss, loss

    return step


def main():
    teacher = Classifier(4, 32, 3, rngs=nnx.Rngs(1))
    student = Classifier(4, 8, 3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(student, optax.adam(1e-2), wrt=nnx.Param)
    batches = jnp.linspace(-1.0, 1.0, 3 * 5 * 4).reshape(3, 5, 4)
    total, losses = jax.lax.scan(make_distill_step(student, optimizer, teacher), 0.0, batches)
    jax.block_until_ready((total, losses, nnx.state(student)))
    return None
