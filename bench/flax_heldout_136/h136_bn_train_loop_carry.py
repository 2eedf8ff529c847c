# label: ok
# flax-error: none
# class: 5 make_train_step(model, tx) returns the fori_loop body; batch_stats leave apply(mutable=['batch_stats']) and go back into the carry
"""A whole training run inside jax.lax.fori_loop, for a small BatchNorm classifier.

The step function asks apply for the updated batch_stats (mutable=['batch_stats'], has_aux) and
returns them in the fori_loop carry.
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
            logits, updated = model.apply({'params': p, 'batch_stats': batch_stats}, x, train=True,
                                          mutable=['batch_stats'])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return loss, updated['batch_stats']

        grads, batch_stats = jax.grad(loss_fn, has_aux=True)(params)
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
