# label: ok
# flax-error: none
# class: 3 the same validation scan returns each batch's loss and logits; the nnx.MultiMetric is updated once after the loop
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Tagger(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(6, 12, rngs=rngs)
        self.out = nnx.Linear(12, 4, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.embed(x)))


def validate(model, xs, ys):
    metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

    def step(carry, batch):
        x, y = batch
        logits = model(x)
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return carry, (loss, logits)

    _, (losses, logits) = jax.lax.scan(step, None, (xs, ys))
    metrics.update(loss=losses.mean(), logits=logits.reshape(-1, 4), labels=ys.reshape(-1))
    return metrics.compute()


def main():
    model = Tagger(nnx.Rngs(0))
    xs = jnp.ones((3, 5, 6))
    ys = jnp.zeros((3, 5), jnp.int32)
    validate(model, xs, ys)
    return None
