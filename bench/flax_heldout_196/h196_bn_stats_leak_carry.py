# label: ok
# flax-error: none
# class: 2 batch_stats is a local of main() that enters and leaves the scan body in the carry next to params and opt_state
"""Training a BatchNorm classifier with optax inside a raw jax.lax.scan over batches.

Twin of h196_bn_stats_leak: the batch statistics travel in the scan carry.
"""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(3)(x)


def main():
    model = Classifier()
    xs = jax.random.normal(jax.random.key(0), (6, 8, 4))
    ys = jax.random.randint(jax.random.key(1), (6, 8), 0, 3)
    variables = model.init(jax.random.key(2), xs[0], train=False)
    params, batch_stats = variables['params'], variables['batch_stats']
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)

    def loss_fn(params, batch_stats, x, y):
        logits, updates = model.apply({'params': params, 'batch_stats': batch_stats}, x,
                                      train=True, mutable=['batch_stats'])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates['batch_stats']

    def train_step(carry, batch):
        params, opt_state, batch_stats = carry
        x, y = batch
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, x, y)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, opt_state, batch_stats), loss

    (params, opt_state, batch_stats), losses = jax.lax.scan(
        train_step, (params, opt_state, batch_stats), (xs, ys))
    logits = model.apply({'params': params, 'batch_stats': batch_stats}, xs[0], train=False)
    accuracy = jnp.mean(jnp.argmax(logits, -1) == ys[0])
    print(losses, accuracy)
    return None


if __name__ == "__main__":
    main()
