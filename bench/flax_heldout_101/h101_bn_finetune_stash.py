# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the updated batch_stats are stored on the Trainer object (self.batch_stats) inside the scan body instead of being carried
"""Fine-tune a small BN convnet on a new task with a scanned training loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(2)(x)


class Trainer:
    def __init__(self, model, variables, lr=0.05):
        self.model = model
        self.params = variables['params']
        self.batch_stats = variables['batch_stats']
        self.lr = lr

    def loss(self, params, x, y):
        logits, updates = self.model.apply(
            {'params': params, 'batch_stats': self.batch_stats}, x, train=True,
            mutable=['batch_stats'])
        onehot = jax.nn.one_hot(y, 2)
        return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), -1)), updates

    def fit(self, xs, ys):
        def step(params, batch):
            x, y = batch
            (loss, updates), grads = jax.value_and_grad(self.loss, has_aux=True)(params, x, y)
            self.batch_stats = updates['batch_stats']
            params = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, params, grads)
            return params, loss

        self.params, losses = jax.lax.scan(step, self.params, (xs, ys))
        return losses

    def evaluate(self, x):
        return self.model.apply({'params': self.params, 'batch_stats': self.batch_stats}, x, train=False)


def main():
    model = ConvNet()
    xs = jax.random.normal(jax.random.PRNGKey(1), (6, 4, 8, 8, 3))
    ys = jnp.arange(6 * 4).reshape(6, 4) % 2
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    trainer = Trainer(model, variables)
    trainer.fit(xs, ys)
    print(trainer.evaluate(xs[0]).shape)
    return None
