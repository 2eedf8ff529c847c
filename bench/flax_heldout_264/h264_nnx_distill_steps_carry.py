# label: ok
# flax-error: none
# class: 5 the scan body is built by the step factory `make_distill_step(graphdef)`; the student, optimizer and teacher state go through the carry, are merged in the body and put back with nnx.update after the loop
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


def make_distill_step(graphdef, temperature=2.0):
    def step(state, x):
        student, optimizer, teacher = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(distill_loss)(student, teacher, x, temperature)
        optimizer.update(student, grads)
        return nnx.state((student, optimizer, teacher)), loss

    return step


def main():
    teacher = Classifier(4, 32, 3, rngs=nnx.Rngs(1))
    student = Classifier(4, 8, 3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(student, optax.adam(1e-2), wrt=nnx.Param)
    batches = jnp.linspace(-1.0, 1.0, 3 * 5 * 4).reshape(3, 5, 4)
    graphdef, state = nnx.split((student, optimizer, teacher))
    state, losses = jax.lax.scan(make_distill_step(graphdef), state, batches)
    nnx.update((student, optimizer, teacher), state)
    jax.block_until_ready((losses, nnx.state(student)))
    return None
