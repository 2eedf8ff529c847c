# label: ok
# flax-error: none
# class: 2 model.apply(mutable=["batch_stats"]) runs inside the raw scan step and the new stats go back out through the carry with the params
"""Training loop for a small BatchNorm classifier, with the updated batch_stats returned in
the scan carry next to the params, as a maintainer suggested."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.classes)(x)


def main():
    model = Classifier()
    xs = jax.random.normal(jax.random.PRNGKey(1), (6, 16, 8))
    ys = jnp.arange(6 * 16).reshape(6, 16) % 3
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    state = {"params": variables["params"], "batch_stats": variables["batch_stats"]}
    lr = 0.1

    def train_step(carry, batch):
        params, batch_stats = carry
        x, y = batch

        def loss_fn(params):
            logits, updates = model.apply(
                {"params": params, "batch_stats": batch_stats},
                x, train=True, mutable=["batch_stats"])
            onehot = jax.nn.one_hot(y, 3)
            loss = -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), -1))
            return loss, updates

        (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return (params, updates["batch_stats"]), loss

    (params, batch_stats), losses = scan(train_step, (state["params"], state["batch_stats"]), (xs, ys))
    logits = model.apply({"params": params, "batch_stats": batch_stats}, xs[0], train=False)
    jnp.sum(logits).block_until_ready()
