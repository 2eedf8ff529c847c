# label: ok
# flax-error: none
# class: 3 a FineTuner object holds the NNX model and nnx.Optimizer; a job queue scans over batches and the pair is split before the loop, merged in the body and its state carried out
"""Legal-document classifier fine-tuned from a batch job queue of newly reviewed documents."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class DocClassifier(nnx.Module):
    def __init__(self, din, classes, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(din, 32, rngs=rngs)
        self.head = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.encoder(x)))


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


class FineTuner:
    def __init__(self, model, lr=1e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(lr), wrt=nnx.Param)

    @staticmethod
    def step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return loss


class ReviewQueue:
    def __init__(self, tuner):
        self.tuner = tuner
        self.pending = []

    def add(self, x, y):
        self.pending.append((x, y))

    def flush(self):
        xs = jnp.stack([x for x, _ in self.pending])
        ys = jnp.stack([y for _, y in self.pending])

        graphdef, state = nnx.split((self.tuner.model, self.tuner.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = FineTuner.step(model, optimizer, *batch)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.tuner.model, self.tuner.optimizer), state)
        self.pending = []
        return losses


def main():
    model = DocClassifier(48, 4, rngs=nnx.Rngs(0))
    queue = ReviewQueue(FineTuner(model))
    for i in range(3):
        queue.add(jnp.full((8, 48), 0.1 * i), jnp.full((8,), i % 4))
    queue.flush()
    return None
