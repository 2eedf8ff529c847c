# label: ok
# flax-error: none
# class: 3 the Trainer's batch_stats enter the scan body through the carry and are written back to the object after the loop
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

    def loss(self, params, batch_stats, x, y):
        logits, updates = self.model.apply(
            {'params': params, 'batch_stats': batch_stats}, x, train=True,
            mutable=['batch_stats'])
        onehot = jax.nn.one_hot(y, 2)
        return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), -1)), updates

    def fit(self, xs, ys):
        def step(carry, batch):
            params, batch_stats = carry
            x, y = batch
            (loss, updates), grads = jax.value_and_grad(self.loss, has_aux=True)(params, batch_stats, x, y)
            params = jax.tree_util.tree_map(lambda p, g: p - self.lr * g, params, grads)
            return (params, updates['batch_stats']), loss

        (self.params, self.batch_stats), losses = jax.lax.scan(
            step, (self.params, self.batch_stats), (xs, ys))
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
