# label: ok
# flax-error: none
# class: 2 the model argument of evaluate() is switched to eval mode before the scan and then called directly in the body
"""Evaluating an NNX classifier with BatchNorm over batches with a raw jax.lax.scan.

Twin of h196_nnx_bn_eval_scan: model.eval() before the loop, so the body only reads the model.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(din, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.linear2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        return self.linear2(nnx.relu(self.bn(self.linear1(x))))


def evaluate(model, xs, ys):
    model.eval()

    def body(correct, batch):
        x, y = batch
        logits = model(x)
        return correct + jnp.sum(jnp.argmax(logits, -1) == y), None

    correct, _ = lax.scan(body, 0, (xs, ys))
    return correct / ys.size


def main():
    model = Classifier(5, 3, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(0), (4, 16, 5))
    ys = jax.random.randint(jax.random.key(1), (4, 16), 0, 3)
    model(xs[0])
    accuracy = evaluate(model, xs, ys)
    print(accuracy)
    return None


if __name__ == "__main__":
    main()
