# label: ok
# flax-error: none
# class: 3 Trainer.fit's scan body gets the batch stats through the carry (initialised from self.batch_stats) and they are written back after the loop
"""ECG-style 1-D classifier with BatchNorm, trained by a small Trainer class with a raw scan.

Twin of h117_trainstate_bn: the batch statistics travel in the scan carry and are stored on
the trainer only after the loop returns.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ECGNet(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, kernel_size=(5,), strides=(2,))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=1)
        return nn.Dense(self.classes)(x)


class Trainer:
    def __init__(self, model, variables, lr=0.05):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.lr = lr

    def loss(self, params, batch_stats, x, y):
        logits, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        onehot = jax.nn.one_hot(y, logits.shape[-1])
        return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), -1)), updates["batch_stats"]

    def fit(self, xs, ys):
        def step(carry, batch):
            params, batch_stats = carry
            x, y = batch
            grad_fn = jax.value_and_grad(self.loss, has_aux=True)
            (loss, batch_stats), grads = grad_fn(params, batch_stats, x, y)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return (params, batch_stats), loss

        (self.params, self.batch_stats), losses = lax.scan(
            step, (self.params, self.batch_stats), (xs, ys)
        )
        return losses

    def evaluate(self, x):
        return self.model.apply({"params": self.params, "batch_stats": self.batch_stats}, x, train=False)


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 16, 64, 1))
    ys = jax.random.randint(jax.random.key(1), (4, 16), 0, 3)
    model = ECGNet()
    trainer = Trainer(model, model.init(jax.random.key(2), xs[0], train=False))
    losses = trainer.fit(xs, ys)
    preds = trainer.evaluate(xs[0]).argmax(-1)
    print("losses", losses, "acc", float((preds == ys[0]).mean()))
    return None
