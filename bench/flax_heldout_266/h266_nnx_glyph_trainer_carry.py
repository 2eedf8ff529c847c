# label: ok
# flax-error: none
# class: 3 the fori_loop body of GlyphTrainer.fit takes the parameter state from self.params threaded through the carry; the final carry is stored on self.params and finish() writes it into the model
"""OCR glyph classifier: a small training run followed by an evaluation pass."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class GlyphData:
    def __init__(self, steps=4, batch=6, features=5, classes=3):
        self.steps, self.batch, self.features, self.classes = steps, batch, features, classes

    def training_batches(self):
        x = jnp.sin(jnp.arange(self.steps * self.batch * self.features, dtype=jnp.float32))
        x = x.reshape(self.steps, self.batch, self.features)
        y = jnp.arange(self.steps * self.batch).reshape(self.steps, self.batch) % self.classes
        return x, y

    def holdout(self):
        x, y = self.training_batches()
        return x[0], y[0]


class GlyphClassifier(nnx.Module):
    def __init__(self, features, classes, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 8, rngs=rngs)
        self.out = nnx.Linear(8, classes, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


def cross_entropy(logits, labels):
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))


class GlyphTrainer:
    def __init__(self, model: GlyphClassifier, lr: float = 0.1):
        self.model = model
        self.lr = lr
        self.graphdef, self.params = nnx.split(model, nnx.Param)

    def loss(self, params, x, y):
        return cross_entropy(nnx.merge(self.graphdef, params)(x), y)

    def fit(self, xs, ys):
        def body(i, carry):
            params, total = carry
            loss, grads = jax.value_and_grad(self.loss)(params, xs[i], ys[i])
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return params, total + loss

        self.params, total = lax.fori_loop(0, xs.shape[0], body, (self.params, jnp.zeros(())))
        return total

    def finish(self):
        nnx.update(self.model, self.params)
        return self.model


def accuracy(model, x, y):
    return jnp.mean(jnp.argmax(model(x), axis=-1) == y)


def main():
    data = GlyphData()
    xs, ys = data.training_batches()
    trainer = GlyphTrainer(GlyphClassifier(data.features, data.classes, nnx.Rngs(0)))
    total = trainer.fit(xs, ys)
    model = trainer.finish()
    acc = accuracy(model, *data.holdout())
    jax.block_until_ready((total, acc))
