# label: ok
# flax-error: none
# class: 4 the scan body calls self.experiment.model after it was switched to evaluation mode with model.eval() (running averages, no dropout, no state update)
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax
from jax.lax import scan


class Block(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.bn = nnx.BatchNorm(dout, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, x):
        return self.dropout(nnx.relu(self.bn(self.linear(x))))


class Classifier(nnx.Module):
    def __init__(self, din, classes, rngs):
        self.block1 = Block(din, 16, rngs)
        self.block2 = Block(16, 16, rngs)
        self.head = nnx.Linear(16, classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.block2(self.block1(x)))


class Experiment:
    def __init__(self, seed=0):
        self.model = Classifier(4, 3, nnx.Rngs(params=seed, dropout=seed + 1))
        self.optimizer = nnx.Optimizer(self.model, optax.adamw(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class Evaluator:
    def __init__(self, experiment):
        self.experiment = experiment

    def accuracy(self, xs, ys):
        self.experiment.model.eval()

        def batch_correct(total, batch):
            x, y = batch
            logits = self.experiment.model(x)
            return total + jnp.sum(jnp.argmax(logits, -1) == y), None

        correct, _ = scan(batch_correct, 0, (xs, ys))
        return correct / ys.size


def main():
    kx, ky = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(kx, (3, 8, 4))
    ys = jax.random.randint(ky, (3, 8), 0, 3)
    experiment = Experiment()
    experiment.model.train()
    for x, y in zip(xs, ys):
        train_step(experiment.model, experiment.optimizer, x, y)
    acc = Evaluator(experiment).accuracy(xs, ys)
    jax.block_until_ready(acc)
