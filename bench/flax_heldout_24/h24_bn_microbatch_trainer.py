# label: ok
# flax-error: none
# class: 4 a jitted train step passes a value_and_grad(loss_fn, has_aux) down to a big_vision-style accumulate_gradient; its raw lax.fori_loop body applies the model with mutable=['batch_stats'] and carries the returned stats
# modelled on: google-research/big_vision big_vision/utils.py accumulate_gradient (lax.fori_loop over micro-batches)
"""Gradient accumulation over micro-batches for a small BatchNorm classifier."""
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


def accumulate_gradient(loss_and_grad_fn, params, batch_stats, images, labels, accum_steps):
    step = images.shape[0] // accum_steps

    def acc_grad_and_loss(i, carry):
        l, g, stats = carry
        imgs = jax.lax.dynamic_slice_in_dim(images, i * step, step)
        lbls = jax.lax.dynamic_slice_in_dim(labels, i * step, step)
        (li, stats), gi = loss_and_grad_fn(params, stats, imgs, lbls)
        return l + li, jax.tree.map(jnp.add, g, gi), stats

    init = (jnp.zeros(()), jax.tree.map(jnp.zeros_like, params), batch_stats)
    l, g, batch_stats = jax.lax.fori_loop(0, accum_steps, acc_grad_and_loss, init)
    return l / accum_steps, jax.tree.map(lambda x: x / accum_steps, g), batch_stats


def make_train_step(model, tx, accum_steps):
    def loss_fn(params, batch_stats, x, y):
        logits, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True,
            mutable=["batch_stats"])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates["batch_stats"]

    @jax.jit
    def train_step(params, batch_stats, opt_state, x, y):
        grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
        loss, grads, batch_stats = accumulate_gradient(
            grad_fn, params, batch_stats, x, y, accum_steps)
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
