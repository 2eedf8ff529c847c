# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 the trainer's model attribute goes into nnx.value_and_grad inside the scan body over micro-batches, next to the trainer's nnx.Optimizer
"""Contract-clause classifier trained with gradient accumulation over micro-batches."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class ClauseClassifier(nnx.Module):
    def __init__(self, features, classes, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, 32, rngs=rngs)
        self.out = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.embed(x)))


def clause_loss(model, x, labels):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


class AccumulatingTrainer:
    def __init__(self, model, learning_rate=1e-3, micro_batches=4):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)
        self.micro_batches = micro_batches

    def train_step(self, x, labels):
        xs = x.reshape(self.micro_batches, -1, x.shape[-1])
        ys = labels.reshape(self.micro_batches, -1)
        zeros = jax.tree.map(jnp.zeros_like, nnx.state(self.model, nnx.Param))

        def body(acc, micro):
            mx, my = micro
            loss, grads = nnx.value_and_grad(clause_loss)(self.model, mx, my)
            return jax.tree.map(jnp.add, acc, grads), loss

        grads, losses = lax.scan(body, zeros, (xs, ys))
        grads = jax.tree.map(lambda g: g / self.micro_batches, grads)
        self.optimizer.update(self.model, grads)
        return losses.mean()


def main():
    x = jax.random.normal(jax.random.key(1), (32, 20))
    labels = jax.random.randint(jax.random.key(2), (32,), 0, 5)
    trainer = AccumulatingTrainer(ClauseClassifier(20, 5, rngs=nnx.Rngs(0)))
    for _ in range(2):
        loss = trainer.train_step(x, labels)
    print(float(loss))
    return None
