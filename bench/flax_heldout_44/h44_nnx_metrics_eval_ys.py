# label: ok
# flax-error: none
# class: 3 an Evaluator's scan body returns each batch's loss and logits as ys; self.metrics.update runs after the loop on concrete values
"""NNX evaluation loop accumulating nnx.metrics over a stacked eval set."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(4, 16, rngs=rngs)
        self.out = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.fc(x)))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def eval_step(self, x, labels):
        logits = self.model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, logits

    def evaluate(self, xs, labels):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            loss, logits = self.eval_step(x, y)
            return carry, (loss, logits)

        _, (losses, logits) = jax.lax.scan(body, None, (xs, labels))
        for i in range(xs.shape[0]):
            self.metrics.update(loss=losses[i], logits=logits[i], labels=labels[i])
        return self.metrics.compute()


def main():
    evaluator = Evaluator(Classifier(nnx.Rngs(0)))
    results = evaluator.evaluate(jnp.ones((5, 8, 4)), jnp.zeros((5, 8), jnp.int32))
    jax.block_until_ready(results)
    return None
