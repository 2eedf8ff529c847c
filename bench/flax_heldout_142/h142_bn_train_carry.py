# label: ok
# flax-error: none
# class: 2 batch_stats rides in the scan carry; the body applies the model with mutable=['batch_stats'] and returns the new stats
"""Custom training loop for a BatchNorm MLP written as one jax.lax.scan over the batches."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


def train(model, variables, xs, ys, tx):
    params, batch_stats = variables["params"], variables["batch_stats"]
    opt_state = tx.init(params)

    def loss_fn(p, bs, x, y):
        logits, updates = model.apply(
            {"params": p, "batch_stats": bs}, x, train=True, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates["batch_stats"]

    def step(carry, batch):
        p, s, bs = carry
        (loss, bs), grads = jax.value_and_grad(loss_fn, has_aux=True)(p, bs, *batch)
        updates, s = tx.update(grads, s, p)
        return (optax.apply_updates(p, updates), s, bs), loss

    (params, opt_state, batch_stats), losses = jax.lax.scan(
        step, (params, opt_state, batch_stats), (xs, ys)
    )
    return {"params": params, "batch_stats": batch_stats}, losses


def main():
    key = jax.random.key(0)
    xs = jax.random.normal(key, (5, 16, 10))
    ys = jax.random.randint(jax.random.key(1), (5, 16), 0, 3)
    model = MLP()
    variables = model.init(key, xs[0], train=False)
    variables, losses = train(model, variables, xs, ys, optax.sgd(0.1))
    losses.block_until_ready()
    return None
