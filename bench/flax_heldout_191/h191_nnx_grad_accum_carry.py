# label: ok
# flax-error: none
# class: 4 the trainer's model is split before the loop; its parameters enter the scan over micro-batches as carry and are merged for jax.value_and_grad in the body
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
        graphdef, params, rest = nnx.split(self.model, nnx.Param, ...)
        zeros = jax.tree.map(jnp.zeros_like, params)

        def body(carry, micro):
            params, acc = carry
            mx, my = micro

            def pure_loss(p):
                return clause_loss(nnx.merge(graphdef, p, rest), mx, my)

            loss, grads = jax.value_and_grad(pure_loss)(params)
            return (params, jax.tree.map(jnp.add, acc, grads)), loss

        (_, grads), losses = lax.scan(body, (params, zeros), (xs, ys))
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
