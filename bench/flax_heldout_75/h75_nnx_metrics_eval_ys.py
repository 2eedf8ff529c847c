# label: ok
# flax-error: none
# class: 3 an evaluator holds an nnx.MultiMetric; the evaluation scan body returns logits and losses as ys and self.metrics.update runs after the loop
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class TextClassifier(nnx.Module):
    def __init__(self, vocab, dim, classes, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(dim, classes, rngs=rngs)

    def __call__(self, tokens):
        return self.head(self.drop(self.embed(tokens).mean(axis=1)))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def evaluate(self, tokens, labels):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return carry, (logits, loss)

        _, (logits, losses) = jax.lax.scan(body, None, (tokens, labels))
        for step in range(tokens.shape[0]):
            self.metrics.update(logits=logits[step], labels=labels[step], loss=losses[step])
        return self.metrics.compute()


def main():
    tokens = jax.random.randint(jax.random.key(1), (4, 8, 10), 0, 50)
    labels = jax.random.randint(jax.random.key(2), (4, 8), 0, 3)
    Evaluator(TextClassifier(50, 16, 3, rngs=nnx.Rngs(0))).evaluate(tokens, labels)
    return None
