# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a jitted train step passes a value_and_grad(loss_fn) down to a big_vision-style accumulate_gradient; its raw lax.fori_loop body applies the BatchNorm model with train=True and the batch_stats collection
# modelled on: google-research/big_vision big_vision/utils.py accumulate_gradient (lax.fori_loop over micro-batches)
"""Gradient accumulation over micro-batches for a small BatchNorm classifier."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(3)(nn.relu(x))


def accumulate_gradient(loss_and_grad_fn, params, images, labels, accum_steps):
    step = images.shape[0] // accum_steps

    def acc_grad_and_loss(i, l_and_g):
        imgs = jax.lax.dynamic_slice_in_dim(images, i * step, step)
        lbls = jax.lax.dynamic_slice_in_dim(labels, i * step, step)
        li, gi = loss_and_grad_fn(params, imgs, lbls)
        l, g = l_and_g
        return l + li, jax.tree.map(jnp.add, g, gi)

    init = (jnp.zeros(()), jax.tree.map(jnp.zeros_like, params))
    l, g = jax.lax.fori_loop(0, accum_steps, acc_grad_and_loss, init)
    return jax.tree.map(lambda x: x / accum_steps, (l, g))


def make_train_step(model, tx, accum_steps):
    def loss_fn(params, batch_stats, x, y):
        logits = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    @jax.jit
    def train_step(params, batch_stats, opt_state, x, y):
        grad_fn = jax.value_and_grad(functools.partial(loss_fn, batch_stats=batch_stats))
        loss, grads = accumulate_gradient(
            lambda p, xi, yi: grad_fn(p, x=xi, y=yi), params, x, y, accum_steps)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), batch_stats, opt_state, loss

    return train_step


def main():
    x = jax.random.normal(jax.random.key(0), (32, 5))
    y = jax.random.randint(jax.random.key(1), (32,), 0, 3)
    model, tx = Classifier(), optax.sgd(0.1)
    variables = model.init(jax.random.key(2), x, train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    opt_state = tx.init(params)
    train_step = make_train_step(model, tx, accum_steps=4)
    params, batch_stats, opt_state, loss = train_step(params, batch_stats, opt_state, x, y)
    print(float(loss), jax.tree.map(jnp.shape, batch_stats))
    return None
