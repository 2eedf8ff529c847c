# label: ok
# flax-error: none
# class: 4 Trainer.fit splits (self.model, self.optimizer) into graphdef and state; the state travels in the scan carry, _train_step merges it, and nnx.update writes it back
"""Dental x-ray triage: a bitewing caries classifier is fine-tuned on a clinic's batches. The
trainer owns the model and an nnx.Optimizer driven by a warmup-cosine learning-rate schedule, and
runs the epoch as one lax.scan whose carry is the split state of model and optimizer."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class CariesClassifier(nnx.Module):
    def __init__(self, pixels: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(pixels, 32, rngs=rngs)
        self.head = nnx.Linear(32, 3, rngs=rngs)  # sound / enamel lesion / dentine lesion

    def __call__(self, images):
        return self.head(nnx.gelu(self.encoder(images)))


def warmup_cosine(total_steps):
    return optax.warmup_cosine_decay_schedule(0.0, 3e-3, warmup_steps=2, decay_steps=total_steps)


class Trainer:
    def __init__(self, model, schedule):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(schedule), wrt=nnx.Param)

    @staticmethod
    def _loss(model, images, labels):
        logits = model(images)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    def _train_step(self, graphdef, state, images, labels):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(self._loss)(model, images, labels)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    def fit(self, images, labels):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            return self._train_step(graphdef, state, *batch)

        state, losses = jax.lax.scan(body, state, (images, labels))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    model = CariesClassifier(48, nnx.Rngs(0))
    images = jax.random.uniform(jax.random.key(1), (6, 8, 48))
    labels = jax.random.randint(jax.random.key(2), (6, 8), 0, 3)
    trainer = Trainer(model, warmup_cosine(total_steps=6))
    trainer.fit(images, labels).block_until_ready()
    return None
