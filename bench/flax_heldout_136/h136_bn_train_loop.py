# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_train_step(model, tx) returns the fori_loop body; it applies the BatchNorm model without mutable=
"""A whole training run inside jax.lax.fori_loop, for a small BatchNorm classifier.

Modelled on the common BatchNorm question where the collection "batch_stats" is reported
immutable: the step function from a factory calls apply with train=True but without
mutable=['batch_stats'].
"""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.classes)(x)


def make_train_step(model, tx, xs, ys):
    def train_step(i, state):
        params, batch_stats, opt_state = state
        x, y = xs[i], ys[i]

        def loss_fn(p):
            logits = model.apply({'params': p, 'batch_stats': batch_stats}, x, train=True)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        grads = jax.grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, batch_stats, opt_state

    return train_step


def main():
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 16, 4))
    ys = jax.random.randint(jax.random.PRNGKey(2), (5, 16), 0, 3)
    model = Classifier()
    variables = model.init(jax.random.PRNGKey(0), xs[0], train=False)
    tx = optax.adam(1e-2)
    state = (variables['params'], variables['batch_stats'], tx.init(variables['params']))
    state = jax.lax.fori_loop(0, xs.shape[0], make_train_step(model, tx, xs, ys), state)
    jax.block_until_ready(state)
    return None
