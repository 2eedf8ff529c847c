# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_train_step returns the fori_loop body, which applies the closed-over BatchNorm model with train=True and no mutable
"""Small BatchNorm classifier trained with a raw fori_loop.

A factory builds the per-step function (as in many training scripts) and the whole loop is
a jax.lax.fori_loop over minibatches; batch_stats ride in the carry next to the params."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


def make_train_step(model, data, labels, lr=0.1):
    def loss_fn(params, batch_stats, x, y):
        logits = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def train_step(i, state):
        params, batch_stats = state
        grads = jax.grad(loss_fn)(params, batch_stats, data[i], labels[i])
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, batch_stats

    return train_step


def main():
    model = Classifier()
    data = jax.random.normal(jax.random.PRNGKey(0), (10, 8, 5))
    labels = jax.random.randint(jax.random.PRNGKey(1), (10, 8), 0, 3)
    variables = model.init(jax.random.PRNGKey(2), data[0], train=False)
    step = make_train_step(model, data, labels)
    params, batch_stats = lax.fori_loop(
        0, data.shape[0], step, (variables["params"], variables["batch_stats"])
    )
    logits = model.apply({"params": params, "batch_stats": batch_stats}, data[0], train=False)
    print("accuracy", (logits.argmax(-1) == labels[0]).mean())
