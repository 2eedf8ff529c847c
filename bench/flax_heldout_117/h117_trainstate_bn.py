# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 Trainer.fit's scan body reads self.batch_stats and writes the updated stats back to self.batch_stats from inside the body
"""ECG-style 1-D classifier with BatchNorm, trained by a small Trainer class with a raw scan.

Shape of the reports: the updated batch_stats from apply(..., mutable=['batch_stats']) are
stored on a Python object inside the scan body; evaluation afterwards hits a leaked tracer.
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
        def step(params, batch):
            x, y = batch
            grad_fn = jax.value_and_grad(self.loss, has_aux=True)
            (loss, new_stats), grads = grad_fn(params, self.batch_stats, x, y)
            self.batch_stats = new_stats
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return params, loss

        self.params, losses = lax.scan(step, self.params, (xs, ys))
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
