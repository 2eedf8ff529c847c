# label: ok
# flax-error: none
# class: 2 the model is a local of evaluate closed over by the fori_loop body; it is switched to eval mode first, so the body only reads its state
"""Validation loss of an NNX classifier accumulated with jax.lax.fori_loop.

Twin of h227_nnx_val_loop: model.eval() is called before the loop, so BatchNorm uses its
running averages and Dropout is deterministic; the body only reads the closed-over model.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, din, classes, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.bn(self.l1(x)))))


def evaluate(model, xs, labels):
    def body(i, total):
        logits = model(xs[i])
        nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), labels[i][:, None], axis=1)
        return total + nll.mean()

    return jax.lax.fori_loop(0, xs.shape[0], body, 0.0) / xs.shape[0]


def main():
    model = Classifier(5, 4, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 8, 5))
    labels = jax.random.randint(jax.random.key(2), (6, 8), 0, 4)
    model.train()
    model(xs[0])  # one training-mode forward pass, as in the training loop
    model.eval()
    val_loss = evaluate(model, xs, labels)
    jax.block_until_ready(val_loss)
