# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an Evaluator holds the model the Trainer left in train mode; the fori_loop body calls self.model, whose BatchNorm updates its stats
"""Train with nnx.jit, then evaluate with a lax.fori_loop over validation batches; the trainer
switches the model to train mode and the evaluator uses it as it is."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class BNNet(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.fc = nnx.Linear(din, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.out = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.bn(self.fc(x))))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(lr, momentum=0.9), wrt=nnx.Param)

    def fit(self, xs, ys):
        self.model.train()
        for x, y in zip(xs, ys):
            train_step(self.model, self.optimizer, x, y)


class Evaluator:
    def __init__(self, model):
        self.model = model

    def accuracy(self, xs, ys):
        n = xs.shape[0]

        def body(i, acc):
            logits = self.model(xs[i])
            return acc + jnp.mean(jnp.argmax(logits, -1) == ys[i])

        return jax.lax.fori_loop(0, n, body, jnp.zeros(())) / n


def main():
    model = BNNet(5, 3, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (3, 16, 5))
    ys = jax.random.randint(jax.random.key(2), (3, 16), 0, 3)
    Trainer(model, 0.05).fit(xs, ys)
    Evaluator(model).accuracy(xs, ys)
    return None
