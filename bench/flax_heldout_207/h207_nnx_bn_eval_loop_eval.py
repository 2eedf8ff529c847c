# label: ok
# flax-error: none
# class: 2 the local `model` of evaluate() is switched with model.eval() before the loop and then called directly inside the while_loop body
"""Validation loss of a small NNX MLP classifier, accumulated over batches in a while_loop
right after a training step."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.bn(self.l1(x)))))


def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def evaluate(model, xs, ys):
    def cond(carry):
        return carry[0] < xs.shape[0]

    def body(carry):
        i, total = carry
        logits = model(xs[i])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, ys[i]).mean()
        return i + 1, total + loss

    model.eval()
    _, total = lax.while_loop(cond, body, (0, jnp.float32(0.0)))
    model.train()
    return total / xs.shape[0]


def main():
    model = Classifier(nnx.Rngs(0, dropout=1))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(2), (4, 16, 8))
    ys = jax.random.randint(jax.random.key(3), (4, 16), 0, 3)
    train_step(model, optimizer, xs[0], ys[0])
    evaluate(model, xs, ys)
    return None


if __name__ == "__main__":
    main()
